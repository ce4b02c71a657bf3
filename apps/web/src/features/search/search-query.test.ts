import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS, searchQuery } from './api';

describe('the registry search query', () => {
  it('sends owner and breeder beside the other filters, trimmed, only when typed', () => {
    expect(searchQuery({ ...EMPTY_FILTERS, owner: 'Reed', breeder: ' Farm ' }, 1)).toEqual({
      page: 1,
      pageSize: 10,
      owner: 'Reed',
      breeder: 'Farm',
    });
    expect(searchQuery({ ...EMPTY_FILTERS, owner: ' ' }, 1)).not.toHaveProperty('owner');
  });
});
