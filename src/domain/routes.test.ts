import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commentEditUrl } from './comment-urls';
import { profileEditUrl, profileUrl } from './profiles';
import {
  archiveUrl,
  blogRelativePath,
  categoryUrl,
  createPostUrl,
  expandPattern,
  feedPageUrl,
  hashtagUrl,
  homeUrl,
  legacySearchPath,
  loginUrl,
  matchBlogPath,
  notFoundUrl,
  type PageKind,
  pageKindForRoute,
  pageSuffix,
  parseLegacySearchQuery,
  postAddressRedirect,
  postEditUrl,
  postLink,
  postPreviewUrl,
  postUrl,
  ROUTE_MATCH_ORDER,
  ROUTE_TABLE,
  type RouteKey,
  type RouteMatch,
  searchUrl,
  tagUrl,
} from './routes';
import { isReservedSlug } from './slugs';

const OPTIONS = { categoryPrefix: 'topics' };
const match = (path: string) => matchBlogPath(path, OPTIONS);

describe('ROUTE_TABLE and pageKindForRoute', () => {
  const expected: [RouteKey, PageKind][] = [
    ['notFound', 'page_not_found'],
    ['feed', 'feed_page'],
    ['category', 'categories_page'],
    ['categoryPrefixed', 'categories_page'],
    ['search', 'search_results'],
    ['hashtag', 'feed_page'],
    ['archive', 'archive_page'],
    ['tag', 'feed_page'],
    ['createPost', 'create_post'],
    ['post', 'post_page'],
    ['postWithDate', 'post_page'],
    ['postEdit', 'post_edit_page'],
    ['postPreview', 'post_page_preview'],
    ['commentEdit', 'comment_edit_page'],
    ['commentEditWithDate', 'comment_edit_page'],
    ['notifications', 'notifications_page'],
    ['profile', 'member_profile_page'],
    ['profileEdit', 'member_profile_edit_page'],
  ];

  it.each(expected)('maps %s to %s', (key, pageKind) => {
    expect(pageKindForRoute(key)).toBe(pageKind);
  });

  it('throws for a route without a page (SPEC §8)', () => {
    expect(ROUTE_TABLE.login.pageKind).toBeNull();
    expect(() => pageKindForRoute('login')).toThrow(new Error('Route is not implemented'));
  });

  it('lists every route key once in the match order', () => {
    expect([...ROUTE_MATCH_ORDER].sort()).toEqual(Object.keys(ROUTE_TABLE).sort());
  });

  it('is frozen', () => {
    expect(Object.isFrozen(ROUTE_TABLE)).toBe(true);
    expect(Object.isFrozen(ROUTE_TABLE.feed)).toBe(true);
  });
});

describe('expandPattern', () => {
  it('expands optional groups, most specific first', () => {
    expect(expandPattern('/(page/:page)(/)')).toEqual(['/page/:page', '/']);
    expect(expandPattern(ROUTE_TABLE.category.pattern)).toEqual([
      '/category/:categorySlug/:subcategorySlug/page/:page',
      '/category/:categorySlug/:subcategorySlug',
      '/category/:categorySlug/page/:page',
      '/category/:categorySlug',
    ]);
    expect(expandPattern(ROUTE_TABLE.postWithDate.pattern)).toEqual([
      '/:year/:month/:day/:postSlug',
      '/:year/:month/:postSlug',
    ]);
  });

  it('supports nested groups', () => {
    expect(expandPattern('/a(/b(/c))')).toEqual(['/a/b/c', '/a/b', '/a']);
    expect(expandPattern('/(page/:page(/))')).toEqual(['/page/:page', '/']);
  });

  it('returns a pattern without groups as it is', () => {
    expect(expandPattern('/:postSlug/edit')).toEqual(['/:postSlug/edit']);
    expect(expandPattern('/x(/)')).toEqual(['/x']);
  });

  it('throws on unbalanced parentheses', () => {
    expect(() => expandPattern('/a(/b')).toThrow();
    expect(() => expandPattern('/a)/b')).toThrow();
  });

  it('gives clean React Router paths for every route', () => {
    for (const { pattern } of Object.values(ROUTE_TABLE)) {
      for (const path of expandPattern(pattern)) {
        expect(path).toMatch(/^\/([^()/]+(\/[^()/]+)*)?$/);
      }
    }
  });
});

