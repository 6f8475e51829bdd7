import { describe, expect, it } from 'vitest';
import {
  DashboardBulkSchema,
  DashboardPostsQuerySchema,
  dashboardPostLinks,
  dashboardTabOf,
  decodeDashboardCursor,
  encodeDashboardCursor,
  searchPrefixes,
} from './dashboard-posts';

const ID = '0b6f1a52-4f5e-4c3e-9a55-1f2d3c4b5a69';

describe('the dashboard cursor', () => {
  it('round-trips a date and a count position', () => {
    const date = { sort: 'date', value: '2026-11-26T21:00:00.000Z', id: ID } as const;
    expect(decodeDashboardCursor(encodeDashboardCursor(date), 'date')).toEqual(date);
    const views = { sort: 'views', value: 42, id: ID } as const;
    expect(decodeDashboardCursor(encodeDashboardCursor(views), 'views')).toEqual(views);
  });

  it('refuses a cursor of another sort, a mismatched value and garbage', () => {
    const views = encodeDashboardCursor({ sort: 'views', value: 3, id: ID });
    expect(decodeDashboardCursor(views, 'likes')).toBeNull();
    const forged = encodeDashboardCursor({ sort: 'date', value: 3, id: ID });
    expect(decodeDashboardCursor(forged, 'date')).toBeNull();
    expect(decodeDashboardCursor('%%%', 'date')).toBeNull();
    expect(decodeDashboardCursor(btoa('{"s":"date"'), 'date')).toBeNull();
    expect(decodeDashboardCursor(btoa('[]'), 'date')).toBeNull();
  });
});

describe('the list query', () => {
  it('defaults to the published tab by date, 20 rows', () => {
    expect(DashboardPostsQuerySchema.parse({})).toMatchObject({
      status: 'published',
      sort: 'date',
      limit: 20,
    });
  });

  it('treats empty parameters as absent and bounds the limit', () => {
    expect(DashboardPostsQuerySchema.parse({ q: '', author: '', limit: '5' })).toMatchObject({
      limit: 5,
    });
    expect(DashboardPostsQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
    expect(DashboardPostsQuerySchema.safeParse({ limit: '0' }).success).toBe(false);
  });

  it('searches words as safe prefixes', () => {
    expect(searchPrefixes("Café's  <b>bread</b> & 'x' | !")).toEqual([
      'café',
      's',
      'b',
      'bread',
      'b',
      'x',
    ]);
    expect(searchPrefixes('   ')).toEqual([]);
  });
});

describe('tabs and links', () => {
  const SLUG_SITE = { blogBase: '/blog', postUrlShape: 'slug' as const, timeZone: 'UTC' };

  it('shows both review statuses under In review and deleted posts in the trash', () => {
    expect(dashboardTabOf('in_review')).toBe('in_review');
    expect(dashboardTabOf('in_moderation')).toBe('in_review');
    expect(dashboardTabOf('deleted')).toBe('trash');
    expect(dashboardTabOf('unpublished')).toBe('drafts');
  });

  it('links a published post by slug and a draft by id, and a reported post to its reports', () => {
    const post = { id: ID, slug: 'a-post', revision: 3, hasOpenReports: true };
    expect(dashboardPostLinks(SLUG_SITE, { ...post, status: 'published' })).toEqual({
      edit: '/blog/a-post/edit',
      preview: `/blog/${ID}/preview/3`,
      view: '/blog/a-post',
      report: `/dashboard/reports?post=${ID}`,
    });
    const draft = dashboardPostLinks(SLUG_SITE, {
      ...post,
      status: 'unpublished',
      hasOpenReports: false,
    });
    expect(draft.edit).toBe(`/blog/${ID}/edit`);
    expect(draft.view).toBeNull();
    expect(draft.report).toBeNull();
  });
});

describe('the bulk schema', () => {
  it('needs ids or a filter, not both, and what the action needs', () => {
    expect(DashboardBulkSchema.safeParse({ action: 'trash', ids: [ID] }).success).toBe(true);
    expect(
      DashboardBulkSchema.safeParse({ action: 'trash', ids: [ID], filter: { status: 'drafts' } })
        .success,
    ).toBe(false);
    expect(DashboardBulkSchema.safeParse({ action: 'add-category', ids: [ID] }).success).toBe(
      false,
    );
    expect(
      DashboardBulkSchema.safeParse({ action: 'restore', filter: { status: 'trash' } }).success,
    ).toBe(true);
  });
});
