import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { pageOf } from './paging';
import { countOf } from '../components/list-states';
import { useListQuery } from './use-list-query';

const EMPTY = { q: '', status: '' };

describe('useListQuery', () => {
  it('goes back to page 1 when a filter, the order or the filters as a whole change', () => {
    const { result } = renderHook(() => useListQuery(EMPTY, 'name:asc'));
    act(() => result.current.setPage(3));
    expect(result.current.page).toBe(3);

    act(() => result.current.setFilter('q', 'Blue'));
    expect(result.current).toMatchObject({ page: 1, filters: { q: 'Blue', status: '' } });

    act(() => result.current.setPage(2));
    act(() => result.current.setSort('name:desc'));
    expect(result.current).toMatchObject({ page: 1, sort: 'name:desc' });

    act(() => result.current.setFilter('status', 'pending'));
    act(() => result.current.setPage(4));
    act(() => result.current.clearFilters());
    expect(result.current).toMatchObject({ page: 1, filters: EMPTY, sort: 'name:desc' });
  });
});

describe('pageOf', () => {
  it('counts pages by the size the server used, with at least one page', () => {
    expect(pageOf(undefined, 10)).toEqual({
      items: [],
      total: 0,
      totalIsEstimate: false,
      pageCount: 1,
    });
    expect(pageOf({ items: [1], total: 21, page: 1, pageSize: 10 }, 25).pageCount).toBe(3);
    expect(pageOf({ items: [1], total: 21, page: 1, pageSize: 0 }, 25).pageCount).toBe(1);
  });

  it('gives a total counted only so far one page more, so the pager reaches on', () => {
    const page = { items: [1], total: 1000, page: 1, pageSize: 10 };
    expect(pageOf({ ...page, totalIsEstimate: true }, 10)).toMatchObject({
      total: 1000,
      totalIsEstimate: true,
      pageCount: 101,
    });
    expect(pageOf({ ...page, totalIsEstimate: false }, 10).pageCount).toBe(100);
  });
});

describe('countOf', () => {
  it('says an exact total as it is and one counted only so far with a plus', () => {
    expect(countOf(1, 'horse', 'horses')).toBe('1 horse');
    expect(countOf(3, 'horse', 'horses')).toBe('3 horses');
    expect(countOf(1000, 'horse', 'horses', true)).toBe('1,000+ horses');
  });
});
