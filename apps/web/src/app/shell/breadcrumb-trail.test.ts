import { describe, expect, it } from 'vitest';
import { breadcrumbTrail } from './breadcrumb-trail';

describe('breadcrumbTrail', () => {
  it('is just Home on the home page', () => {
    expect(breadcrumbTrail('/')).toEqual([{ path: '/', name: 'Home' }]);
  });

  it.each([
    ['/admin/horse-list', 'Horse List'],
    ['/admin/members-list', 'Members List'],
    ['/admin/add-content', 'Dashboard Content'],
    ['/admin/horse-reject-approve', 'Horse Approve/Reject'],
    ['/horse-list', 'My Horses'],
    ['/profile', 'My Profile'],
    ['/search-all-horses', 'Search Horses'],
    ['/register-horse', 'Horse Registration'],
  ])('names %s "%s" after Home, skipping unnamed segments', (path, name) => {
    expect(breadcrumbTrail(path)).toEqual([
      { path: '/', name: 'Home' },
      { path, name },
    ]);
  });

  it('tolerates a trailing slash', () => {
    expect(breadcrumbTrail('/profile/').map((crumb) => crumb.name)).toEqual(['Home', 'My Profile']);
  });

  it("does not repeat the member's home after Home", () => {
    expect(breadcrumbTrail('/dashboard', '/dashboard')).toEqual([
      { path: '/dashboard', name: 'Home' },
    ]);
    expect(breadcrumbTrail('/dashboard', '/').map((crumb) => crumb.name)).toEqual([
      'Home',
      'Dashboard',
    ]);
  });

  it('adds nothing for unknown pages', () => {
    expect(breadcrumbTrail('/admin/unknown')).toEqual([{ path: '/', name: 'Home' }]);
  });
});
