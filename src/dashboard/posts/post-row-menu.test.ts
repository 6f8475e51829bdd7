import { describe, expect, it } from 'vitest';
import type { DashboardPostRow } from '../../domain/dashboard-posts';
import type { Actor, Role } from '../../domain/permissions';
import { menuItemsFor } from './post-row-menu';

const ME = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';

function actorOf(role: Role): Actor {
  return { memberId: ME, role, isBlocked: false, privacy: 'PUBLIC' };
}

function rowOf(overrides: Partial<DashboardPostRow> = {}): DashboardPostRow {
  return {
    id: '33333333-3333-4333-8333-333333333333',
    title: 'A post',
    slug: 'a-post',
    status: 'published',
    tab: 'published',
    author: { id: OTHER, name: 'Someone' },
    categories: [],
    tags: [],
    dates: {
      createdAt: '2026-11-01T00:00:00.000Z',
      updatedAt: '2026-11-01T00:00:00.000Z',
      firstPublishedAt: '2026-11-01T00:00:00.000Z',
      scheduledFor: null,
      trashedAt: null,
    },
    counts: { views: 0, likes: 0, comments: 0 },
    isPinned: false,
    isFeatured: false,
    hasOpenReports: false,
    restoresTo: null,
    links: {
      edit: '/blog/a-post/edit',
      preview: '/blog/x/preview/1',
      view: '/blog/a-post',
      report: null,
    },
    ...overrides,
  };
}

const noop = () => Promise.resolve(true);
const actions = {
  duplicate: noop,
  pin: noop,
  feature: noop,
  changeOwner: noop,
  move: noop,
  revert: noop,
  trash: noop,
  restore: noop,
  deleteForever: noop,
};
const keys = (actor: Actor, row: DashboardPostRow) =>
  menuItemsFor(actor, row, actions, (key) => key).map((item) => item.key);

describe('a row’s menu offers what can() allows (SPEC §6)', () => {
  it('gives an editor every action on someone else’s reported post', () => {
    const row = rowOf({
      hasOpenReports: true,
      links: { ...rowOf().links, report: '/dashboard/reports?post=x' },
    });
    expect(keys(actorOf('editor'), row)).toEqual([
      'edit',
      'preview',
      'view',
      'viewReport',
      'duplicate',
      'pin',
      'feature',
      'changeOwner',
      'move',
      'revert',
      'trash',
    ]);
  });

  it('gives a writer nothing on someone else’s post but the public view', () => {
    expect(keys(actorOf('writer'), rowOf())).toEqual(['view']);
  });

  it('gives a writer their own post’s actions, without the editors’', () => {
    expect(keys(actorOf('writer'), rowOf({ author: { id: ME, name: 'Me' } }))).toEqual([
      'edit',
      'preview',
      'view',
      'duplicate',
      'revert',
      'trash',
    ]);
  });

  it('offers restore and delete forever in the trash; a guest writer cannot put a live post back', () => {
    const trashed = rowOf({
      status: 'deleted',
      tab: 'trash',
      restoresTo: 'published',
      author: { id: ME, name: 'Me' },
      links: { ...rowOf().links, view: null },
    });
    expect(keys(actorOf('writer'), trashed)).toEqual(['restore', 'deleteForever']);
    expect(keys(actorOf('guest-writer'), trashed)).toEqual(['deleteForever']);
    expect(keys(actorOf('guest-writer'), { ...trashed, restoresTo: 'unpublished' })).toEqual([
      'restore',
      'deleteForever',
    ]);
  });
});
