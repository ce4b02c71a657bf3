import { describe, expect, it } from 'vitest';
import { buildHorseSchema, HORSE_MESSAGES, PEDIGREE_ANCESTORS } from '../index.js';
import { issuesOf, messagesAt, TEST_TODAY, validRegistration } from './test-fixtures.js';

const schema = buildHorseSchema('register', { today: TEST_TODAY });

describe('other registries', () => {
  const withSlot = (index: number, slot: Record<string, unknown>) => {
    const base = validRegistration();
    return {
      ...base,
      otherRegistries: base.otherRegistries.map((s, i) => (i === index ? { ...s, ...slot } : s)),
    };
  };

  it('may all stay empty', () => {
    expect(messagesAt(schema, validRegistration(), 'otherRegistries')).toEqual([]);
    expect(issuesOf(schema, validRegistration({ otherRegistries: [] }))).toEqual([]);
  });

  it('allow a 50-character name and refuse 51, stating the real limit', () => {
    expect(issuesOf(schema, withSlot(1, { registryName: 'n'.repeat(50) }))).toEqual([]);
    expect(
      messagesAt(
        schema,
        withSlot(1, { registryName: 'n'.repeat(51) }),
        'otherRegistries.1.registryName',
      ),
    ).toEqual(['Registry name must be 50 characters or fewer']);
  });

  it('allow a 30-character number and refuse 31, stating the real limit', () => {
    expect(issuesOf(schema, withSlot(3, { registryNumber: '9'.repeat(30) }))).toEqual([]);
    expect(
      messagesAt(
        schema,
        withSlot(3, { registryNumber: '9'.repeat(31) }),
        'otherRegistries.3.registryNumber',
      ),
    ).toEqual(['Registry number must be 30 characters or fewer']);
  });

  it('count length after trimming', () => {
    expect(issuesOf(schema, withSlot(0, { registryName: `  ${'n'.repeat(50)}  ` }))).toEqual([]);
  });

  it('offer no more than 4 slots', () => {
    const base = validRegistration();
    const five = [...base.otherRegistries, { registryName: 'Extra' }];
    expect(messagesAt(schema, { ...base, otherRegistries: five }, 'otherRegistries')).toEqual([
      HORSE_MESSAGES.tooManyRegistries,
    ]);
  });
});

describe('pedigree', () => {
  it('is entirely optional', () => {
    expect(messagesAt(schema, validRegistration(), 'sire')).toEqual([]);
    const base = validRegistration();
    const partial = { ...base, sire: { ...base.sire, name: 'Old Glory', reg: 'R-12' } };
    expect(issuesOf(schema, partial)).toEqual([]);
  });

  it.each(PEDIGREE_ANCESTORS)(
    'applies the registry limits to the %s of each parent',
    (ancestor) => {
      const base = validRegistration();
      const input = {
        ...base,
        dam: {
          ...base.dam,
          [ancestor]: {
            otherRegName: 'n'.repeat(51),
            otherRegNum: '9'.repeat(31),
            reg: '9'.repeat(31),
          },
        },
      };
      expect(issuesOf(schema, input)).toEqual([
        `dam.${ancestor}.reg: Registration number must be 30 characters or fewer`,
        `dam.${ancestor}.otherRegName: Registry name must be 50 characters or fewer`,
        `dam.${ancestor}.otherRegNum: Registry number must be 30 characters or fewer`,
      ]);
    },
  );

  it('limits parent names', () => {
    const base = validRegistration();
    const input = { ...base, sire: { ...base.sire, name: 'x'.repeat(101) } };
    expect(messagesAt(schema, input, 'sire.name')).toEqual([
      'Name must be 100 characters or fewer',
    ]);
  });
});
