import { describe, expect, it } from 'vitest';
import type { HorseDetails, HorseRecordValues } from '../../db/horse-details.js';
import { applyChanges, diffRecords, withContactFrom, withIdentityFrom } from './record-diff.js';

const owner = (name: string, city = 'Lexington') => ({
  memberNum: `M-${name}`,
  name,
  address: '1 Barn Road',
  city,
  state: 'Kentucky' as const,
  zip: '40502',
  country: 'United States' as const,
});

function record(details: Partial<HorseDetails> = {}, color = 'Bay'): HorseRecordValues {
  const ancestor = { name: '', reg: '', otherRegName: '', otherRegNum: '' };
  const parent = (name: string) => ({
    ...ancestor,
    name,
    grand_sire: ancestor,
    grand_dam: ancestor,
    great_grand_sire: ancestor,
    great_grand_dam: ancestor,
  });
  return {
    sex: 'Mare',
    color,
    gaitDesignation: '',
    stateFoaledIn: 'Tennessee',
    sireName: 'Sun',
    damName: 'Rose',
    foalDate: '2020-04-01',
    details: {
      sire: parent('Sun'),
      dam: parent('Rose'),
      ownerType: 'Single',
      owners: [owner('Ann')],
      checkedOwnerInfo: true,
      otherRegistries: [],
      ...details,
    } as HorseDetails,
  };
}

describe('record diff', () => {
  it('splits contact fields (addresses of the same owners) from the reviewed ones', () => {
    const approved = record();
    const sent = record({ owners: [owner('Ann', 'Frankfort')] }, 'Black');
    const direct = withContactFrom(approved, sent);
    expect(diffRecords(approved, direct)).toEqual([
      { field: 'owners.0.city', from: 'Lexington', to: 'Frankfort' },
    ]);
    expect(diffRecords(direct, withIdentityFrom(direct, sent))).toEqual([
      { field: 'color', from: 'Bay', to: 'Black' },
    ]);
  });

  it('applies added and removed joint owners, and only the listed fields', () => {
    const single = record();
    const joint = record({ ownerType: 'Joint', owners: [owner('Ann'), owner('Bo')] });
    const added = applyChanges(single, joint, diffRecords(single, joint));
    expect(added.details.owners).toEqual([owner('Ann'), owner('Bo')]);
    const removed = applyChanges(joint, single, diffRecords(joint, single));
    expect(removed.details.owners).toEqual([owner('Ann')]);
    expect(removed.details.ownerType).toBe('Single');

    const officeEdited = record({}, 'Gray');
    const sireChange = record({ sire: { ...joint.details.sire, name: 'Moon' } });
    const applied = applyChanges(officeEdited, sireChange, diffRecords(single, sireChange));
    expect([applied.color, applied.sireName, applied.details.sire.name]).toEqual([
      'Gray',
      'Moon',
      'Moon',
    ]);
  });
});
