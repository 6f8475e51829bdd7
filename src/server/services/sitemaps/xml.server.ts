/**
 * Sitemap documents (sitemaps.org 0.9 with Google's image extension), written by
 * fast-xml-parser's builder, which escapes every text, and kept with their validators: an ETag of
 * the bytes and the newest lastmod for Last-Modified.
 */
import { createHash } from 'node:crypto';
import { XMLBuilder } from 'fast-xml-parser';

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const IMAGE_NS = 'http://www.google.com/schemas/sitemap-image/1.1';

/** One `<url>`: an absolute address, when it last changed, and its pictures (absolute). */
export interface SitemapUrl {
  loc: string;
  lastmod: Date | null;
  images?: string[];
}

/** One `<sitemap>` of an index. */
export interface SitemapRef {
  loc: string;
  lastmod: Date | null;
}

/** A written document and what a conditional request compares. */
export interface XmlDocument {
  body: string;
  etag: string;
  /** The newest lastmod in it; null when none is known. */
  lastModified: Date | null;
}

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_' });

/** W3C Datetime as sitemaps.org asks, to the second in UTC. */
function w3cDate(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

function newest(dates: (Date | null)[]): Date | null {
  let best: Date | null = null;
  for (const date of dates) if (date && (!best || date > best)) best = date;
  return best;
}

function documentOf(root: Record<string, unknown>, dates: (Date | null)[]): XmlDocument {
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build(root)}`;
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  return { body, etag, lastModified: newest(dates) };
}

/** A `<urlset>`; the image namespace is declared when an entry has pictures. */
export function urlsetDocument(urls: SitemapUrl[]): XmlDocument {
  const hasImages = urls.some((url) => (url.images?.length ?? 0) > 0);
  const entries = urls.map((url) => ({
    loc: url.loc,
    ...(url.lastmod ? { lastmod: w3cDate(url.lastmod) } : {}),
    ...(url.images?.length
      ? { 'image:image': url.images.map((image) => ({ 'image:loc': image })) }
      : {}),
  }));
  return documentOf(
    {
      urlset: {
        '@_xmlns': SITEMAP_NS,
        ...(hasImages ? { '@_xmlns:image': IMAGE_NS } : {}),
        url: entries,
      },
    },
    urls.map((url) => url.lastmod),
  );
}

/** A `<sitemapindex>`. */
export function sitemapIndexDocument(sitemaps: SitemapRef[]): XmlDocument {
  const entries = sitemaps.map((sitemap) => ({
    loc: sitemap.loc,
    ...(sitemap.lastmod ? { lastmod: w3cDate(sitemap.lastmod) } : {}),
  }));
  return documentOf(
    { sitemapindex: { '@_xmlns': SITEMAP_NS, sitemap: entries } },
    sitemaps.map((sitemap) => sitemap.lastmod),
  );
}
