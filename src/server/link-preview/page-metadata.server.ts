/**
 * What an HTML page says about itself, for a link preview card (issue 4): Open Graph
 * (`og:title`, `og:description`, `og:image`, `og:site_name`), Twitter's cards as a second choice,
 * then `<title>` and `<meta name="description">`. Only the head is read: parsing stops at `<body>`
 * (or at the first tag that only a body holds), so a large page costs little. htmlparser2 decodes
 * entities and copes with the broken markup real pages have. Image addresses are made absolute
 * against the page's address (or its `<base href>`) and kept only when they are http(s) and pass
 * the one URL sanitiser (`rich-content/safe-url`).
 */
import { Parser } from 'htmlparser2';
import {
  LINK_PREVIEW_DESCRIPTION_MAX_LENGTH,
  LINK_PREVIEW_TITLE_MAX_LENGTH,
} from '../../domain/link-preview';
import { safeUrl } from '../../rich-content/safe-url';

/** What the head of a page gave. */
export interface PageMetadata {
  title?: string;
  description?: string;
  imageUrl?: string;
  siteName?: string;
}

/** Meta keys by the field they fill, best first. */
const SOURCES = {
  title: ['og:title', 'twitter:title'],
  description: ['og:description', 'twitter:description', 'description'],
  image: ['og:image', 'og:image:url', 'og:image:secure_url', 'twitter:image', 'twitter:image:src'],
  siteName: ['og:site_name', 'application-name'],
} as const;

const WANTED = new Set<string>(Object.values(SOURCES).flat());

/** Tags that only appear in a body: the head is over when one opens. */
const BODY_TAGS = new Set([
  'body',
  'main',
  'article',
  'section',
  'div',
  'p',
  'h1',
  'h2',
  'header',
  'nav',
  'footer',
  'img',
  'table',
  'ul',
  'ol',
  'form',
]);

/** Collapses white space and cuts at `max` characters, at a word when one is near. */
export function cleanText(raw: string | undefined, max: number): string | undefined {
  if (raw === undefined) return undefined;
  const text = raw.replace(/\s+/g, ' ').trim();
  if (text === '') return undefined;
  const chars = [...text];
  if (chars.length <= max) return text;
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** An absolute http(s) address for `raw` read on the page at `base`, or undefined. */
export function absoluteWebUrl(raw: string | undefined, base: string): string | undefined {
  const trimmed = raw?.trim();
  if (!trimmed) return undefined;
  try {
    const url = new URL(trimmed, base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    if (url.href.length > 2048) return undefined;
    return safeUrl(url.href);
  } catch {
    return undefined;
  }
}

/** Reads the metadata of the page `html`, fetched from `pageUrl`. */
export function parsePageMetadata(html: string, pageUrl: string): PageMetadata {
  const meta = new Map<string, string>();
  let title: string | undefined;
  let titleText = '';
  let isInTitle = false;
  let base = pageUrl;
  let isDone = false;
  // Tracking pixels put an <img> in the head's <noscript>; that is not the body yet.
  let noscriptDepth = 0;

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (isDone) return;
        if (name === 'noscript') noscriptDepth += 1;
        if (noscriptDepth > 0) return;
        if (BODY_TAGS.has(name)) {
          isDone = true;
          parser.pause();
          return;
        }
        if (name === 'title' && title === undefined) {
          isInTitle = true;
          titleText = '';
        } else if (name === 'base' && attributes.href) {
          base = absoluteWebUrl(attributes.href, pageUrl) ?? base;
        } else if (name === 'meta') {
          // Open Graph uses `property`, the rest `name`; some pages mix them up.
          const key = (attributes.property ?? attributes.name ?? '').trim().toLowerCase();
          const content = attributes.content;
          if (WANTED.has(key) && content !== undefined && !meta.has(key)) meta.set(key, content);
        }
      },
      ontext(text) {
        if (isInTitle) titleText += text;
      },
      onclosetag(name) {
        if (name === 'noscript' && noscriptDepth > 0) noscriptDepth -= 1;
        if (name === 'title' && isInTitle) {
          isInTitle = false;
          title = titleText;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  if (!isDone) parser.end();

  const first = (keys: readonly string[]) =>
    keys.map((key) => meta.get(key)).find((value) => value !== undefined && value.trim() !== '');
  return dropUndefined({
    title: cleanText(first(SOURCES.title) ?? title, LINK_PREVIEW_TITLE_MAX_LENGTH),
    description: cleanText(first(SOURCES.description), LINK_PREVIEW_DESCRIPTION_MAX_LENGTH),
    // The first image a page of ours can show: their policy loads other sites' images over https
    // only (img-src, decision 029), so a plain-http one would be a broken card.
    imageUrl: SOURCES.image
      .map((key) => absoluteWebUrl(meta.get(key), base))
      .find((url) => url?.startsWith('https:')),
    siteName: cleanText(first(SOURCES.siteName), LINK_PREVIEW_TITLE_MAX_LENGTH),
  });
}

function dropUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
