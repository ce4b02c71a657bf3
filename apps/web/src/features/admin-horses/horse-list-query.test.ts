import { describe, expect, it } from 'vitest';
import { EMPTY_HORSE_FILTERS, adminHorseQuery } from './api';

const sort = { field: 'createdAt', order: 'desc' } as const;

describe('the Horse List owner and breeder fields', () => {
  it('the Horse List sends Owner name as owner and Breeder as breeder, trimmed, only when typed', () => {
    expect(
      adminHorseQuery({ ...EMPTY_HORSE_FILTERS, ownerName: ' quist ', breeder: 'hollow' }, 2, sort),
    ).toEqual({
      page: 2,
      pageSize: 10,
      sort: 'createdAt',
      order: 'desc',
      owner: 'quist',
      breeder: 'hollow',
    });
    expect(
      adminHorseQuery({ ...EMPTY_HORSE_FILTERS, ownerName: '  ' }, 1, sort),
    ).not.toHaveProperty('owner');
  });

  it('sends the Breeding report filter as breeding, only when one is chosen', () => {
    expect(adminHorseQuery({ ...EMPTY_HORSE_FILTERS, breeding: 'linked' }, 1, sort)).toMatchObject({
      breeding: 'linked',
    });
    expect(adminHorseQuery(EMPTY_HORSE_FILTERS, 1, sort)).not.toHaveProperty('breeding');
  });
});
