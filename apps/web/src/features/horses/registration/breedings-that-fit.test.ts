import { describe, expect, it } from 'vitest';
import { fitsQuery } from './sections/breedings-that-fit';

describe('fitsQuery', () => {
  const base = { sireName: '', sireReg: '', damName: '', damReg: '', foalDate: '2027-04-06' };

  it('waits for a sire, a dam and a whole foal date', () => {
    expect(fitsQuery(base)).toBeNull();
    expect(fitsQuery({ ...base, sireName: 'Thunder Rack' })).toBeNull();
    expect(
      fitsQuery({ ...base, sireName: 'Thunder Rack', damName: 'Dixie', foalDate: '2027-04' }),
    ).toBeNull();
  });

  it('asks by the numbers and names typed, trimmed, leaving out the empty ones', () => {
    expect(
      fitsQuery({ ...base, sireReg: ' GHR-1 ', damName: ' Dixie Belle ', sireName: undefined }),
    ).toEqual({ foalDate: '2027-04-06', sireRegistrationNumber: 'GHR-1', damName: 'Dixie Belle' });
  });
});
