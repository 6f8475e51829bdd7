/**
 * Every blog page kind's head as the server renders it (issue 19 § Pages' heads), on the
 * production build, PGlite and PostgreSQL: canonical present, absolute on the site's origin and
 * without a query string; robots noindex where the issue lists it; Open Graph and the Twitter
 * card complete; feed autodiscovery; every JSON-LD block parses and carries its type's required
 * properties (widget/seo/json-ld-check.ts, typed by schema-dts). Heads are parsed with regexes
 * over the `<head>`: React writes its tags in one shape.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type LdBlock, ldProblems, nestedOfType } from '../../../tests/support/json-ld-check';
import { media, members, posts, sites } from '../db/schema.server';
import { TEST_MEMBER_HEADER } from '../http/actor.server';
import {
  buildPost,
  createCategory,
  createMember,
  createTag,
  createTestSite,
  type TestSite,
} from '../testing/factories.server';
import { setUpTestApp } from '../testing/test-app.server';

const harness = setUpTestApp({ pages: true, withTestRoutes: true });

/** What a page's `<head>` says. */
interface Head {
  status: number;
  titles: string[];
  /** Meta tags by name or property, every content. */
  meta: Map<string, string[]>;
  links: Record<string, string>[];
  ld: LdBlock[];
  html: string;
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&quot;': '"',
  '&#x27;': "'",
  '&#39;': "'",
  '&lt;': '<',
  '&gt;': '>',
};

function decode(text: string): string {
  return text.replace(/&(?:amp|quot|#x27|#39|lt|gt);/g, (entity) => ENTITIES[entity]!);
}

function attributesOf(tag: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const [, name, value] of tag.matchAll(/([\w:-]+)="([^"]*)"/g)) {
    attributes[name!] = decode(value!);
  }
  return attributes;
}

function parseHead(status: number, html: string): Head {
  const head = /<head>([\s\S]*?)<\/head>/.exec(html)?.[1] ?? '';
  const meta = new Map<string, string[]>();
  for (const [tag] of head.matchAll(/<meta [^>]*>/g)) {
    const attributes = attributesOf(tag);
    const key = attributes.name ?? attributes.property;
    if (key && attributes.content !== undefined) {
      meta.set(key, [...(meta.get(key) ?? []), attributes.content]);
    }
  }
  return {
    status,
    titles: [...head.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => decode(m[1]!)),
    meta,
    links: [...head.matchAll(/<link [^>]*>/g)].map(([tag]) => attributesOf(tag)),
    ld: [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]!) as LdBlock,
    ),
    html,
  };
}

const one = (head: Head, key: string) => head.meta.get(key)?.[0];

interface Blog {
  site: TestSite;
  ownerId: string;
  writerId: string;
}

async function visit(blog: Blog, url: string, memberId?: string): Promise<Head> {
  const response = await harness.app.inject({
    method: 'GET',
    url,
    headers: { host: blog.site.host, ...(memberId ? { [TEST_MEMBER_HEADER]: memberId } : {}) },
  });
  return parseHead(response.statusCode, response.body);
}

/** A stored image of the site (a row the media routes would serve). */
async function image(siteId: string, ownerId: string, width: number, height: number) {
  const id = randomUUID();
  await harness.db.insert(media).values({
    siteId,
    id,
    kind: 'image',
    fileName: 'picture.png',
    mimeType: 'image/webp',
    width,
    height,
    ownerId,
  });
  return { id, width, height };
}

/** What every public page's head has, whatever its kind. */
function expectPublicHead(
  blog: Blog,
  head: Head,
  expected: { canonical: string; type: string; ld: string[]; robots?: string },
) {
  const { origin } = blog.site;
  expect(head.status).toBe(200);
  expect(head.titles).toHaveLength(1);
  expect(head.titles[0]).not.toBe('');
  expect(one(head, 'description')).toBeTruthy();
  const canonicals = head.links.filter((link) => link.rel === 'canonical');
  expect(canonicals.map((link) => link.href)).toEqual([`${origin}${expected.canonical}`]);
  expect(canonicals[0]!.href).not.toContain('?');
  expect(one(head, 'robots')).toBe(expected.robots);
  for (const key of ['og:title', 'og:description', 'og:site_name', 'og:locale']) {
    expect(one(head, key), key).toBeTruthy();
  }
  expect(one(head, 'og:url')).toBe(canonicals[0]!.href);
  expect(one(head, 'og:type')).toBe(expected.type);
  expect(one(head, 'og:locale')).toBe('en_US');
  for (const key of ['twitter:card', 'twitter:title', 'twitter:description']) {
    expect(one(head, key), key).toBeTruthy();
  }
  const feeds = head.links.filter((link) => link.rel === 'alternate').map((link) => link.href);
  for (const file of ['rss.xml', 'atom.xml', 'feed.json']) {
    expect(feeds).toContain(`${origin}/blog/${file}`);
  }
  expect(head.ld.map((block) => block['@type'])).toEqual(expected.ld);
  for (const block of head.ld) expect(ldProblems(block), String(block['@type'])).toEqual([]);
}

