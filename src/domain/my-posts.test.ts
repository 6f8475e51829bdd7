import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MyPostsQuerySchema } from './api';
import {
  isMyPostsTab,
  MY_POSTS_TAB_STATUSES,
  MY_POSTS_TABS,
  myPostDate,
  myPostLinks,
  myPostsUrl,
  parseMyPostsParams,
  tabOfStatus,
  timeOfDay,
} from './my-posts';
import { POST_STATUSES } from './post-status';

describe('tabs and statuses', () => {
  it('lists every status but deleted under exactly one tab', () => {
    for (const status of POST_STATUSES) {
      const tabs = MY_POSTS_TABS.filter((tab) => MY_POSTS_TAB_STATUSES[tab].includes(status));
      expect(tabs).toHaveLength(status === 'deleted' ? 0 : 1);
      expect(tabOfStatus(status)).toBe(tabs[0] ?? null);
    }
  });

  it('puts posts in review or moderation with the drafts', () => {
    expect(tabOfStatus('unpublished')).toBe('drafts');
    expect(tabOfStatus('in_review')).toBe('drafts');
    expect(tabOfStatus('in_moderation')).toBe('drafts');
    expect(tabOfStatus('scheduled')).toBe('scheduled');
    expect(tabOfStatus('published')).toBe('published');
    expect(tabOfStatus('something else')).toBeNull();
  });

  it('knows a tab’s name', () => {
    expect(MY_POSTS_TABS.every(isMyPostsTab)).toBe(true);
    expect(isMyPostsTab('unpublished')).toBe(false);
    expect(isMyPostsTab(null)).toBe(false);
  });
});

describe('MyPostsQuerySchema (the API, in api.ts)', () => {
  it('defaults to the first page of Published', () => {
    expect(MyPostsQuerySchema.parse({})).toEqual({ status: 'published', page: 1 });
    expect(MyPostsQuerySchema.parse({ status: 'drafts', page: '3' })).toEqual({
      status: 'drafts',
      page: 3,
    });
  });

  it.each([
    [{ status: 'deleted' }, 'status'],
    [{ status: 'unpublished' }, 'status'],
    [{ page: '0' }, 'page'],
    [{ page: '-1' }, 'page'],
    [{ page: '1.5' }, 'page'],
    [{ page: 'two' }, 'page'],
  ])('refuses %j, naming %s', (query, field) => {
    const result = MyPostsQuerySchema.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual([field]);
  });
});

describe('parseMyPostsParams (the page)', () => {
  const parse = (search: string) => parseMyPostsParams(new URLSearchParams(search));

  it('reads the tab and the page', () => {
    expect(parse('')).toEqual({ status: 'published', page: 1 });
    expect(parse('status=scheduled&page=2')).toEqual({ status: 'scheduled', page: 2 });
  });

  it('forgives what the API refuses: an unknown tab or a bad page', () => {
    expect(parse('status=trash&page=4')).toEqual({ status: 'published', page: 4 });
    expect(parse('status=PUBLISHED')).toEqual({ status: 'published', page: 1 });
    expect(parse('status=drafts&page=abc')).toEqual({ status: 'drafts', page: 1 });
    expect(parse('status=drafts&page=0')).toEqual({ status: 'drafts', page: 1 });
    expect(parse('status=drafts&page=02')).toEqual({ status: 'drafts', page: 1 });
  });

  it('reads back every address myPostsUrl builds', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...MY_POSTS_TABS),
        fc.integer({ min: 1, max: 10_000 }),
        (tab, page) => {
          const url = new URL(myPostsUrl(tab, page), 'http://site.test');
          expect(url.pathname).toBe('/my-posts');
          expect(parseMyPostsParams(url.searchParams)).toEqual({ status: tab, page });
        },
      ),
    );
  });
});

describe('myPostsUrl', () => {
  it('keeps Published and page 1 out of the address', () => {
    expect(myPostsUrl('published')).toBe('/my-posts');
    expect(myPostsUrl('published', 2)).toBe('/my-posts?page=2');
    expect(myPostsUrl('drafts')).toBe('/my-posts?status=drafts');
    expect(myPostsUrl('scheduled', 3, '/members/posts')).toBe(
      '/members/posts?status=scheduled&page=3',
    );
  });
});

describe('myPostDate', () => {
  const dates = {
    firstPublishedDate: new Date('2026-01-02T10:00:00Z'),
    updatedAt: '2026-03-04T08:00:00Z',
    scheduledPublishDate: new Date('2026-07-01T09:00:00Z'),
  };

  it('shows each tab its own date', () => {
    expect(myPostDate('published', dates)).toEqual({
      kind: 'published',
      iso: '2026-01-02T10:00:00.000Z',
    });
    expect(myPostDate('drafts', dates)).toEqual({
      kind: 'edited',
      iso: '2026-03-04T08:00:00.000Z',
    });
    expect(myPostDate('scheduled', dates)).toEqual({
      kind: 'scheduled',
      iso: '2026-07-01T09:00:00.000Z',
    });
  });

  it('falls back to the last edit when the tab’s date is missing', () => {
    const bare = { ...dates, firstPublishedDate: null, scheduledPublishDate: null };
    expect(myPostDate('published', bare).kind).toBe('edited');
    expect(myPostDate('scheduled', bare).kind).toBe('edited');
  });
});

describe('myPostLinks', () => {
  const id = '0b8a3f0e-9f0d-4b58-9d7c-3a1d2f5e6c7b';
  const site = { blogBase: '/blog', postUrlShape: 'slug' as const, timeZone: 'UTC' };

  it('opens a published post’s page, and edits it by slug', () => {
    expect(myPostLinks(site, { id, slug: 'night-trains', status: 'published' })).toEqual({
      link: '/blog/night-trains',
      editLink: '/blog/night-trains/edit',
    });
  });

  it('opens a published post at its dated address when the site uses dates', () => {
    const post = {
      id,
      slug: 'night-trains',
      status: 'published',
      firstPublishedDate: '2026-03-01T02:00:00Z',
    };
    expect(myPostLinks({ ...site, postUrlShape: 'date' }, post).link).toBe(
      '/blog/2026/03/01/night-trains',
    );
  });

  it('opens the editor by id for a post not yet out', () => {
    for (const status of ['unpublished', 'scheduled', 'in_review']) {
      expect(
        myPostLinks({ ...site, blogBase: '/blog/' }, { id, slug: 'draft-slug', status }),
      ).toEqual({
        link: `/blog/${id}/edit`,
        editLink: `/blog/${id}/edit`,
      });
    }
  });
});

describe('timeOfDay', () => {
  // ICU versions differ on the space before AM/PM (a narrow no-break space in newer ones).
  const time = (...args: Parameters<typeof timeOfDay>) => timeOfDay(...args)?.replace(/\s/gu, ' ');

  it('gives the time of day in the time zone and language', () => {
    expect(time('2026-06-20T09:00:00Z', 'en')).toBe('9:00 AM');
    expect(time('2026-06-20T09:00:00Z', 'en', 'America/New_York')).toBe('5:00 AM');
    expect(time(new Date('2026-06-20T18:30:00Z'), 'en', 'Asia/Kolkata')).toBe('12:00 AM');
    expect(time('2026-06-20T09:05:00Z', 'de')).toMatch(/^0?9:05$/);
  });

  it('gives null for an invalid date and falls back for an unknown locale or zone', () => {
    expect(timeOfDay('not a date', 'en')).toBeNull();
    expect(time('2026-06-20T09:00:00Z', 'not_a_locale!', 'Mars/Olympus')).toBe('9:00 AM');
  });
});