describe('matchBlogPath', () => {
  const matches: [string, RouteKey, Record<string, string>][] = [
    ['', 'feed', {}],
    ['/', 'feed', {}],
    ['/page/2', 'feed', { page: '2' }],
    ['/page/2/', 'feed', { page: '2' }],
    ['/PAGE/2', 'feed', { page: '2' }],
    ['/404', 'notFound', {}],
    ['/category/travel', 'category', { categorySlug: 'travel' }],
    ['/category/travel/', 'category', { categorySlug: 'travel' }],
    ['/category/travel/europe', 'category', { categorySlug: 'travel', subcategorySlug: 'europe' }],
    ['/category/travel/page/3', 'category', { categorySlug: 'travel', page: '3' }],
    [
      '/category/travel/europe/page/3/',
      'category',
      { categorySlug: 'travel', subcategorySlug: 'europe', page: '3' },
    ],
    ['/topics/travel', 'categoryPrefixed', { categoryPrefix: 'topics', categorySlug: 'travel' }],
    [
      '/Topics/travel/europe/page/2/',
      'categoryPrefixed',
      { categoryPrefix: 'Topics', categorySlug: 'travel', subcategorySlug: 'europe', page: '2' },
    ],
    ['/search', 'search', {}],
    ['/profiles/sofia-marchetti', 'profile', { memberSlug: 'sofia-marchetti' }],
    ['/profiles/sofia-marchetti/page/2', 'profile', { memberSlug: 'sofia-marchetti', page: '2' }],
    ['/Profiles/edit', 'profile', { memberSlug: 'edit' }],
    ['/profiles/sofia-marchetti/edit', 'profileEdit', { memberSlug: 'sofia-marchetti' }],
    ['/search/hello%20world', 'search', { query: 'hello world' }],
    ['/search/%23react', 'search', { query: '#react' }],
    ['/search/.hash.react', 'search', { query: '.hash.react' }],
    ['/hashtags/caf%C3%A9', 'hashtag', { hashtag: 'café' }],
    ['/hashtags/react/page/2', 'hashtag', { hashtag: 'react', pageIndex: '2' }],
    ['/archive/2026/11', 'archive', { year: '2026', month: '11' }],
    ['/archive/2026/03', 'archive', { year: '2026', month: '03' }],
    ['/archive/2026/3/page/2', 'archive', { year: '2026', month: '3', pageIndex: '2' }],
    ['/tags/javascript', 'tag', { tagSlug: 'javascript' }],
    ['/tags/javascript/page/4', 'tag', { tagSlug: 'javascript', page: '4' }],
    ['/login', 'login', {}],
    ['/create-post', 'createPost', {}],
    ['/notifications', 'notifications', {}],
    ['/Notifications/', 'notifications', {}],
    ['/my-post', 'post', { postSlug: 'my-post' }],
    ['my-post/', 'post', { postSlug: 'my-post' }],
    ['/%E6%97%A5%E6%9C%AC', 'post', { postSlug: '日本' }],
    ['/tags', 'post', { postSlug: 'tags' }],
    ['/2026/11/my-post', 'postWithDate', { year: '2026', month: '11', postSlug: 'my-post' }],
    [
      '/2026/11/05/my-post/',
      'postWithDate',
      { year: '2026', month: '11', day: '05', postSlug: 'my-post' },
    ],
    [
      '/2026/1/5/my-post',
      'postWithDate',
      { year: '2026', month: '1', day: '5', postSlug: 'my-post' },
    ],
    ['/2026/11/12', 'postWithDate', { year: '2026', month: '11', postSlug: '12' }],
    ['/my-post/edit', 'postEdit', { postSlug: 'my-post' }],
    ['/abc123/preview/sig.x%3D%3D', 'postPreview', { postId: 'abc123', instance: 'sig.x==' }],
    ['/my-post/edit-comment/c1', 'commentEdit', { postSlug: 'my-post', commentId: 'c1' }],
    [
      '/2026/11/my-post/edit-comment/c1',
      'commentEditWithDate',
      { year: '2026', month: '11', postSlug: 'my-post', commentId: 'c1' },
    ],
    [
      '/2026/11/05/my-post/edit-comment/c1',
      'commentEditWithDate',
      { year: '2026', month: '11', day: '05', postSlug: 'my-post', commentId: 'c1' },
    ],
  ];

  it.each(matches)('matches %j as %s', (path, key, params) => {
    expect(match(path)).toEqual({ key, params });
  });

  const notFound = [
    '/settings',
    '/EDIT',
    '/category',
    '/feed',
    '/create',
    '/a/b/c',
    '/archive/26/11',
    '/archive/2026',
    '/archive/2026/11/page',
    '/12345/11/my-post',
    '/2026/123/my-post',
    '/2026/11/5/6/my-post',
    '/tags/x/page',
    '/category/a/b/c/d/e',
    '/my-post/edit/extra',
    '/my-post/preview',
    '/a//b',
    '/%E0%A4%A',
  ];

  it.each(notFound)('gives notFound for %j', (path) => {
    expect(match(path)).toEqual({ key: 'notFound', params: {} });
  });

  it('tries literal routes before the others', () => {
    expect(match('/search/edit')).toEqual({ key: 'search', params: { query: 'edit' } });
    expect(match('/page/edit').key).toBe('feed');
    expect(match('/topics/edit')).toEqual({
      key: 'categoryPrefixed',
      params: { categoryPrefix: 'topics', categorySlug: 'edit' },
    });
    expect(match('/2026/11/edit').key).toBe('postWithDate');
    expect(match('/login/edit').key).toBe('postEdit');
  });

  it('leaves page validation to parsePageParam', () => {
    expect(match('/page/abc')).toEqual({ key: 'feed', params: { page: 'abc' } });
  });

  it('matches the prefixed category only under the site category prefix', () => {
    expect(matchBlogPath('/topics/travel', { categoryPrefix: 'category' }).key).toBe('notFound');
    expect(matchBlogPath('/topics/travel', { categoryPrefix: '' }).key).toBe('notFound');
    expect(matchBlogPath('/topics/travel', { categoryPrefix: '/topics/' }).key).toBe(
      'categoryPrefixed',
    );
    expect(matchBlogPath('/category/travel', { categoryPrefix: 'category' })).toEqual({
      key: 'category',
      params: { categorySlug: 'travel' },
    });
  });
});

