/** What every storing step of the import shares (decision 057 "Storing"). */
import type { SiteWriteDeps } from '../../cache/site-write.server';
import type { ImportMedia } from '../media/import-media.server';
import type { ImportSource } from '../records';
import { type MappedKind, type MappingKey, mappedId } from './import-ids.server';
import type { ImportReport } from './report';

export interface ImportContext {
  deps: SiteWriteDeps;
  site: { id: string; language: string };
  source: ImportSource;
  dryRun: boolean;
  report: ImportReport;
  /**
   * In a dry run nothing is stored, so what "would be created" is remembered here by
   * `kind:sourceId` (a post's comments then find the post they would hang under).
   */
  wouldCreate: Set<string>;
  /**
   * The ids of the few records every post names (its author, categories and tags), by
   * `kind:sourceId`, once looked up: a file has hundreds of these at most, and a post need not
   * ask the database for each of them again.
   */
  known: Map<string, string>;
  /** The media step: brings in the images a post names before it is stored. */
  media: ImportMedia;
}

/** The kinds whose ids `known` keeps: the small ones. */
const KEPT_KINDS: ReadonlySet<MappedKind> = new Set(['author', 'category', 'tag']);

export function keyOf(context: ImportContext, kind: MappedKind, sourceId: string): MappingKey {
  return { siteId: context.site.id, source: context.source, kind, sourceId };
}

/** The id a record became, or 'planned' for one a dry run would create, or null. */
export async function resolveId(
  context: ImportContext,
  kind: MappedKind,
  sourceId: string | null,
): Promise<string | null> {
  if (sourceId === null || sourceId === '') return null;
  const kept = context.known.get(`${kind}:${sourceId}`);
  if (kept !== undefined) return kept;
  const id = await mappedId(context.deps.db, keyOf(context, kind, sourceId));
  if (id !== null) {
    if (KEPT_KINDS.has(kind)) context.known.set(`${kind}:${sourceId}`, id);
    return id;
  }
  return context.wouldCreate.has(`${kind}:${sourceId}`) ? 'planned' : null;
}

/**
 * The message of an error, for the report (one line). A failed query's own message is its SQL
 * and parameters (a post's whole content): the database's reason is its cause.
 */
export function reasonOf(error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined;
  const source =
    error instanceof Error && /^Failed query/.test(error.message) && cause ? cause : error;
  const message = source instanceof Error ? source.message : String(source);
  return message.split('\n', 1)[0]!.slice(0, REASON_MAX_LENGTH);
}

/** How long a failure's reason may be in the report. */
export const REASON_MAX_LENGTH = 300;
