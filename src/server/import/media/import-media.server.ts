/**
 * The import's media step (issue 21 "Media", decision 057 "Media"): before a post is stored, the
 * images it names (its cover, IMAGE nodes, GALLERY items) are brought into the site's media
 * library as uploads are (`storeUpload`: sniffed, size-limited, webp-normalised, a `media` row),
 * from, in order: what an earlier import stored (an `imported_records` row of kind `media` keyed
 * by the URL: a second import fetches nothing), the uploads folder or zip given beside the
 * export, then the web through the guarded GET. Each URL is handled once per import; a file that
 * cannot be had is a problem with a precise code and the URL as sample, never a failure: the post
 * keeps the original address. A few files at once (bounded), each with a timeout.
 */
import { and, eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import pLimit from 'p-limit';
import { mediaFileUrl } from '../../../domain/media';
import type { UploadKind } from '../../../domain/media-upload';
import type { Database } from '../../db/connection.server';
import { importedRecords, media } from '../../db/schema.server';
import { storeUpload } from '../../media/media-store.server';
import { FileTooBigError, UploadFailureError } from '../../media/upload-errors.server';
import { refusalOf } from '../../net/guarded-get.server';
import type { ImportReport } from '../job/report';
import { addProblem } from '../job/report';
import type { ImportPost, ImportSource } from '../records';
import { fileNameOf } from './media-paths';
import type { StoredImage } from './rewrite';
import { type MediaFile, type MediaSource, openMediaSource } from './sources.server';
import { MediaFetchError, peekHead, WebMedia, type WebMediaOptions } from './web-source.server';

/**
 * What `importRecords` is told about media (the command line's `--media`, `--no-fetch-media`;
 * the dashboard's import screen). Without it the job brings no media in and reports each image
 * as `media-not-fetched`.
 */
export interface ImportMediaOptions {
  /** An uploads folder or a zip given beside the export. */
  from?: string;
  /** Whether images not found in `from` are fetched from the web. */
  fetch: boolean;
  /** Allow loopback addresses when fetching: tests only. */
  allowLoopback?: boolean;
  /** One file's time budget, from the lookup to the last byte (default 15 s). */
  timeoutMs?: number;
  /** How many files are fetched or stored at once (default 4). */
  concurrency?: number;
}

/** How many files are brought in at once, by default. */
export const MEDIA_CONCURRENCY = 4;

/** How many URLs each per-import memory holds (stored ones, failed or planned ones). */
export const MEDIA_URLS_REMEMBERED = 10_000;

/** One sentence per problem code, for the owner. */
const MESSAGES: Record<string, string> = {
  'media-not-fetched': 'Images were not brought in: they keep their original addresses.',
  'media-missing':
    'An image was not in the uploads folder or zip (and fetching was off): it keeps its original address.',
  'media-unreachable': 'An image’s host could not be reached: it keeps its original address.',
  'media-not-found':
    'An image’s address did not answer with the file: it keeps its original address.',
  'media-blocked':
    'An image’s address is not a public web address, so it was not fetched: it keeps its original address.',
  'media-timeout': 'An image took too long to fetch: it keeps its original address.',
  'media-not-an-image':
    'A file given as an image is not one Inkwell reads: it keeps its original address.',
  'media-too-big': 'An image is over the upload size limit: it keeps its original address.',
  'media-store-failed': 'An image could not be stored: it keeps its original address.',
};

class MissingMedia extends Error {
  constructor(
    readonly code: string,
    readonly detail: string,
  ) {
    super(detail);
  }
}

export interface MediaStepDeps {
  db: Database;
  /** Where the media library keeps its files; needed unless the run is dry or media are off. */
  dataDir?: string;
}

/** The media step of one import. */
export class ImportMedia {
  private readonly limit: ReturnType<typeof pLimit>;
  private readonly stored = new LRUCache<string, StoredImage>({ max: MEDIA_URLS_REMEMBERED });
  /** URLs already counted and reported in this import that have no stored image (yet). */
  private readonly settled = new LRUCache<string, true>({ max: MEDIA_URLS_REMEMBERED });
  private readonly web: WebMedia | null;

  private constructor(
    private readonly options: ImportMediaOptions | null,
    private readonly deps: MediaStepDeps,
    private readonly site: { id: string; source: ImportSource; dryRun: boolean },
    private readonly report: ImportReport,
    private readonly source: MediaSource | null,
  ) {
    this.limit = pLimit(options?.concurrency ?? MEDIA_CONCURRENCY);
    const web: WebMediaOptions = {
      ...(options?.allowLoopback !== undefined && { allowLoopback: options.allowLoopback }),
      ...(options?.timeoutMs !== undefined && { timeoutMs: options.timeoutMs }),
    };
    this.web = options?.fetch ? new WebMedia(web) : null;
  }

  /**
   * Opens the step: the uploads folder or zip is opened (and a zip's index read) here, so a
   * `--media` path that cannot be used is refused before the first record (`MediaSourceError`).
   */
  static async open(
    options: ImportMediaOptions | undefined,
    deps: MediaStepDeps,
    site: { id: string; source: ImportSource; dryRun: boolean },
    report: ImportReport,
  ): Promise<ImportMedia> {
    if (options && !site.dryRun && deps.dataDir === undefined) {
      throw new Error('Bringing media in needs the media library’s folder (deps.dataDir)');
    }
    const source = options?.from ? await openMediaSource(options.from) : null;
    return new ImportMedia(options ?? null, deps, site, report, source);
  }

  async close(): Promise<void> {
    await this.source?.close();
  }

  /**
   * Brings in the images `post` names and answers the stored ones by URL (none in a dry run).
   * `ownerId` owns what is stored (as the uploader of an upload).
   */
  async bringIn(post: ImportPost, ownerId: string): Promise<Map<string, StoredImage>> {
    const urls = new Set<string>();
    if (post.cover) urls.add(post.cover.url);
    for (const image of post.images) urls.add(image.url);
    const result = new Map<string, StoredImage>();
    await Promise.all(
      [...urls].map((url) =>
        this.limit(async () => {
          const image = await this.imageOf(url, ownerId);
          if (image) result.set(url, image);
        }),
      ),
    );
    return result;
  }

  /** The stored image of `url`, bringing it in (and counting it) the first time it is met. */
  private async imageOf(url: string, ownerId: string): Promise<StoredImage | null> {
    const known = this.stored.get(url);
    if (known) return known;
    if (this.settled.has(url)) return null;
    const earlier = await this.storedEarlier(url);
    if (earlier) {
      this.report.media.existing += 1;
      this.stored.set(url, earlier);
      return earlier;
    }
    if (this.options === null) return this.missing(url, new MissingMedia('media-not-fetched', url));
    try {
      const file = await this.source?.find(url);
      if (this.site.dryRun) return this.plan(url, file ?? null);
      let image: StoredImage;
      if (file) {
        image = await this.storeFile(url, file, ownerId);
        this.report.media.fromFolder += 1;
      } else if (this.web) {
        image = await this.fetch(url, ownerId);
        this.report.media.fetched += 1;
      } else {
        throw new MissingMedia('media-missing', url);
      }
      await this.remember(url, image.id);
      this.stored.set(url, image);
      return image;
    } catch (error) {
      return this.missing(url, error);
    }
  }

  /**
   * A dry run counts what it would take from the folder or fetch, without doing either (an
   * address the guard refuses without the network is counted missing already).
   */
  private plan(url: string, file: MediaFile | null): null {
    this.settled.set(url, true);
    if (file) this.report.media.fromFolder += 1;
    else if (this.web) {
      // What the guard refuses without the network (a private IP, not http) is known now.
      const refusal = refusalOf(url, this.options?.allowLoopback ?? false);
      if (refusal !== null) return this.missing(url, new MissingMedia('media-blocked', refusal));
      this.report.media.fetched += 1;
    } else return this.missing(url, new MissingMedia('media-missing', url));
    return null;
  }

  private missing(url: string, error: unknown): null {
    this.settled.set(url, true);
    this.report.media.missing += 1;
    const { code, detail } = describeFailure(error);
    addProblem(this.report, {
      code,
      message: MESSAGES[code] ?? MESSAGES['media-store-failed']!,
      sample: detail === url ? url : `${url} (${detail})`,
    });
    return null;
  }

  /** The image an earlier import stored for `url` in this site, if its media still exists. */
  private async storedEarlier(url: string): Promise<StoredImage | null> {
    const [row] = await this.deps.db
      .select({ id: media.id, kind: media.kind, width: media.width, height: media.height })
      .from(importedRecords)
      .innerJoin(
        media,
        and(eq(media.siteId, importedRecords.siteId), eq(media.id, importedRecords.targetId)),
      )
      .where(
        and(
          eq(importedRecords.siteId, this.site.id),
          eq(importedRecords.source, this.site.source),
          eq(importedRecords.kind, 'media'),
          eq(importedRecords.sourceId, url),
        ),
      );
    if (!row) return null;
    const fileUrl = mediaFileUrl(row.id, row.kind === 'gif' ? 'gif' : 'webp');
    return { id: row.id, url: fileUrl, width: row.width ?? 0, height: row.height ?? 0 };
  }

  /** Remembers `url → media id` (replacing a mapping whose media was deleted since). */
  private async remember(url: string, mediaId: string): Promise<void> {
    await this.deps.db
      .insert(importedRecords)
      .values({
        siteId: this.site.id,
        source: this.site.source,
        kind: 'media',
        sourceId: url,
        targetId: mediaId,
      })
      .onConflictDoUpdate({
        target: [
          importedRecords.siteId,
          importedRecords.source,
          importedRecords.kind,
          importedRecords.sourceId,
        ],
        set: { targetId: mediaId },
      });
  }

  private async storeFile(url: string, file: MediaFile, ownerId: string): Promise<StoredImage> {
    return this.store(await file.open(), fileNameOf(url), ownerId);
  }

  private async fetch(url: string, ownerId: string): Promise<StoredImage> {
    const { response, signal } = await this.web!.open(url);
    try {
      return await this.store(response, fileNameOf(url), ownerId);
    } catch (error) {
      if (signal.aborted) throw new MediaFetchError('timeout', 'Too slow');
      throw error;
    }
  }

  /** Stores a file as an upload is stored: an image, or a GIF (its first frame as the still). */
  private async store(
    source: NodeJS.ReadableStream,
    fileName: string,
    ownerId: string,
  ): Promise<StoredImage> {
    const { head, stream } = await peekHead(source as import('node:stream').Readable, 6);
    const kind: UploadKind = head.subarray(0, 4).toString('latin1') === 'GIF8' ? 'gif' : 'image';
    const uploaded = await storeUpload(
      { db: this.deps.db, dataDir: this.deps.dataDir! },
      { siteId: this.site.id, ownerId, kind, fileName, stream },
    );
    return {
      id: uploaded.id,
      url: uploaded.url,
      width: uploaded.width ?? 0,
      height: uploaded.height ?? 0,
    };
  }
}

/** The problem code and a short detail for why a file could not be had. */
function describeFailure(error: unknown): { code: string; detail: string } {
  if (error instanceof MissingMedia) return { code: error.code, detail: error.detail };
  if (error instanceof MediaFetchError)
    return { code: `media-${error.failure}`, detail: error.message };
  if (error instanceof FileTooBigError)
    return { code: 'media-too-big', detail: 'over the upload limit' };
  if (error instanceof UploadFailureError) {
    return { code: 'media-not-an-image', detail: 'not an image Inkwell reads' };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'media-store-failed', detail: message.split('\n', 1)[0]!.slice(0, 120) };
}
