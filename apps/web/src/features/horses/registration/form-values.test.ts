import { describe, expect, it } from 'vitest';
import { horseToFormValues } from './form-values';
import { storedHorse } from './test-values';

describe('a stored horse as form values', () => {
  it('keeps a co-owner who is not a member marked as such', () => {
    const horse = storedHorse();
    const [first, second] = horse.owners;
    const values = horseToFormValues({
      ...horse,
      owners: [first!, { ...second!, memberNum: '', nonMember: true }],
    });
    expect(values.owners[1]).toMatchObject({ memberNum: '', nonMember: true });
    expect(values.owners[0]).not.toHaveProperty('nonMember');
  });
});
