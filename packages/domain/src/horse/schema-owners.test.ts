import { describe, expect, it } from 'vitest';
import { buildHorseSchema, emptyOwner, HORSE_MESSAGES, ownersFor } from '../index.js';
import {
  issuesOf,
  messagesAt,
  SIGNATURE,
  TEST_TODAY,
  validEdit,
  validRegistration,
} from './test-fixtures.js';

const register = buildHorseSchema('register', { today: TEST_TODAY });
const edit = buildHorseSchema('edit', { today: TEST_TODAY });
const owner = () => ({ ...validRegistration().owners[0]! });

describe('owner count', () => {
  it('is 1 for Single and 2 for Joint', () => {
    expect(
      issuesOf(register, validRegistration({ ownerType: 'Single', owners: [owner()] })),
    ).toEqual([]);
    expect(
      issuesOf(register, validRegistration({ ownerType: 'Joint', owners: [owner(), owner()] })),
    ).toEqual([]);
  });

  it.each([
    ['Joint', 1, 'Joint ownership needs exactly 2 owners'],
    ['Joint', 3, 'Joint ownership needs exactly 2 owners'],
    ['Single', 2, 'Single ownership needs exactly 1 owner'],
    ['Single', 0, 'Single ownership needs exactly 1 owner'],
  ])('%s with %i owners is refused', (ownerType, count, message) => {
    const owners = Array.from({ length: count }, owner);
    expect(messagesAt(edit, validEdit({ ownerType, owners }), 'owners')).toEqual([message]);
  });

  it('is not judged while the owner type is missing', () => {
    expect(messagesAt(edit, validEdit({ ownerType: '', owners: [] }), 'owners')).toEqual([]);
  });
});

describe('each owner', () => {
  it.each([
    ['memberNum', 'Member Number is required'],
    ['name', 'Name is required'],
    ['address', 'Address is required'],
    ['city', 'City is required'],
    ['state', 'State is required'],
    ['zip', 'Zip is required'],
  ])('needs %s ("%s"), reported on the right row', (field, message) => {
    const owners = [owner(), { ...owner(), [field]: '' }];
    const input = validEdit({ ownerType: 'Joint', owners });
    expect(issuesOf(edit, input)).toEqual([`owners.1.${field}: ${message}`]);
  });

  it('treats whitespace as empty', () => {
    expect(
      messagesAt(edit, validEdit({ owners: [{ ...owner(), city: '   ' }] }), 'owners.0.city'),
    ).toEqual([HORSE_MESSAGES.cityRequired]);
  });

  it.each(['40502', '40502-1234', ' 40502 '])('accepts zip %s', (zip) => {
    expect(messagesAt(edit, validEdit({ owners: [{ ...owner(), zip }] }), 'owners.0.zip')).toEqual(
      [],
    );
  });

  it.each(['4050', '405021', 'ABCDE', '40502-12'])('rejects zip %s', (zip) => {
    expect(messagesAt(edit, validEdit({ owners: [{ ...owner(), zip }] }), 'owners.0.zip')).toEqual([
      'Please enter a valid zip code (12345 or 12345-6789)',
    ]);
  });

  it('takes a state from the list', () => {
    expect(
      messagesAt(edit, validEdit({ owners: [{ ...owner(), state: 'Bavaria' }] }), 'owners.0.state'),
    ).toEqual(['Please choose a valid option for State']);
  });
});

describe('certification', () => {
  it.each(['register', 'edit'] as const)('must be checked in %s mode', (mode) => {
    const schema = mode === 'register' ? register : edit;
    const input = mode === 'register' ? validRegistration() : validEdit();
    expect(messagesAt(schema, { ...input, checkedOwnerInfo: false }, 'checkedOwnerInfo')).toEqual([
      'You must agree to the terms and conditions',
    ]);
  });
});

describe('owner signature', () => {
  it('is required when registering', () => {
    expect(
      messagesAt(register, validRegistration({ ownerSignature: '' }), 'ownerSignature'),
    ).toEqual(['Owner Signature is required']);
  });

  it('must be a PNG or JPEG data URL', () => {
    for (const ownerSignature of [
      'https://evil.example/sig.png',
      'data:image/svg+xml;base64,PHN2Zz4=',
    ]) {
      expect(messagesAt(register, validRegistration({ ownerSignature }), 'ownerSignature')).toEqual(
        [HORSE_MESSAGES.signatureInvalid],
      );
    }
    expect(
      messagesAt(
        register,
        validRegistration({ ownerSignature: 'data:image/jpeg;base64,/9j/4AA=' }),
        'ownerSignature',
      ),
    ).toEqual([]);
  });

  it('is bounded in size', () => {
    const huge = `data:image/png;base64,${'A'.repeat(500_000)}`;
    expect(
      messagesAt(register, validRegistration({ ownerSignature: huge }), 'ownerSignature'),
    ).toEqual([HORSE_MESSAGES.signatureTooLarge]);
  });

  it('is not part of an edit', () => {
    expect(messagesAt(edit, validEdit(), 'ownerSignature')).toEqual([]);
    const parsed = edit.parse({ ...validEdit(), ownerSignature: SIGNATURE });
    expect(parsed).not.toHaveProperty('ownerSignature');
  });
});

describe('owner rows', () => {
  it('follow the owner type and keep what was typed', () => {
    expect(ownersFor('Joint')).toEqual([emptyOwner(), emptyOwner()]);
    const typed = { ...emptyOwner(), name: 'Ada' };
    expect(ownersFor('Joint', [typed])).toEqual([typed, emptyOwner()]);
    expect(ownersFor('Single', [typed, emptyOwner()])).toEqual([typed]);
  });
});

describe('country (spec §2.6: one option, United States)', () => {
  it('defaults to United States for owners and billing sent without one (older records)', () => {
    const { country: _owner, ...ownerWithout } = owner();
    const { country: _billing, ...billingWithout } = validRegistration().billingInfo;
    const parsed = register.parse(
      validRegistration({ owners: [ownerWithout], billingInfo: billingWithout }),
    );
    expect(parsed.owners[0]?.country).toBe('United States');
    expect(parsed.billingInfo.country).toBe('United States');
    expect(emptyOwner().country).toBe('United States');
  });

  it('refuses any other country for an owner or the billing address', () => {
    // Values the types forbid, as a hand-made request could still send them.
    const canada = 'Canada' as 'United States';
    const mexico = 'Mexico' as 'United States';
    expect(
      messagesAt(
        edit,
        validEdit({ owners: [{ ...owner(), country: canada }] }),
        'owners.0.country',
      ),
    ).toEqual([HORSE_MESSAGES.countryInvalid]);
    const billingInfo = { ...validRegistration().billingInfo, country: mexico };
    expect(messagesAt(register, validRegistration({ billingInfo }), 'billingInfo.country')).toEqual(
      [HORSE_MESSAGES.countryInvalid],
    );
  });
});