describe('URL builders', () => {
  it('pageSuffix', () => {
    expect(pageSuffix()).toBe('');
    expect(pageSuffix(1)).toBe('');
    expect(pageSuffix(2)).toBe('/page/2');
    expect(pageSuffix(0)).toBe('');
    expect(pageSuffix(2.5)).toBe('');
  });

  it('homeUrl', () => {
    expect(homeUrl('/blog')).toBe('/blog');
    expect(homeUrl('')).toBe('/');
    expect(homeUrl('/blog/')).toBe('/blog');
  });

  it('feedPageUrl', () => {
    expect(feedPageUrl('/blog', 1)).toBe('/blog');
    expect(feedPageUrl('', 1)).toBe('/');
    expect(feedPageUrl('/blog', 3)).toBe('/blog/page/3');
    expect(feedPageUrl('', 3)).toBe('/page/3');
  });

  it('archiveUrl', () => {
    expect(archiveUrl('/blog', 2026, 3)).toBe('/blog/archive/2026/3');
    expect(archiveUrl('/blog', 2026, 11, 2)).toBe('/blog/archive/2026/11/page/2');
  });

  it('tagUrl', () => {
    expect(tagUrl('/blog', 'java-script')).toBe('/blog/tags/java-script');
    expect(tagUrl('', 'c++', 2)).toBe('/tags/c%2B%2B/page/2');
  });

  it('categoryUrl', () => {
    expect(categoryUrl('/blog', 'category', 'travel')).toBe('/blog/category/travel');
    expect(categoryUrl('/blog', 'topics', 'travel', { trailingSlash: true })).toBe(
      '/blog/topics/travel/',
    );
    expect(categoryUrl('/blog', '/topics/', 'travel', { subcategorySlug: 'europe', page: 2 })).toBe(
      '/blog/topics/travel/europe/page/2',
    );
    expect(categoryUrl('', '', 'travel', { page: 1, trailingSlash: true })).toBe(
      '/category/travel/',
    );
  });

  it('hashtagUrl', () => {
    expect(hashtagUrl('/blog', '#café')).toBe('/blog/hashtags/caf%C3%A9');
    expect(hashtagUrl('/blog', 'react', 3)).toBe('/blog/hashtags/react/page/3');
  });

  it('searchUrl', () => {
    expect(searchUrl('/blog')).toBe('/blog/search');
    expect(searchUrl('/blog', '')).toBe('/blog/search');
    expect(searchUrl('/blog', 'Hello #World/2')).toBe('/blog/search/Hello%20%23World%2F2');
  });

  it('postUrl', () => {
    expect(postUrl('/blog', { slug: 'my-post' })).toBe('/blog/my-post');
    expect(postUrl('', { slug: 'my-post' })).toBe('/my-post');
    expect(postUrl('/blog', { slug: 'my-post' }, { date: { year: 2026, month: 3, day: 7 } })).toBe(
      '/blog/2026/03/07/my-post',
    );
    expect(postUrl('/blog', { slug: 'my-post' }, { date: { year: 2026, month: 11 } })).toBe(
      '/blog/2026/11/my-post',
    );
  });

  it('edit, preview, comment edit, create, login and not-found URLs', () => {
    expect(postEditUrl('/blog', 'my-post')).toBe('/blog/my-post/edit');
    expect(postPreviewUrl('/blog', 'id1', 'a=b')).toBe('/blog/id1/preview/a%3Db');
    expect(commentEditUrl('/blog', 'my-post', 'c1')).toBe('/blog/my-post/edit-comment/c1');
    expect(createPostUrl('/blog')).toBe('/blog/create-post');
    expect(createPostUrl('/blog', 'travel')).toBe('/blog/create-post?categorySlug=travel');
    expect(loginUrl('')).toBe('/login');
    expect(notFoundUrl('/blog')).toBe('/blog/404');
  });

  it('blogRelativePath', () => {
    expect(blogRelativePath('/blog/tags/x', '/blog')).toBe('/tags/x');
    expect(blogRelativePath('/blog', '/blog')).toBe('/');
    expect(blogRelativePath('/blogger/x', '/blog')).toBeNull();
    expect(blogRelativePath('/other', '/blog')).toBeNull();
    expect(blogRelativePath('/tags/x', '')).toBe('/tags/x');
  });
});

