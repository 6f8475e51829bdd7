/**
 * The import's memory of what each source record became (`imported_records`, decision 057
 * "Storing"): one primary-key lookup per record, so a second import of the same file finds
 * everything and creates nothing twice.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { SiteWriteTransaction } from '../../cache/site-write.server';
import type { Database } from '../../db/connection.server';
import { importedRecords } from '../../db/schema.server';
import type { ImportSource } from '../records';

/** `media`: an image's URL → the media it was stored as (decision 057 "Media"). */
export type MappedKind = 'author' | 'commenter' | 'category' | 'tag' | 'post' | 'comment' | 'media';

export interface MappingKey {
  siteId: string;
  source: ImportSource;
  kind: MappedKind;
  sourceId: string;
}

type Reader = Pick<Database, 'select'> | Pick<SiteWriteTransaction, 'select'>;

/** The id the record became in an earlier import (or earlier in this one), or null. */
export async function mappedId(db: Reader, key: MappingKey): Promise<string | null> {
  const [row] = await db
    .select({ targetId: importedRecords.targetId })
    .from(importedRecords)
    .where(
      and(
        eq(importedRecords.siteId, key.siteId),
        eq(importedRecords.source, key.source),
        eq(importedRecords.kind, key.kind),
        eq(importedRecords.sourceId, key.sourceId),
      ),
    );
  return row?.targetId ?? null;
}

/** Remembers what a record became, inside the transaction that stored it. */
export async function rememberId(
  tx: SiteWriteTransaction,
  key: MappingKey,
  targetId: string,
  coverUrl: string | null = null,
): Promise<void> {
  await tx.insert(importedRecords).values({ ...key, targetId, coverUrl });
}

/**
 * Remembers what a post became and its old address (`imported_paths`, decision 057 "Old
 * addresses") in one statement: two inserts through a data-modifying CTE, one round trip instead
 * of two for every post of a file (decision 057 "Import speed"). Inside the post's transaction,
 * after the post itself (the path's row refers to it).
 */
export async function rememberPost(
  tx: SiteWriteTransaction,
  key: MappingKey,
  postId: string,
  coverUrl: string | null,
  oldPath: string,
): Promise<void> {
  if (oldPath === '') return rememberId(tx, key, postId, coverUrl);
  await tx.execute(sql`
    with remembered as (
      insert into imported_records (site_id, source, kind, source_id, target_id, cover_url)
      values (${key.siteId}, ${key.source}, ${key.kind}, ${key.sourceId}, ${postId}, ${coverUrl})
    )
    insert into imported_paths (site_id, path, post_id)
    values (${key.siteId}, ${oldPath}, ${postId})
    on conflict do nothing`);
}
