import { describe, expect, it } from 'vitest';
import { buildHorseSchema, HORSE_MESSAGES, REGISTER_RULE_MESSAGES } from '../index.js';
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