function expectNoindex(head: Head, status: number) {
  expect(head.status).toBe(status);
  expect(head.titles).toHaveLength(1);
  expect(head.titles[0]).not.toBe('');
  expect(one(head, 'robots')).toContain('noindex');
}

describe('every page kind’s head', () => {
  let blog: Blog;
  let post: { id: string; slug: string };
  let overridden: { slug: string };
  let coverId = '';

  beforeAll(async () => {
    const owner = { id: '' };
    const site = await createTestSite(harness.db, { name: 'Trail Notes' });
    owner.id = (await createMember(harness.db, site.id, { role: 'owner', name: 'Olga Owner' })).id;
    const logo = await image(site.id, owner.id, 800, 400);
    await harness.db.update(sites).set({ logo }).where(eq(sites.id, site.id));
    const writer = await createMember(harness.db, site.id, {
      name: 'Wren Writer',
      slug: 'wren',
      about: 'Walks in the hills.',
    });
    blog = { site, ownerId: owner.id, writerId: writer.id };
    const walks = await createCategory(harness.db, site.id, {
      slug: 'walks',
      label: 'Walks',
      seoTitle: 'Walking routes',
      seoDescription: 'Routes on foot.',
    });
    const alps = await createTag(harness.db, site.id, { slug: 'alps', label: 'alps' });
    const cover = await image(site.id, writer.id, 2000, 1000);
    coverId = cover.id;
    const written = buildPost(site.id, writer.id, {
      title: 'Over the pass',
      slug: 'over-the-pass',
      categoryIds: [walks.id],
      tagIds: [alps.id],
      body: 'Two days on foot over the pass, with #hiking friends.',
      coverImage: { isEnabled: true, isCustom: true, image: { ...cover, alt: 'The pass' } },
    });
    await harness.app.services.postWriter.insertPost(written);
    post = written;
    const other = buildPost(site.id, writer.id, { title: 'Rain day', slug: 'rain-day' });
    await harness.app.services.postWriter.insertPost(other);
    overridden = other;
    // The per-post SEO fields have no write path of this part's (the editor's is another's).
    await harness.db
      .update(posts)
      .set({
        seoTitle: 'A day of rain, indoors',
        seoDescription: 'What we did while it rained.',
        canonicalUrl: 'https://elsewhere.example/rain?ref=x',
        noindex: true,
      })
      .where(eq(posts.id, other.id));
  });

  it('gives the feed home the WebSite, the collection and the blog’s feeds', async () => {
    const head = await visit(blog, '/blog');
    expectPublicHead(blog, head, {
      canonical: '/blog',
      type: 'website',
      ld: ['WebSite', 'CollectionPage'],
    });
    // The blog's logo is the card of pages without an image of their own.
    expect(one(head, 'og:image')).toMatch(/\/media\/[0-9a-f-]+\/w640\.webp$/);
    expect(one(head, 'og:image:width')).toBe('640');
    expect(one(head, 'twitter:card')).toBe('summary');
    const website = head.ld[0]!;
    expect(JSON.stringify(website.potentialAction)).toContain(
      `${blog.site.origin}/blog/search/{search_term_string}`,
    );
    expect(nestedOfType(website.publisher, 'Organization')?.logo).toBeTruthy();
  });

  it('keeps a query string out of the feed’s canonical', async () => {
    const head = await visit(blog, '/blog?utm_source=x');
    expect(head.links.find((link) => link.rel === 'canonical')?.href).toBe(
      `${blog.site.origin}/blog`,
    );
  });

  it('describes a post completely', async () => {
    const head = await visit(blog, `/blog/${post.slug}`);
    if (process.env.DUMP_HEAD) console.log(/<head>([\s\S]*?)<\/head>/.exec(head.html)?.[1]);
    expectPublicHead(blog, head, {
      canonical: `/blog/${post.slug}`,
      type: 'article',
      ld: ['BlogPosting', 'BreadcrumbList'],
    });
    expect(head.titles[0]).toBe('Over the pass · Trail Notes');
    expect(one(head, 'og:image')).toBe(`${blog.site.origin}/media/${coverId}/social.jpg`);
    expect(one(head, 'og:image:width')).toBe('1200');
    expect(one(head, 'og:image:height')).toBe('630');
    expect(one(head, 'og:image:alt')).toBe('The pass');
    expect(one(head, 'twitter:card')).toBe('summary_large_image');
    expect(one(head, 'twitter:image')).toBe(one(head, 'og:image'));
    expect(one(head, 'twitter:image:alt')).toBe('The pass');
    expect(one(head, 'article:published_time')).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(one(head, 'article:modified_time')).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(one(head, 'article:author')).toBe(`${blog.site.origin}/blog/profiles/wren`);
    expect(one(head, 'article:section')).toBe('Walks');
    expect(head.meta.get('article:tag')).toEqual(['alps']);
    const [posting, crumbs] = head.ld;
    expect(posting).toMatchObject({ headline: 'Over the pass', keywords: 'alps' });
    expect(posting!.wordCount).toBeGreaterThan(5);
    expect(nestedOfType(posting!.author, 'Person')?.url).toBe(
      `${blog.site.origin}/blog/profiles/wren`,
    );
    expect((crumbs!.itemListElement as { name: string }[]).map((crumb) => crumb.name)).toEqual([
      'Trail Notes',
      'Walks',
      'Over the pass',
    ]);
  });

  it('follows a post’s SEO title and description, canonical override and noindex', async () => {
    const head = await visit(blog, `/blog/${overridden.slug}`);
    expect(head.status).toBe(200);
    expect(head.titles[0]).toBe('A day of rain, indoors · Trail Notes');
    expect(one(head, 'description')).toBe('What we did while it rained.');
    expect(one(head, 'og:title')).toBe('A day of rain, indoors');
    // The writer's own canonical is theirs to choose, query string and all.
    expect(head.links.find((link) => link.rel === 'canonical')?.href).toBe(
      'https://elsewhere.example/rain?ref=x',
    );
    expect(one(head, 'robots')).toContain('noindex');
    // No image of its own: the logo, on a small card.
    expect(one(head, 'twitter:card')).toBe('summary');
    for (const block of head.ld) expect(ldProblems(block)).toEqual([]);
  });

  it('gives a category its SEO texts, feeds and breadcrumb, self-canonical', async () => {
    const head = await visit(blog, '/blog/category/walks');
    expectPublicHead(blog, head, {
      canonical: '/blog/category/walks',
      type: 'website',
      ld: ['CollectionPage', 'BreadcrumbList'],
    });
    expect(head.titles[0]).toBe('Walking routes · Trail Notes');
    expect(one(head, 'description')).toBe('Routes on foot.');
    const feeds = head.links.filter((link) => link.rel === 'alternate');
    expect(feeds.map((link) => link.href)).toContain(
      `${blog.site.origin}/blog/category/walks/atom.xml`,
    );
    expect(feeds.every((link) => link.type && link.title)).toBe(true);
  });

  it('gives tag, hashtag and archive pages their own heads', async () => {
    const tag = await visit(blog, '/blog/tags/alps');
    expectPublicHead(blog, tag, {
      canonical: '/blog/tags/alps',
      type: 'website',
      ld: ['CollectionPage', 'BreadcrumbList'],
    });
    expect(tag.links.map((link) => link.href)).toContain(
      `${blog.site.origin}/blog/tags/alps/feed.json`,
    );
    const hashtag = await visit(blog, '/blog/hashtags/hiking');
    expectPublicHead(blog, hashtag, {
      canonical: '/blog/hashtags/hiking',
      type: 'website',
      ld: ['CollectionPage'],
    });
    const archive = await visit(blog, '/blog/archive/2025/1');
    expectPublicHead(blog, archive, {
      canonical: '/blog/archive/2025/1',
      type: 'website',
      ld: ['CollectionPage'],
    });
  });

  it('gives a public profile its ProfilePage and the author’s feeds', async () => {
    const head = await visit(blog, '/blog/profiles/wren');
    expectPublicHead(blog, head, {
      canonical: '/blog/profiles/wren',
      type: 'profile',
      ld: ['ProfilePage'],
    });
    expect(nestedOfType(head.ld[0]!.mainEntity, 'Person')?.name).toBe('Wren Writer');
    expect(head.links.map((link) => link.href)).toContain(
      `${blog.site.origin}/blog/profiles/wren/rss.xml`,
    );
  });

  it('keeps search results out of search engines, canonical without the page number', async () => {
    const head = await visit(blog, '/blog/search/pass');
    expectPublicHead(blog, head, {
      canonical: '/blog/search/pass',
      type: 'website',
      ld: [],
      robots: 'noindex, follow',
    });
  });

  it('keeps editors, forms, previews and members’ pages out of search engines', async () => {
    const cases: [string, string | undefined, number][] = [
      [`/blog/${post.slug}/edit`, blog.writerId, 200],
      ['/blog/create-post', blog.writerId, 200],
      [`/blog/${post.id}/preview/x`, blog.writerId, 200],
      [`/blog/${post.id}/preview/x`, undefined, 401],
      [`/blog/${post.slug}/edit-comment/${randomUUID()}`, blog.writerId, 404],
      ['/blog/profiles/wren/edit', blog.writerId, 200],
      ['/blog/notifications', blog.writerId, 200],
      ['/blog/login', undefined, 200],
    ];
    for (const [url, member, status] of cases) {
      const head = await visit(blog, url, member);
      expectNoindex(head, status);
      expect(head.html, url).not.toContain('application/ld+json');
    }
  });

  it('keeps a private profile out of search engines', async () => {
    const hidden = await createMember(harness.db, blog.site.id, {
      slug: 'hidden',
      privacyStatus: 'PRIVATE',
    });
    expect(hidden.id).toBeTruthy();
    expectNoindex(await visit(blog, '/blog/profiles/hidden'), 403);
    await harness.db.delete(members).where(eq(members.id, hidden.id));
  });

  it('gives the 404 page and unknown addresses a title and noindex', async () => {
    for (const url of [
      '/blog/404',
      '/blog/no-such-post',
      '/blog/category/no-such-category',
      '/blog/tags/no-such-tag',
      '/blog/a/b/c/d/e/f',
      '/no-such-site-page',
    ]) {
      const head = await visit(blog, url);
      expectNoindex(head, 404);
      expect(head.titles[0], url).toContain('Page not found');
    }
  });

  it('renders the same head for a member as for a visitor (cached pages share it)', async () => {
    const url = `/blog/${post.slug}`;
    const headOf = (head: Head) => /<head>([\s\S]*?)<\/head>/.exec(head.html)?.[1] ?? '';
    const strip = (text: string) => text.replace(/<link rel="modulepreload"[^>]*>/g, '');
    const visitor = strip(headOf(await visit(blog, url)));
    const member = strip(headOf(await visit(blog, url, blog.ownerId)));
    const seoPart = (text: string) =>
      [...text.matchAll(/<(?:title|meta|link rel="(?:canonical|alternate)")[^>]*>/g)].join('\n');
    expect(seoPart(member)).toBe(seoPart(visitor));
  });
});

describe('JSON-LD is safe', () => {
  it('keeps a script-closing title inside its block', async () => {
    const site = await createTestSite(harness.db, { name: 'Safe Blog' });
    const writer = await createMember(harness.db, site.id);
    const evil = '</script><script>alert(1)</script>';
    const written = buildPost(site.id, writer.id, { title: evil, slug: 'evil' });
    await harness.app.services.postWriter.insertPost(written);
    const head = await visit({ site, ownerId: writer.id, writerId: writer.id }, '/blog/evil');
    expect(head.status).toBe(200);
    expect(head.html).not.toContain('<script>alert(1)');
    expect(head.ld[0]!.headline).toBe(evil);
    expect(head.titles[0]).toBe(`${evil} · Safe Blog`);
  });
});
