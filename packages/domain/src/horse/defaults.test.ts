import { describe, expect, it } from 'vitest';
import {
  buildHorseSchema,
  COUNTRIES,
  defaultHorseValues,
  DOCUMENT_ACCEPT,
  OWNER_COUNT,
  pedigreePaperworkField,
  registryPaperworkField,
  STATES,
} from '../index.js';
import { issuesOf, TEST_TODAY } from './test-fixtures.js';

describe('defaultHorseValues', () => {
  it('gives the empty register form', () => {
    const values = defaultHorseValues('register');
    expect(values.otherRegistries).toHaveLength(4);
    expect(values.ownerType).toBe('Single');
    expect(values.owners).toHaveLength(1);
    expect(values.fees).toEqual({
      registrationFee: 30,
      prepayDNAFee: false,
      prepayDNAFeeAmount: 0,
      verification_fees: 0,
    });
    expect(values.sire.great_grand_dam).toEqual(values.dam.grand_sire);
  });

  it('leaves out the register-only parts in edit and view', () => {
    for (const mode of ['edit', 'view'] as const) {
      const values = defaultHorseValues(mode);
      expect(values).not.toHaveProperty('billingInfo');
      expect(values).not.toHaveProperty('firstChoice');
      expect(values).not.toHaveProperty('ownerSignature');
    }
  });

  it('does not share objects between calls', () => {
    const a = defaultHorseValues('register');
    const b = defaultHorseValues('register');
    expect(a.owners[0]).not.toBe(b.owners[0]);
    expect(a.sire).not.toBe(a.dam);
  });

  it('is not yet submittable, and says why in the spec words', () => {
    const issues = issuesOf(
      buildHorseSchema('register', { today: TEST_TODAY }),
      defaultHorseValues('register'),
    );
    expect(issues).toEqual(
      expect.arrayContaining([
        'DNA: DNA is required field',
        'registrationDocument: Horse Registration Document is required',
        'markingDocuments: Horse Marking Document is required',
        'ownerSignature: Owner Signature is required',
        'checkedOwnerInfo: You must agree to the terms and conditions',
        'checkedAgreement: You must agree to the terms and conditions',
        'billingInfo.accountHolderSignature: Account Holder Signature is required',
        'owners.0.memberNum: Member Number is required',
      ]),
    );
    expect(issues.some((issue) => issue.startsWith('verified:'))).toBe(false);
  });
});

describe('option lists', () => {
  it('start the states with Unknown, then the 50 states', () => {
    expect(STATES[0]).toBe('Unknown');
    expect(STATES).toHaveLength(51);
    expect(new Set(STATES).size).toBe(51);
    expect(STATES).toContain('Wyoming');
    expect(COUNTRIES).toEqual(['United States']);
    expect(OWNER_COUNT).toEqual({ Joint: 2, Single: 1 });
  });

  it('build accept attributes and upload part names', () => {
    expect(DOCUMENT_ACCEPT).toBe('.pdf,.doc,.docx,.jpeg,.jpg,.png');
    expect(registryPaperworkField(3)).toBe('registryPaperwork3');
    expect(pedigreePaperworkField('sire', 'parent')).toBe('sireRegistrationPaperwork0');
    expect(pedigreePaperworkField('dam', 'great_grand_dam')).toBe('damRegistrationPaperwork4');
  });
});
