import { describe, expect, it } from 'vitest';
import { memberInputSchema } from './admin/members.js';
import { profileUpdateSchema } from './profile.js';
import { US_STATE_MESSAGE, usStateNamed } from './us-state.js';

describe('one list of states for member addresses', () => {
  it('reads names in any case and postal codes as the list name', () => {
    expect(usStateNamed('Kentucky')).toBe('Kentucky');
    expect(usStateNamed('  new   york ')).toBe('New York');
    expect(usStateNamed('ky')).toBe('Kentucky');
    expect(usStateNamed('WV')).toBe('West Virginia');
    expect(usStateNamed('Bavaria')).toBeUndefined();
    expect(usStateNamed('K')).toBeUndefined();
  });

  it('stores the list name from the profile and the office form, and refuses anything else', () => {
    const profile = { firstName: 'Ann', lastName: 'Lee' };
    expect(profileUpdateSchema.parse({ ...profile, state: 'tn' }).state).toBe('Tennessee');
    expect(profileUpdateSchema.parse({ ...profile, state: '' }).state).toBe('');
    const refused = profileUpdateSchema.safeParse({ ...profile, state: 'Atlantis' });
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([US_STATE_MESSAGE]);

    const member = { email: 'ann@example.org', firstName: 'Ann', lastName: 'Lee' };
    expect(memberInputSchema.parse({ ...member, state: 'KY' }).state).toBe('Kentucky');
    expect(memberInputSchema.parse({ ...member, state: null }).state).toBeNull();
    expect(memberInputSchema.safeParse({ ...member, state: 'Ontario' }).success).toBe(false);
  });
});
