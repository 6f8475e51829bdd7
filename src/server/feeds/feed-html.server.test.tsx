/**
 * Feed-safe HTML (issue 19 § Feeds): the kitchen-sink post (every node type and decoration)
 * rendered for a feed has only plain elements, absolute URLs, sized images, and no scripts,
 * frames, embeds, event handlers, classes or styles.
 */
import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { documentOf, paragraph } from '../../rich-content/document';
import { createTranslator } from '../../rich-content/i18n';
import { kitchenSinkDocument } from '../sample-content/kitchen-sink.server';
import { absoluteUrl, renderFeedHtml } from './feed-html.server';

const ORIGIN = 'https://blog.example.com';
const POST = `${ORIGIN}/blog/kitchen-sink`;
const context = {
  origin: ORIGIN,
  postLink: POST,
  blogBase: '/blog',
  t: createTranslator('en').t,
};

const photo = (n: number) => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  width: 1200,
  height: 800,
  alt: `Photo ${n}`,
});

const kitchenSink = kitchenSinkDocument(
  {
    photos: [1, 2, 3, 4, 5, 6].map(photo),
    event: photo(8),
    video: {
      url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
      title: 'A film',
      thumbnail: photo(7),
    },
  },
  new Date('2026-01-01T00:00:00Z'),
);

interface Tag {
  name: string;
  attributes: Record<string, string>;
}

function tagsOf(html: string): Tag[] {
  const tags: Tag[] = [];
  const parser = new Parser({ onopentag: (name, attributes) => tags.push({ name, attributes }) });
  parser.write(html);
  parser.end();
  return tags;
}

const ALLOWED = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'em',
  'u',
  'a',
  'ul',
  'ol',
  'li',
  'blockquote',
  'pre',
  'code',
  'hr',
  'br',
  'figure',
  'figcaption',
  'img',
  'table',
  'tbody',
  'tr',
  'td',
]);

describe('feed-safe HTML of a post with every node type', () => {
  const html = renderFeedHtml(kitchenSink, context);
  const tags = tagsOf(html);

  it('uses plain elements only: no scripts, frames, embeds or players', () => {
    expect(tags.length).toBeGreaterThan(20);
    expect(tags.map((tag) => tag.name).filter((name) => !ALLOWED.has(name))).toEqual([]);
  });

  it('has no event handlers, classes, styles or ids', () => {
    for (const tag of tags) {
      for (const name of Object.keys(tag.attributes)) {
        expect(name, `${tag.name}[${name}]`).not.toMatch(/^(on|class$|style$|id$)/);
      }
    }
  });

  it('makes every link and image address absolute on the site', () => {
    const urls = tags.flatMap((tag) =>
      ['href', 'src'].flatMap((name) => (tag.attributes[name] ? [tag.attributes[name]] : [])),
    );
    expect(urls.length).toBeGreaterThan(10);
    for (const url of urls) expect(url).toMatch(/^(https?:\/\/|mailto:|tel:)/);
    expect(urls).toContain(`${ORIGIN}/media/00000000-0000-4000-8000-000000000001/w960.webp`);
    // An in-post anchor points into the post, at the id the page gives its target.
    expect(urls).toContain(`${POST}#rc-tables`);
    // A mention leads to the member's profile.
    expect(urls).toContain(`${ORIGIN}/blog/profiles/sofia-marchetti`);
  });

  it('gives stored images their width and height', () => {
    const images = tags.filter((tag) => tag.name === 'img');
    expect(images.length).toBeGreaterThan(3);
    for (const img of images.filter((i) => i.attributes.src?.startsWith(`${ORIGIN}/media/`))) {
      expect(Number(img.attributes.width)).toBeGreaterThan(0);
      expect(Number(img.attributes.height)).toBeGreaterThan(0);
      expect(img.attributes.alt).toBeDefined();
    }
    const first = images.find((i) => i.attributes.src?.includes('000000000001'));
    expect(first?.attributes).toMatchObject({ width: '960', height: '640' });
  });

  it('turns the video into a link to its source', () => {
    expect(
      tags.some((t) => t.attributes.href === 'https://www.youtube.com/watch?v=aqz-KE-bpKQ'),
    ).toBe(true);
  });
});

describe('hostile documents', () => {
  it('drops raw HTML blocks and unsafe links, and escapes text', () => {
    const html = renderFeedHtml(
      documentOf([
        paragraph('<b>not bold</b> & more'),
        { type: 'HTML', id: 'h', nodes: [], htmlData: { html: '<script>alert(1)</script>' } },
        paragraph({
          type: 'TEXT',
          id: '',
          nodes: [],
          textData: {
            text: 'click',
            decorations: [
              { type: 'LINK', linkData: { link: { url: ' javascript:alert(2)', target: 'SELF' } } },
            ],
          },
        }),
      ]),
      context,
    );
    expect(html).toContain('&lt;b&gt;not bold&lt;/b&gt; &amp; more');
    expect(html).not.toMatch(/<script|javascript:/i);
    expect(html).toContain(`<a href="${POST}">`);
  });
});

describe('gallery pictures', () => {
  it('take their alt from their description only, as the page does (decision 067)', () => {
    const media = { src: { id: photo(1).id }, width: 1200, height: 800 };
    const html = renderFeedHtml(
      documentOf([
        {
          type: 'GALLERY',
          id: 'g',
          nodes: [],
          galleryData: {
            items: [
              { image: { media }, title: 'Captioned', altText: undefined },
              { image: { media }, altText: 'Described' },
              { image: { media }, altText: 'stale', decorative: true },
            ],
            options: { layout: { type: 'GRID', orientation: 'ROWS' } },
          },
        },
      ]),
      context,
    );
    const alts = tagsOf(html)
      .filter((tag) => tag.name === 'img')
      .map((tag) => tag.attributes.alt);
    expect(alts).toEqual(['', 'Described', '']);
    expect(html).toContain('Captioned</figcaption>');
  });
});

describe('absoluteUrl', () => {
  it('resolves relative addresses on the origin and refuses unsafe schemes', () => {
    expect(absoluteUrl('/media/x/w640.webp', ORIGIN)).toBe(`${ORIGIN}/media/x/w640.webp`);
    expect(absoluteUrl('//cdn.example.org/a.png', ORIGIN)).toBe('https://cdn.example.org/a.png');
    expect(absoluteUrl('https://other.example/a', ORIGIN)).toBe('https://other.example/a');
    expect(absoluteUrl('mailto:a@example.com', ORIGIN)).toBe('mailto:a@example.com');
    expect(absoluteUrl('javascript:alert(1)', ORIGIN)).toBeUndefined();
    expect(absoluteUrl('data:text/html,x', ORIGIN)).toBeUndefined();
  });
});
