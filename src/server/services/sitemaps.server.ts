/**
 * The site's sitemaps (issue 19; decision 049), built incrementally and cached:
 *
 * - The index and the small lists (pages, categories, tags, authors, archive) are built together
 *   once per site generation (`SiteMemo`): every content write drops them, and until the next one
 *   the index is a memory read.
 * - The posts are split into chunks of 50,000, oldest first, by keyset ranges of
 *   `posts_sitemap_idx`. The index asks each chunk for its (count, newest change), one index-only
 *   range scan each; a chunk's document is cached under those and the range, so a new post
 *   rebuilds the last chunk only, and an edit only the chunk it is in.
 */
import { LRUCache } from 'lru-cache';
import {
  SITEMAP_LISTS,
  SITEMAP_MAX_URLS,
  type SitemapChild,
  type SitemapList,
  sitemapChildPath,
} from '../../domain/sitemaps';
import type { SiteView } from '../../domain/views';
import { type SiteGenerations, SiteMemo } from '../cache/generations.server';
import type { Database } from '../db/connection.server';
import {
  archiveEntries,
  authorEntries,
  categoryEntries,
  pageEntries,
  postEntry,
  tagEntries,
} from './sitemaps/entries.server';
import {
  type ChunkRange,
  type ChunkStats,
  chunkBoundaries,
  chunkPosts,
  chunkStats,
} from './sitemaps/queries.server';
import {
  type SitemapUrl,
  sitemapIndexDocument,
  urlsetDocument,
  type XmlDocument,
} from './sitemaps/xml.server';

export interface SitemapsDeps {
  db: Database;
  generations: SiteGenerations;
  /** Posts per sitemap; sitemaps.org's 50,000 unless a test splits sooner. */
  chunkSize?: number;
  /** Posts read at once while a chunk is written; tests make it small. */
  readBatch?: number;
}

/** Posts read at once while a chunk is written (their documents are the bulk). */
const CHUNK_READ_BATCH = 1_000;

/** A chunk of posts as the index knows it. */
interface PostChunk {
  range: ChunkRange;
  stats: ChunkStats;
}

/** Everything built once per site generation. */
interface SiteSitemaps {
  index: XmlDocument;
  lists: Map<SitemapList, XmlDocument>;
  chunks: PostChunk[];
}

const LIST_ENTRIES: Record<SitemapList, (db: Database, site: SiteView) => Promise<SitemapUrl[]>> = {
  pages: pageEntries,
  categories: categoryEntries,
  tags: tagEntries,
  authors: authorEntries,
  archive: archiveEntries,
};

/** The chunks' ranges from the boundary keys: each runs from the previous boundary to its own. */
function rangesOf(boundaries: ChunkRange['upTo'][]): ChunkRange[] {
  const ranges: ChunkRange[] = [];
  let after: ChunkRange['after'] = null;
  for (const upTo of [...boundaries, null]) {
    ranges.push({ after, upTo });
    after = upTo;
  }
  return ranges;
}

/** What of the site a document's addresses depend on besides its rows. */
function addressing(site: SiteView): string {
  return [site.origin, site.blogBase, site.categoryPath, site.postUrlShape, site.timeZone].join(
    '\u0000',
  );
}

