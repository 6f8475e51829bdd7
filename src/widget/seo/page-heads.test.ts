/**
 * The pages' heads (issue 19 § Pages' heads), pure: titles, canonical addresses on the site's
 * origin, robots, Open Graph, the Twitter card, feed autodiscovery and typed JSON-LD.
 */
import type { MetaDescriptor } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ldProblems, nestedOfType } from '../../../tests/support/json-ld-check';
import { EMPTY_POST_SEO, type PostSeoFields } from '../../domain/seo';
import { translatorFor } from '../i18n';
import { errorHeads, ogLocale } from './head';
import type { HeadContext, HeadSite } from './head-site';
import { headSiteOf, servedImage } from './head-site';
import { blogMeta } from './meta';
import {
  categoryHead,
  feedHead,
  type PostHeadData,
  postHead,
  profileHead,
  tagHead,
} from './page-heads';

const SITE: HeadSite = {
  origin: 'https://blog.example.com',
  name: 'Trail Notes',
  base: '/blog',
  language: 'en',
  description: 'Walks and rides.',
  logo: null,
};

function contextOf(site: Partial<HeadSite> = {}): HeadContext {
  return { site: { ...SITE, ...site }, t: translatorFor('en').t };
}

/** The `content` of the meta tag named or with the property `key`, all of them. */
function contents(meta: MetaDescriptor[], key: string): string[] {
  return meta.flatMap((tag) => {
    const named = tag as { name?: string; property?: string; content?: string };
    return named.name === key || named.property === key ? [named.content ?? ''] : [];
  });
}

function content(meta: MetaDescriptor[], key: string): string | undefined {
  return contents(meta, key)[0];
}

function links(meta: MetaDescriptor[], rel: string) {
  return meta.filter(
    (tag): tag is { tagName: 'link'; rel: string; href: string; type?: string; title?: string } =>
      'tagName' in tag && tag.tagName === 'link' && (tag as { rel?: string }).rel === rel,
  );
}

function titleOf(meta: MetaDescriptor[]): string | undefined {
  return (meta.find((tag) => 'title' in tag) as { title?: string } | undefined)?.title;
}

function jsonLd(meta: MetaDescriptor[]): Record<string, unknown>[] {
  return meta.flatMap((tag) =>
    'script:ld+json' in tag ? [tag['script:ld+json'] as Record<string, unknown>] : [],
  );
}

function postData(
  overrides: Partial<PostHeadData['post']> = {},
  seo: Partial<PostSeoFields> = {},
): PostHeadData {
  return {
    post: {
      title: 'Over the pass',
      excerpt: 'Two days on foot over the pass.',
      link: '/blog/over-the-pass',
      firstPublishedDate: '2026-05-01T08:00:00.000Z',
      updatedAt: '2026-05-02T09:00:00.000Z',
      owner: { name: 'Ada Writer', link: '/blog/profiles/ada' },
      mainCategory: { label: 'Walks', link: '/blog/category/walks' },
      tags: [{ label: 'alps' }, { label: 'hiking' }],
      cover: {
        id: '11111111-1111-4111-8111-111111111111',
        url: null,
        width: 2000,
        height: 1000,
        alt: 'The pass',
      },
      seo: { ...EMPTY_POST_SEO, ...seo },
      ...overrides,
    },
    wordCount: 321,
  };
}

describe('ogLocale', () => {
  it('adds the likeliest region to a bare language and keeps a given one', () => {
    expect(ogLocale('en')).toBe('en_US');
    expect(ogLocale('fr')).toBe('fr_FR');
    expect(ogLocale('pt-BR')).toBe('pt_BR');
    expect(ogLocale('not a language')).toBe('en_US');
  });
});

