import { describe, expect, it } from 'vitest';
import { buildRegistrationDetailsSchema } from './schema.js';
import { HORSE_MESSAGES } from './messages.js';
import { TEST_TODAY, validRegistration } from './test-fixtures.js';

describe('buildRegistrationDetailsSchema', () => {
  const schema = buildRegistrationDetailsSchema({ today: TEST_TODAY });

  it('accepts a registration without fees, billing or agreement', () => {
    const {
      fees: _fees,
      billingInfo: _billing,
      checkedAgreement: _agreed,
      ...details
    } = validRegistration();
    const parsed = schema.parse(details);
    expect(parsed).not.toHaveProperty('billingInfo');
    expect(parsed.firstChoice).toBe(details.firstChoice);
  });

  it('still requires the name choices and the owner signature', () => {
    const result = schema.safeParse({
      ...validRegistration(),
      firstChoice: '',
      ownerSignature: '',
    });
    expect(result.success).toBe(false);
    const messages = result.success ? [] : result.error.issues.map((i) => i.message);
    expect(messages).toContain(HORSE_MESSAGES.ownerSignatureRequired);
    expect(result.success ? [] : result.error.issues.map((i) => i.path[0])).toContain(
      'firstChoice',
    );
  });
});
