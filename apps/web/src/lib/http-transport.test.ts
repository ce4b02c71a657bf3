import { describe, expect, it } from 'vitest';
import { fullUrl } from './http-transport';

describe('fullUrl', () => {
  it('joins the base and the path with one slash', () => {
    expect(fullUrl({ baseURL: '/api/', url: 'auth/me' })).toBe('/api/auth/me');
    expect(fullUrl({ baseURL: '/api', url: '/auth/me' })).toBe('/api/auth/me');
  });

  it('adds the params as a query string, leaving out empty ones', () => {
    expect(
      fullUrl({
        baseURL: '/api/',
        url: 'admin/members',
        params: { q: 'nash ville&co', page: 2, sort: undefined, order: null },
      }),
    ).toBe('/api/admin/members?q=nash+ville%26co&page=2');
  });

  it('appends to a query string the path already has', () => {
    expect(fullUrl({ baseURL: '/api/', url: 'admin/horses?ownerId=m1', params: { page: 1 } })).toBe(
      '/api/admin/horses?ownerId=m1&page=1',
    );
    expect(fullUrl({ baseURL: '/api/', url: 'admin/members/import?mode=commit' })).toBe(
      '/api/admin/members/import?mode=commit',
    );
  });

  it('repeats the key for a list', () => {
    expect(fullUrl({ baseURL: '/api/', url: 'x', params: { id: ['a', 'b'] } })).toBe(
      '/api/x?id=a&id=b',
    );
  });
});