describe('postHead', () => {
  it('says everything about a post, on the site origin', () => {
    const meta = postHead(contextOf(), postData());
    expect(titleOf(meta)).toBe('Over the pass · Trail Notes');
    expect(content(meta, 'description')).toBe('Two days on foot over the pass.');
    expect(links(meta, 'canonical').map((l) => l.href)).toEqual([
      'https://blog.example.com/blog/over-the-pass',
    ]);
    expect(content(meta, 'robots')).toBeUndefined();
    expect(content(meta, 'og:type')).toBe('article');
    expect(content(meta, 'og:url')).toBe('https://blog.example.com/blog/over-the-pass');
    expect(content(meta, 'og:site_name')).toBe('Trail Notes');
    expect(content(meta, 'og:locale')).toBe('en_US');
    expect(content(meta, 'og:image')).toBe(
      'https://blog.example.com/media/11111111-1111-4111-8111-111111111111/social.jpg',
    );
    expect(content(meta, 'og:image:width')).toBe('1200');
    expect(content(meta, 'og:image:height')).toBe('630');
    expect(content(meta, 'og:image:alt')).toBe('The pass');
    expect(content(meta, 'article:published_time')).toBe('2026-05-01T08:00:00.000Z');
    expect(content(meta, 'article:modified_time')).toBe('2026-05-02T09:00:00.000Z');
    expect(content(meta, 'article:author')).toBe('https://blog.example.com/blog/profiles/ada');
    expect(content(meta, 'article:section')).toBe('Walks');
    expect(contents(meta, 'article:tag')).toEqual(['alps', 'hiking']);
    expect(content(meta, 'twitter:card')).toBe('summary_large_image');
    expect(content(meta, 'twitter:image:alt')).toBe('The pass');
  });

  it('uses the SEO title and description, the canonical override and noindex', () => {
    const meta = postHead(
      contextOf(),
      postData(
        {},
        {
          seoTitle: 'Crossing the pass in two days',
          seoDescription: 'Our route.',
          canonicalUrl: 'https://elsewhere.example/original',
          noindex: true,
        },
      ),
    );
    expect(titleOf(meta)).toBe('Crossing the pass in two days · Trail Notes');
    expect(content(meta, 'og:title')).toBe('Crossing the pass in two days');
    expect(content(meta, 'twitter:description')).toBe('Our route.');
    expect(links(meta, 'canonical')[0]!.href).toBe('https://elsewhere.example/original');
    expect(content(meta, 'robots')).toContain('noindex');
  });

  it('has a small card and the blog logo without a cover', () => {
    const logo = servedImage(
      SITE.origin,
      { id: 'logo-id', width: 400, height: 200 },
      'Trail Notes',
    );
    const meta = postHead(contextOf({ logo }), postData({ cover: null }));
    expect(content(meta, 'twitter:card')).toBe('summary');
    expect(content(meta, 'og:image')).toBe('https://blog.example.com/media/logo-id/w320.webp');
    expect(content(meta, 'og:image:width')).toBe('320');
    expect(content(meta, 'og:image:height')).toBe('160');
  });

  it('serves a whole BlogPosting and the breadcrumb blog → category → post', () => {
    const [posting, crumbs] = jsonLd(postHead(contextOf(), postData()));
    expect(ldProblems(posting!)).toEqual([]);
    expect(posting).toMatchObject({
      '@type': 'BlogPosting',
      headline: 'Over the pass',
      wordCount: 321,
      keywords: 'alps, hiking',
      articleSection: 'Walks',
      mainEntityOfPage: { '@id': 'https://blog.example.com/blog/over-the-pass' },
    });
    expect(nestedOfType(posting!.author, 'Person')?.url).toBe(
      'https://blog.example.com/blog/profiles/ada',
    );
    expect(nestedOfType(posting!.publisher, 'Organization')?.name).toBe('Trail Notes');
    expect(ldProblems(crumbs!)).toEqual([]);
    expect(
      (crumbs!.itemListElement as { name: string; position: number }[]).map((c) => c.name),
    ).toEqual(['Trail Notes', 'Walks', 'Over the pass']);
  });

  it('keeps a script-closing title inside its JSON-LD block as React Router writes it', () => {
    const evil = '</script><script>alert(1)</script>';
    const [posting] = jsonLd(postHead(contextOf(), postData({ title: evil })));
    // React Router's <Meta> writes JSON.stringify(block) with `<` escaped as \u003c.
    expect(posting!.headline).toBe(evil);
  });
});

