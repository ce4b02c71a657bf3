import { describe, expect, it } from 'vitest';
import {
  buildHorseSchema,
  HORSE_MESSAGES,
  ownerNameMatches,
  personNameKey,
  REGISTER_RULE_MESSAGES,
} from '../index.js';
import { issuesOf, messagesAt, TEST_TODAY, validRegistration } from './test-fixtures.js';

const register = buildHorseSchema('register', { today: TEST_TODAY });
const owner = (extra: Record<string, unknown> = {}) => ({
  ...validRegistration().owners[0]!,
  ...extra,
});
const joint = (second: Record<string, unknown>, first: Record<string, unknown> = {}) =>
  validRegistration({ ownerType: 'Joint', owners: [owner(first), owner(second)] });

describe('owners and member numbers', () => {
  it('a co-owner marked as not a member gives no member number', () => {
    expect(issuesOf(register, joint({ nonMember: true, memberNum: '' }))).toEqual([]);
  });

  it('a member without a number, or a marked non-member with one, is refused', () => {
    expect(messagesAt(register, joint({ memberNum: '' }), 'owners.1.memberNum')).toEqual([
      HORSE_MESSAGES.memberNumRequired,
    ]);
    expect(
      messagesAt(register, joint({ nonMember: true, memberNum: 'M-1' }), 'owners.1.memberNum'),
    ).toEqual([REGISTER_RULE_MESSAGES.coOwnerNotMemberNoNumber]);
  });

  it('the first owner is always a member', () => {
    expect(
      messagesAt(register, joint({}, { nonMember: true, memberNum: '' }), 'owners.0.memberNum'),
    ).toEqual([REGISTER_RULE_MESSAGES.firstOwnerMustBeMember]);
  });
});

describe('the three name choices', () => {
  it('must differ from one another, ignoring case and whitespace; the later field is named', () => {
    const repeated = validRegistration({
      firstChoice: 'Copper Rack',
      secondChoice: 'copper  rack',
      thirdChoice: 'COPPERRACK',
    });
    expect(messagesAt(register, repeated, 'secondChoice')).toEqual([
      REGISTER_RULE_MESSAGES.nameChoiceRepeated('First Choice'),
    ]);
    expect(messagesAt(register, repeated, 'thirdChoice')).toEqual([
      REGISTER_RULE_MESSAGES.nameChoiceRepeated('First Choice'),
    ]);
    expect(messagesAt(register, repeated, 'firstChoice')).toEqual([]);
    const distinct = validRegistration({
      firstChoice: 'Copper Rack',
      secondChoice: 'Copper Rack II',
      thirdChoice: 'Copper',
    });
    expect(issuesOf(register, distinct)).toEqual([]);
  });
});

describe('owner names against the member on record', () => {
  it('ignore case, spacing, punctuation and accents; either order', () => {
    expect(personNameKey('  José   O’Brien ')).toBe('jose o brien');
    expect(ownerNameMatches('jose  o brien', 'José', "O'Brien")).toBe(true);
    expect(ownerNameMatches("O'BRIEN, JOSE", 'José', "O'Brien")).toBe(true);
    expect(ownerNameMatches('Ｊｏｓｅ O\u200bBrien', 'José', 'OBrien')).toBe(true);
  });

  it('another name, a middle initial or an empty name does not match', () => {
    expect(ownerNameMatches('Jose A. OBrien', 'José', "O'Brien")).toBe(false);
    expect(ownerNameMatches('Jane Doe', 'José', "O'Brien")).toBe(false);
    expect(ownerNameMatches('Jose', 'José', "O'Brien")).toBe(false);
    expect(ownerNameMatches(' ', '', '')).toBe(false);
  });
});
