/**
 * A feed model written as RSS 2.0, Atom 1.0 (RFC 4287) or JSON Feed 1.1 (decision 048). The XML
 * is built by fast-xml-parser's builder, which escapes every text and attribute; the `feed`
 * package was not used because it writes JSON Feed 1 (not 1.1), no Media RSS and no enclosure
 * lengths, and escapes `&` twice in some fields.
 */
import { XMLBuilder } from 'fast-xml-parser';
import type { FeedFormat } from '../../domain/feeds';
import type { FeedEntry, FeedModel, FeedTerm } from './feed-model.server';

/** Characters XML 1.0 cannot hold at all (C0 controls but tab, line feed and return). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point.
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Every string of a value with the characters XML cannot carry removed. */
function xmlSafe<T>(value: T): T {
  if (typeof value === 'string') return value.replace(NOT_XML, '') as T;
  if (Array.isArray(value)) return value.map(xmlSafe) as T;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, xmlSafe(inner)]),
    ) as T;
  }
  return value;
}

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  format: true,
  suppressEmptyNode: true,
  processEntities: true,
});

function xml(document: object): string {
  return `<?xml version="1.0" encoding="utf-8"?>\n${builder.build(xmlSafe(document))}`;
}

const NS = {
  atom: 'http://www.w3.org/2005/Atom',
  content: 'http://purl.org/rss/1.0/modules/content/',
  dc: 'http://purl.org/dc/elements/1.1/',
  media: 'http://search.yahoo.com/mrss/',
};

function rssItem(entry: FeedEntry) {
  const terms = [...entry.categories, ...entry.tags];
  return {
    title: entry.title,
    link: entry.link,
    guid: { '#text': entry.id, '@_isPermaLink': 'false' },
    pubDate: entry.published.toUTCString(),
    description: entry.summary,
    ...(entry.contentHtml !== null ? { 'content:encoded': entry.contentHtml } : {}),
    // RSS's own <author> must be an e-mail address; Dublin Core's creator is the name.
    ...(entry.author ? { 'dc:creator': entry.author.name } : {}),
    ...(terms.length > 0
      ? { category: terms.map((term) => ({ '#text': term.label, '@_domain': term.link })) }
      : {}),
    ...(entry.image
      ? {
          enclosure: {
            '@_url': entry.image.url,
            '@_length': String(entry.image.length),
            '@_type': entry.image.type,
          },
          'media:content': {
            '@_url': entry.image.url,
            '@_medium': 'image',
            '@_type': entry.image.type,
            ...(entry.image.width ? { '@_width': String(entry.image.width) } : {}),
            ...(entry.image.height ? { '@_height': String(entry.image.height) } : {}),
            ...(entry.image.length ? { '@_fileSize': String(entry.image.length) } : {}),
            ...(entry.image.alt
              ? { 'media:description': { '#text': entry.image.alt, '@_type': 'plain' } }
              : {}),
          },
        }
      : {}),
  };
}

/** RSS 2.0 with the Atom (self link), content, Dublin Core and Media RSS namespaces. */
export function toRss(model: FeedModel): string {
  return xml({
    rss: {
      '@_version': '2.0',
      '@_xmlns:atom': NS.atom,
      '@_xmlns:content': NS.content,
      '@_xmlns:dc': NS.dc,
      '@_xmlns:media': NS.media,
      channel: {
        title: model.title,
        link: model.link,
        description: model.description,
        language: model.language,
        lastBuildDate: model.updated.toUTCString(),
        'atom:link': {
          '@_href': model.self.rss,
          '@_rel': 'self',
          '@_type': 'application/rss+xml',
        },
        ...(model.logo ? { image: { url: model.logo, title: model.title, link: model.link } } : {}),
        item: model.entries.map(rssItem),
      },
    },
  });
}

function atomCategory(term: FeedTerm) {
  return { '@_term': term.term, '@_label': term.label, '@_scheme': term.link };
}

function atomEntry(entry: FeedEntry) {
  const links: object[] = [{ '@_rel': 'alternate', '@_type': 'text/html', '@_href': entry.link }];
  if (entry.image) {
    links.push({
      '@_rel': 'enclosure',
      '@_type': entry.image.type,
      '@_href': entry.image.url,
      ...(entry.image.length ? { '@_length': String(entry.image.length) } : {}),
    });
  }
  return {
    id: entry.id,
    title: { '#text': entry.title, '@_type': 'text' },
    link: links,
    published: entry.published.toISOString(),
    updated: entry.updated.toISOString(),
    ...(entry.author ? { author: { name: entry.author.name, uri: entry.author.link } } : {}),
    ...(entry.categories.length + entry.tags.length > 0
      ? { category: [...entry.categories, ...entry.tags].map(atomCategory) }
      : {}),
    ...(entry.summary ? { summary: { '#text': entry.summary, '@_type': 'text' } } : {}),
    ...(entry.contentHtml !== null
      ? { content: { '#text': entry.contentHtml, '@_type': 'html' } }
      : {}),
  };
}

/**
 * Atom 1.0. An entry without an author would make the feed invalid unless the feed has one
 * (RFC 4287 §4.1.1): the blog itself is the feed's author.
 */
export function toAtom(model: FeedModel): string {
  return xml({
    feed: {
      '@_xmlns': NS.atom,
      '@_xml:lang': model.language,
      id: model.id,
      title: { '#text': model.title, '@_type': 'text' },
      subtitle: { '#text': model.description, '@_type': 'text' },
      updated: model.updated.toISOString(),
      author: { name: model.title, uri: model.link },
      link: [
        { '@_rel': 'self', '@_type': 'application/atom+xml', '@_href': model.self.atom },
        { '@_rel': 'alternate', '@_type': 'text/html', '@_href': model.link },
      ],
      ...(model.logo ? { logo: model.logo } : {}),
      entry: model.entries.map(atomEntry),
    },
  });
}

function jsonItem(entry: FeedEntry) {
  return {
    id: entry.id,
    url: entry.link,
    title: entry.title,
    ...(entry.contentHtml !== null
      ? { content_html: entry.contentHtml, summary: entry.summary }
      : { content_text: entry.summary }),
    ...(entry.image ? { image: entry.image.url } : {}),
    date_published: entry.published.toISOString(),
    date_modified: entry.updated.toISOString(),
    ...(entry.author ? { authors: [{ name: entry.author.name, url: entry.author.link }] } : {}),
    tags: [...entry.categories, ...entry.tags].map((term) => term.label),
  };
}

/** JSON Feed 1.1 (https://jsonfeed.org/version/1.1). */
export function toJsonFeed(model: FeedModel): string {
  return JSON.stringify({
    version: 'https://jsonfeed.org/version/1.1',
    title: model.title,
    home_page_url: model.link,
    feed_url: model.self.json,
    description: model.description,
    language: model.language,
    ...(model.logo ? { icon: model.logo } : {}),
    items: model.entries.map(jsonItem),
  });
}

/** The feed in `format`. */
export function writeFeed(model: FeedModel, format: FeedFormat): string {
  if (format === 'rss') return toRss(model);
  if (format === 'atom') return toAtom(model);
  return toJsonFeed(model);
}
