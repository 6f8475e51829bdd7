import { describe, expect, it } from 'vitest';
import { areaBadge, dashboardAreasFor, dashboardUrl } from './dashboard';
import { type Actor, ANONYMOUS_ACTOR, type Role } from './permissions';

const actorOf = (role: Role, isBlocked = false): Actor => ({
  memberId: 'm1',
  role,
  isBlocked,
  privacy: 'PUBLIC',
});

describe('dashboardAreasFor', () => {
  it("gives writers their posts only, editors the blog's content and members, owners every area", () => {
    expect(dashboardAreasFor(actorOf('open-blog-writer'))).toEqual(['posts']);
    expect(dashboardAreasFor(actorOf('guest-writer'))).toEqual(['posts']);
    expect(dashboardAreasFor(actorOf('writer'))).toEqual(['posts']);
    const editors = ['posts', 'categories', 'tags', 'comments', 'reports', 'members'];
    expect(dashboardAreasFor(actorOf('editor'))).toEqual(editors);
    expect(dashboardAreasFor(actorOf('owner'))).toEqual([
      ...editors,
      'analytics',
      'settings',
      'import',
      'audit',
      'health',
    ]);
  });

  it('gives readers, visitors and blocked members nothing', () => {
    expect(dashboardAreasFor(actorOf('user'))).toEqual([]);
    expect(dashboardAreasFor(ANONYMOUS_ACTOR)).toEqual([]);
    expect(dashboardAreasFor(actorOf('owner', true))).toEqual([]);
  });
});

describe('areaBadge', () => {
  const summary = { inReview: 2, openReports: 5, heldComments: 0, myDrafts: 1 };
  it('counts review for posts, reports and held comments, nothing for the rest', () => {
    expect(areaBadge('posts', summary)).toBe(2);
    expect(areaBadge('reports', summary)).toBe(5);
    expect(areaBadge('comments', summary)).toBe(0);
    expect(areaBadge('tags', summary)).toBeNull();
  });
});

describe('dashboardUrl', () => {
  it('builds area addresses under /dashboard', () => {
    expect(dashboardUrl()).toBe('/dashboard');
    expect(dashboardUrl('tags')).toBe('/dashboard/tags');
  });
});