describe('legacy search path', () => {
  it('lowercases and writes # as .hash.', () => {
    expect(legacySearchPath('#React Hooks')).toBe('/search/.hash.react%20hooks');
    expect(legacySearchPath('')).toBe('/search');
  });

  it('reads the old shape back', () => {
    expect(parseLegacySearchQuery('.hash.react hooks')).toBe('#react hooks');
    expect(parseLegacySearchQuery('a.hash.b.hash.c')).toBe('a#b#c');
  });

  it('returns null for queries not of the old shape', () => {
    expect(parseLegacySearchQuery('react')).toBeNull();
    expect(parseLegacySearchQuery('#react')).toBeNull();
    expect(parseLegacySearchQuery('.hash.React')).toBeNull();
  });

  it('round-trips through the matcher', () => {
    const text = fc
      .string({ unit: 'grapheme', minLength: 1, maxLength: 20 })
      .filter((s) => s.includes('#') && !s.toLowerCase().includes('.hash.'));
    fc.assert(
      fc.property(text, (value) => {
        const found = match(legacySearchPath(value));
        expect(found.key).toBe('search');
        expect(parseLegacySearchQuery(found.params.query ?? '')).toBe(value.toLowerCase());
      }),
    );
  });
});

describe('builders round-trip through matchBlogPath', () => {
  const base = fc.constantFrom('', '/blog', '/site/news');
  const text = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 });
  const page = fc.integer({ min: 1, max: 100_000 });
  const pageParam = (key: string, n: number) => (n > 1 ? { [key]: String(n) } : {});

  const roundTrip = (url: string, root: string, categoryPrefix = 'topics'): RouteMatch => {
    const path = blogRelativePath(url.split('?')[0] ?? url, root);
    expect(path).not.toBeNull();
    return matchBlogPath(path ?? '', { categoryPrefix });
  };

  it('feed pages', () => {
    fc.assert(
      fc.property(base, page, (root, n) => {
        expect(roundTrip(feedPageUrl(root, n), root)).toEqual({
          key: 'feed',
          params: pageParam('page', n),
        });
      }),
    );
  });

  it('archive pages', () => {
    fc.assert(
      fc.property(
        base,
        fc.integer({ min: 1970, max: 9999 }),
        fc.integer({ min: 1, max: 12 }),
        page,
        (root, year, month, n) => {
          expect(roundTrip(archiveUrl(root, year, month, n), root)).toEqual({
            key: 'archive',
            params: { year: String(year), month: String(month), ...pageParam('pageIndex', n) },
          });
        },
      ),
    );
  });

  it('tag pages', () => {
    fc.assert(
      fc.property(base, text, page, (root, slug, n) => {
        expect(roundTrip(tagUrl(root, slug, n), root)).toEqual({
          key: 'tag',
          params: { tagSlug: slug, ...pageParam('page', n) },
        });
      }),
    );
  });

  it('category pages, default and prefixed', () => {
    fc.assert(
      fc.property(
        base,
        fc.constantFrom('category', 'topics', 'Themen'),
        text,
        fc.option(text, { nil: undefined }),
        page,
        fc.boolean(),
        (root, categoryPath, slug, subcategorySlug, n, trailingSlash) => {
          const url = categoryUrl(root, categoryPath, slug, {
            subcategorySlug,
            page: n,
            trailingSlash,
          });
          const params = {
            categorySlug: slug,
            ...(subcategorySlug === undefined ? {} : { subcategorySlug }),
            ...pageParam('page', n),
          };
          const found = roundTrip(url, root, categoryPath);
          if (categoryPath === 'category') expect(found).toEqual({ key: 'category', params });
          else {
            expect(found).toEqual({
              key: 'categoryPrefixed',
              params: { categoryPrefix: categoryPath, ...params },
            });
          }
        },
      ),
    );
  });

  it('hashtag pages', () => {
    const word = text.filter((w) => !w.startsWith('#'));
    fc.assert(
      fc.property(base, word, fc.boolean(), page, (root, hashtag, withHash, n) => {
        const url = hashtagUrl(root, withHash ? `#${hashtag}` : hashtag, n);
        expect(roundTrip(url, root)).toEqual({
          key: 'hashtag',
          params: { hashtag, ...pageParam('pageIndex', n) },
        });
      }),
    );
  });

  it('search pages', () => {
    fc.assert(
      fc.property(base, fc.option(text, { nil: undefined }), (root, query) => {
        expect(roundTrip(searchUrl(root, query), root)).toEqual({
          key: 'search',
          params: query === undefined ? {} : { query },
        });
      }),
    );
  });

  it('post pages, with and without date', () => {
    const slug = text.filter((s) => !isReservedSlug(s));
    const date = fc.record(
      {
        year: fc.integer({ min: 1000, max: 9999 }),
        month: fc.integer({ min: 1, max: 12 }),
        day: fc.integer({ min: 1, max: 31 }),
      },
      { requiredKeys: ['year', 'month'] },
    );
    fc.assert(
      fc.property(base, slug, fc.option(date, { nil: undefined }), (root, postSlug, postDate) => {
        const found = roundTrip(postUrl(root, { slug: postSlug }, { date: postDate }), root);
        if (postDate === undefined) {
          expect(found).toEqual({ key: 'post', params: { postSlug } });
          return;
        }
        const pad = (n: number) => String(n).padStart(2, '0');
        expect(found).toEqual({
          key: 'postWithDate',
          params: {
            year: String(postDate.year),
            month: pad(postDate.month),
            ...(postDate.day === undefined ? {} : { day: pad(postDate.day) }),
            postSlug,
          },
        });
      }),
    );
  });

  it('edit, preview and comment edit pages', () => {
    fc.assert(
      fc.property(base, text, text, (root, a, b) => {
        expect(roundTrip(postEditUrl(root, a), root)).toEqual({
          key: 'postEdit',
          params: { postSlug: a },
        });
        expect(roundTrip(commentEditUrl(root, a, b), root)).toEqual({
          key: 'commentEdit',
          params: { postSlug: a, commentId: b },
        });
      }),
    );
    expect(roundTrip(postPreviewUrl('/blog', 'id1', 'x==.y'), '/blog')).toEqual({
      key: 'postPreview',
      params: { postId: 'id1', instance: 'x==.y' },
    });
  });

  it('profile pages', () => {
    fc.assert(
      fc.property(base, text, page, (root, slug, n) => {
        expect(roundTrip(profileUrl(root, { siteMemberId: 'm-1', slug }, n), root)).toEqual({
          key: 'profile',
          params: { memberSlug: slug, ...pageParam('page', n) },
        });
        expect(roundTrip(profileEditUrl(root, { slug }), root)).toEqual({
          key: 'profileEdit',
          params: { memberSlug: slug },
        });
      }),
    );
  });

  it('fixed pages', () => {
    expect(roundTrip(loginUrl('/blog'), '/blog').key).toBe('login');
    expect(roundTrip(createPostUrl('/blog', 'travel'), '/blog').key).toBe('createPost');
    expect(roundTrip(notFoundUrl(''), '').key).toBe('notFound');
    expect(roundTrip(homeUrl('/blog'), '/blog').key).toBe('feed');
  });
});

