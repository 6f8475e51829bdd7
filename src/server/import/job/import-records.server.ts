/**
 * The import job's storing core (issue 21, decision 057 "Storing"): `importRecords` takes the
 * records a reader streams (`readWxr`, `readGhostExport`) and stores them one at a time, each
 * in its own transaction, remembering what each became so a second import of the same file
 * creates nothing twice. A dry run reads the same stream and writes nothing: it reports what
 * would be created. Either way the answer is a report (`report.ts`).
 */

import type { SiteWriteDeps } from '../../cache/site-write.server';
import { writeSiteContent } from '../../cache/site-write.server';
import { ImportMedia, type ImportMediaOptions } from '../media/import-media.server';
import type { ImportRecord, ImportSource } from '../records';
import type { ImportContext } from './context.server';
import { addProblem, emptyReport, type ImportReport } from './report';
import { storeComment } from './store-comment.server';
import { storeAuthor } from './store-people.server';
import { storePost } from './store-post.server';
import { storeCategory, storeTag } from './store-taxonomy.server';

export interface ImportOptions {
  site: { id: string; language: string };
  source: ImportSource;
  dryRun: boolean;
  /**
   * Bring in the images the posts name (decision 057 "Media"): from `from` (an uploads folder or
   * zip) and, with `fetch`, from the web. Without it no media are brought in and each image is
   * reported as `media-not-fetched`; the posts keep the original addresses either way.
   */
  media?: ImportMediaOptions;
  /** Told after each record (a progress bar counts them). */
  onRecord?: (record: ImportRecord, report: ImportReport) => void;
}

async function storeRecord(context: ImportContext, record: ImportRecord): Promise<void> {
  switch (record.kind) {
    case 'author':
      return storeAuthor(context, record);
    case 'category':
      return storeCategory(context, record);
    case 'tag':
      return storeTag(context, record);
    case 'post':
      return storePost(context, record);
    case 'comment':
      return storeComment(context, record);
    case 'skipped':
      context.report.counts.skipped.created += 1;
      return addProblem(context.report, record.problem);
  }
}

/** What the job needs: the site write's, and the media library's folder for the media step. */
export type ImportDeps = SiteWriteDeps & { dataDir?: string };

/**
 * Stores every record of `records` into the site; a record that fails is listed in the report and
 * the rest goes on. A reader's `ImportFormatError` (a truncated file) ends the stream: what was
 * stored before stays (each post is whole), and the error is thrown on to the caller, who says
 * what is wrong. After a real run the site's generation moves once, so cached pages drop.
 * A `media.from` that cannot be opened is refused before the first record (`MediaSourceError`).
 */
export async function importRecords(
  records: AsyncIterable<ImportRecord>,
  options: ImportOptions,
  deps: ImportDeps,
): Promise<ImportReport> {
  const report = emptyReport(options.source, options.dryRun);
  const media = await ImportMedia.open(
    options.media,
    deps,
    { id: options.site.id, source: options.source, dryRun: options.dryRun },
    report,
  );
  const context: ImportContext = {
    deps,
    site: options.site,
    source: options.source,
    dryRun: options.dryRun,
    report,
    wouldCreate: new Set(),
    known: new Map(),
    media,
  };
  try {
    for await (const record of records) {
      await storeRecord(context, record);
      options.onRecord?.(record, context.report);
    }
  } finally {
    await media.close();
    // The records' own writes left the generation alone (one bump, not one per post): this empty
    // site write moves it once, after whatever was stored, even when the stream broke off.
    if (!options.dryRun) await writeSiteContent(deps, options.site.id, async () => null);
  }
  return context.report;
}