/** The sitemaps service; one per app. */
export function createSitemaps({
  db,
  generations,
  chunkSize = SITEMAP_MAX_URLS,
  readBatch = CHUNK_READ_BATCH,
}: SitemapsDeps) {
  // Dropped by the site's next write; an hour at most so that a missed bump heals.
  const memo = new SiteMemo(generations, { ttlMs: 3_600_000, maxEntries: 1_000 });
  // Post chunks by what they hold; bounded in bytes (a 50,000-post chunk is ~10 MB).
  const chunkDocuments = new LRUCache<string, XmlDocument>({
    maxSize: 128 * 1024 * 1024,
    sizeCalculation: (document) => document.body.length + 256,
  });
  const chunkBuilds = new Map<string, Promise<XmlDocument>>();

  async function build(site: SiteView): Promise<SiteSitemaps> {
    const boundaries = await chunkBoundaries(db, site.id, chunkSize);
    const chunks: PostChunk[] = [];
    for (const range of rangesOf(boundaries)) {
      const stats = await chunkStats(db, site.id, range);
      if (stats.count > 0) chunks.push({ range, stats });
    }
    const lists = new Map<SitemapList, XmlDocument>();
    for (const list of SITEMAP_LISTS) {
      const urls = await LIST_ENTRIES[list](db, site);
      // A sitemap needs at least one address (sitemaps.org's schema): an empty one is not listed.
      if (urls.length > 0) lists.set(list, urlsetDocument(urls));
    }
    const refs = [
      ...(lists.has('pages')
        ? [ref(site, { kind: 'list', list: 'pages' }, lists.get('pages')!)]
        : []),
      ...chunks.map((chunk, i) => ({
        loc: `${site.origin}${sitemapChildPath({ kind: 'posts', chunk: i + 1 })}`,
        lastmod: chunk.stats.lastmod,
      })),
      ...SITEMAP_LISTS.filter((list) => list !== 'pages' && lists.has(list)).map((list) =>
        ref(site, { kind: 'list', list }, lists.get(list)!),
      ),
    ];
    return { index: sitemapIndexDocument(refs), lists, chunks };
  }

  function ref(site: SiteView, child: SitemapChild, document: XmlDocument) {
    return { loc: `${site.origin}${sitemapChildPath(child)}`, lastmod: document.lastModified };
  }

  function sitemapsOf(site: SiteView): Promise<SiteSitemaps> {
    return memo.get(site.id, 'sitemaps', () => build(site));
  }

  /** A chunk's entries, read in keyset batches so only one batch of documents is held. */
  async function chunkUrls(site: SiteView, range: ChunkRange): Promise<SitemapUrl[]> {
    const urls: SitemapUrl[] = [];
    let after = range.after;
    for (;;) {
      const rows = await chunkPosts(db, site.id, { after, upTo: range.upTo }, readBatch);
      for (const row of rows) urls.push(postEntry(site, row));
      const last = rows.at(-1);
      if (!last || rows.length < readBatch) return urls;
      after = last.key;
    }
  }

  async function postChunk(site: SiteView, chunk: PostChunk): Promise<XmlDocument> {
    const { range, stats } = chunk;
    const key = [
      site.id,
      addressing(site),
      range.after?.date,
      range.after?.id,
      range.upTo?.date,
      range.upTo?.id,
      stats.count,
      stats.lastmod?.toISOString(),
      stats.checksum,
    ].join('\u0001');
    const cached = chunkDocuments.get(key);
    if (cached) return cached;
    let pending = chunkBuilds.get(key);
    if (!pending) {
      pending = chunkUrls(site, range)
        .then(urlsetDocument)
        .then((document) => {
          chunkDocuments.set(key, document);
          return document;
        })
        .finally(() => chunkBuilds.delete(key));
      chunkBuilds.set(key, pending);
    }
    return pending;
  }

  return {
    /** The sitemap index (`/sitemap.xml`). */
    async index(site: SiteView): Promise<XmlDocument> {
      return (await sitemapsOf(site)).index;
    },

    /** A child sitemap, or null when the site has no such child (404). */
    async child(site: SiteView, child: SitemapChild): Promise<XmlDocument | null> {
      const sitemaps = await sitemapsOf(site);
      if (child.kind === 'list') return sitemaps.lists.get(child.list) ?? null;
      const chunk = sitemaps.chunks[child.chunk - 1];
      return chunk ? postChunk(site, chunk) : null;
    },

    /** How many post sitemaps the site has (the bench and tests read it). */
    async postChunkCount(site: SiteView): Promise<number> {
      return (await sitemapsOf(site)).chunks.length;
    },
  };
}

export type SitemapsService = ReturnType<typeof createSitemaps>;