describe('listing pages', () => {
  const feed = {
    currentPage: 1,
    posts: [{ title: 'Over the pass', link: '/blog/over-the-pass' }],
  };

  it('gives the feed home the WebSite with its search action and the blog feeds', () => {
    const meta = feedHead(contextOf(), { feed, seo: { title: '', description: '' } });
    expect(titleOf(meta)).toBe('Blog · Trail Notes');
    expect(links(meta, 'canonical')[0]!.href).toBe('https://blog.example.com/blog');
    const blocks = jsonLd(meta);
    expect(blocks.map((b) => b['@type'])).toEqual(['WebSite', 'CollectionPage']);
    for (const block of blocks) expect(ldProblems(block)).toEqual([]);
    expect(blocks[0]!.potentialAction).toMatchObject({
      target: { urlTemplate: 'https://blog.example.com/blog/search/{search_term_string}' },
      'query-input': 'required name=search_term_string',
    });
    expect(links(meta, 'alternate').map((l) => [l.type, l.href])).toEqual([
      ['application/rss+xml', 'https://blog.example.com/blog/rss.xml'],
      ['application/atom+xml', 'https://blog.example.com/blog/atom.xml'],
      ['application/feed+json', 'https://blog.example.com/blog/feed.json'],
    ]);
    expect(content(meta, 'og:type')).toBe('website');
  });

  it('is self-canonical with its page number past page 1', () => {
    const meta = feedHead(contextOf(), {
      feed: { ...feed, currentPage: 3 },
      seo: { title: 'Walking blog', description: 'Walks.' },
    });
    expect(titleOf(meta)).toBe('Blog · Page 3 · Trail Notes');
    expect(links(meta, 'canonical')[0]!.href).toBe('https://blog.example.com/blog/page/3');
    expect(jsonLd(meta).map((b) => b['@type'])).toEqual(['CollectionPage']);
  });

  it('gives a subcategory its SEO title, cover card, breadcrumb and feeds', () => {
    const meta = categoryHead(contextOf(), {
      category: {
        slug: 'rail',
        label: 'Rail',
        link: '/blog/topics/trips/rail',
        description: '',
        seoTitle: 'Rail journeys',
        seoDescription: 'Trains across Europe.',
        coverImage: { id: 'cover-id', url: null, width: 1600, height: 900, alt: '' },
      },
      parent: { menuLabel: 'Trips', link: '/blog/topics/trips' },
      feed: { ...feed, currentPage: 2 },
    });
    expect(titleOf(meta)).toBe('Rail journeys · Page 2 · Trail Notes');
    expect(content(meta, 'description')).toBe('Trains across Europe.');
    expect(links(meta, 'canonical')[0]!.href).toBe(
      'https://blog.example.com/blog/topics/trips/rail/page/2',
    );
    expect(content(meta, 'og:image')).toBe('https://blog.example.com/media/cover-id/social.jpg');
    expect(content(meta, 'og:image:alt')).toBe('Rail');
    const crumbs = jsonLd(meta).find((b) => b['@type'] === 'BreadcrumbList')!;
    expect((crumbs.itemListElement as { name: string }[]).map((c) => c.name)).toEqual([
      'Trail Notes',
      'Trips',
      'Rail',
    ]);
    expect(links(meta, 'alternate').map((l) => l.href)).toContain(
      'https://blog.example.com/blog/category/rail/rss.xml',
    );
  });

  it('links a tag page to its own feeds besides the blog’s', () => {
    const meta = tagHead(contextOf(), {
      tag: { slug: 'alps', label: 'alps', link: '/blog/tags/alps' },
      feed,
    });
    expect(titleOf(meta)).toBe('#alps · Trail Notes');
    const alternates = links(meta, 'alternate');
    expect(alternates).toHaveLength(6);
    expect(alternates[3]).toMatchObject({
      href: 'https://blog.example.com/blog/tags/alps/rss.xml',
      title: '#alps · Trail Notes (RSS)',
    });
  });
});

describe('profileHead', () => {
  it('is a ProfilePage about the Person, with the author’s feeds', () => {
    const meta = profileHead(contextOf(), {
      member: {
        name: 'Ada Writer',
        slug: 'ada',
        about: '',
        link: '/blog/profiles/ada',
        image: null,
      },
      posts: { currentPage: 1 },
    });
    expect(content(meta, 'og:type')).toBe('profile');
    expect(links(meta, 'canonical')[0]!.href).toBe('https://blog.example.com/blog/profiles/ada');
    const [page] = jsonLd(meta);
    expect(ldProblems(page!)).toEqual([]);
    expect(nestedOfType(page!.mainEntity, 'Person')?.name).toBe('Ada Writer');
    expect(links(meta, 'alternate').map((l) => l.href)).toContain(
      'https://blog.example.com/blog/profiles/ada/feed.json',
    );
  });
});

describe('blogMeta and errorHeads', () => {
  const layout = { id: 'widget/routes/blog-layout', data: { errorHeads: errorHeads(contextOf()) } };

  it('reads the head the loader built', () => {
    const head = [{ title: 'Mine' }];
    expect(blogMeta({ data: { head }, matches: [layout] })).toBe(head);
  });

  it('gives a failed loader (an unknown slug) a title and noindex', () => {
    const meta = blogMeta({ data: undefined, matches: [layout] });
    expect(titleOf(meta)).toBe('Page not found · Trail Notes');
    expect(content(meta, 'robots')).toBe('noindex');
    expect(links(meta, 'alternate')).toHaveLength(3);
    const failed = blogMeta({ data: undefined, matches: [layout], error: new Error('x') });
    expect(titleOf(failed)).toBe('Something went wrong · Trail Notes');
  });

  it('keeps a title without the blog layout’s data', () => {
    expect(titleOf(blogMeta({ data: null, matches: [], error: null }))).toBe('Page not found');
  });

  it('builds the site’s facts with its logo at the served size', () => {
    const site = headSiteOf(
      {
        origin: 'https://x.example',
        name: 'X',
        blogBase: '/blog',
        description: '',
        logo: { id: 'l', width: 2000, height: 1000 },
      } as Parameters<typeof headSiteOf>[0],
      'de',
    );
    expect(site.logo).toMatchObject({
      url: 'https://x.example/media/l/w640.webp',
      width: 640,
      height: 320,
    });
    expect(site.language).toBe('de');
  });
});