describe('postLink and postAddressRedirect (issue 19: one address per post)', () => {
  const slugSite = { blogBase: '/blog', postUrlShape: 'slug' as const, timeZone: 'UTC' };
  const dateSite = { blogBase: '/blog/', postUrlShape: 'date' as const, timeZone: 'Asia/Tokyo' };
  // 20:00 UTC on 31 December is already 1 January in Tokyo.
  const post = { slug: 'new year', firstPublishedDate: '2025-12-31T20:00:00Z' };

  it('builds the site’s shape, dated on the site’s day', () => {
    expect(postLink(slugSite, post)).toBe('/blog/new%20year');
    expect(postLink(dateSite, post)).toBe('/blog/2026/01/01/new%20year');
    expect(postLink({ ...dateSite, timeZone: 'UTC' }, post)).toBe('/blog/2025/12/31/new%20year');
    expect(
      postLink(
        { ...dateSite, blogBase: '' },
        { ...post, firstPublishedDate: new Date('2026-05-09T00:00:00Z') },
      ),
    ).toBe('/2026/05/09/new%20year');
  });

  it('keeps the slug form for a post never published', () => {
    expect(postLink(dateSite, { slug: 'draft', firstPublishedDate: null })).toBe('/blog/draft');
    expect(postLink(dateSite, { slug: 'draft' })).toBe('/blog/draft');
  });

  it('asks for no redirect at the one address and names it otherwise', () => {
    expect(postAddressRedirect(slugSite, post, { postSlug: 'new year' })).toBeNull();
    expect(
      postAddressRedirect(dateSite, post, {
        postSlug: 'new year',
        year: '2026',
        month: '01',
        day: '01',
      }),
    ).toBeNull();
    const dated = '/blog/2026/01/01/new%20year';
    for (const requested of [
      { postSlug: 'new year' },
      { postSlug: 'new year', year: '2025', month: '12', day: '31' },
      { postSlug: 'new year', year: '2026', month: '1', day: '1' },
      { postSlug: 'new year', year: '2026', month: '01' },
      { postSlug: 'old-slug', year: '2026', month: '01', day: '01' },
    ]) {
      expect(postAddressRedirect(dateSite, post, requested), JSON.stringify(requested)).toBe(dated);
    }
    expect(
      postAddressRedirect(slugSite, post, {
        postSlug: 'new year',
        year: '2026',
        month: '01',
        day: '01',
      }),
    ).toBe('/blog/new%20year');
    expect(postAddressRedirect(slugSite, post, { postSlug: 'old-slug' })).toBe('/blog/new%20year');
  });

  it('never redirects a post’s own address to itself (no loop), for any slug and instant', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.date({ min: new Date('1970-01-01'), max: new Date('9999-12-31'), noInvalidDate: true }),
        fc.constantFrom('slug' as const, 'date' as const),
        fc.constantFrom('UTC', 'America/New_York', 'Pacific/Kiritimati'),
        (slug, date, shape, timeZone) => {
          const site = { blogBase: '/blog', postUrlShape: shape, timeZone };
          const one = { slug, firstPublishedDate: date };
          const match = matchBlogPath(postLink(site, one).slice('/blog'.length), {
            categoryPrefix: 'category',
          });
          if (match.key !== 'post' && match.key !== 'postWithDate') return;
          expect(postAddressRedirect(site, one, match.params as { postSlug: string })).toBeNull();
        },
      ),
    );
  });
});
