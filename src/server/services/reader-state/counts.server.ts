/**
 * The counts everyone sees of the posts and comments a page shows (decision 030): from the
 * snapshot where fresh, the rest in one query; and the counts a write of this process committed.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { LikeTarget } from '../../../domain/likes';
import type { SiteView } from '../../../domain/views';
import { comments, posts } from '../../db/schema.server';
import { type Counts, CountsSnapshot, type ReaderStateContext } from './snapshot.server';

/** The counts of these targets, from the snapshot where fresh, the rest in one query. */
export async function countsOf(
  { db, now, maxAgeMs, snapshot }: ReaderStateContext,
  site: SiteView,
  target: LikeTarget,
  ids: readonly string[],
): Promise<Map<string, Counts>> {
  const at = now();
  const writesBefore = snapshot.writes;
  const result = new Map<string, Counts>();
  const stale: string[] = [];
  for (const id of ids) {
    const entry = snapshot.get(CountsSnapshot.keyOf(site.id, target, id));
    if (entry && at - entry.readAt < maxAgeMs) {
      if (entry.counts) result.set(id, entry.counts);
    } else {
      stale.push(id);
    }
  }
  if (stale.length === 0) return result;
  const rows =
    target === 'post'
      ? await db
          .select({
            id: posts.id,
            likeCount: posts.likeCount,
            ratingSum: posts.ratingSum,
            ratingCount: posts.ratingCount,
          })
          .from(posts)
          .where(
            and(eq(posts.siteId, site.id), inArray(posts.id, stale), eq(posts.status, 'published')),
          )
      : await db
          .select({
            id: comments.id,
            likeCount: comments.likeCount,
            ratingSum: sql<number>`0`,
            ratingCount: sql<number>`0`,
          })
          .from(comments)
          .where(
            and(
              eq(comments.siteId, site.id),
              inArray(comments.id, stale),
              eq(comments.status, 'published'),
            ),
          );
  const found = new Map(rows.map(({ id, ...counts }) => [id, counts]));
  for (const id of stale) {
    const counts = found.get(id) ?? null;
    const key = CountsSnapshot.keyOf(site.id, target, id);
    const raced = (snapshot.get(key)?.writtenAt ?? 0) > writesBefore;
    if (!raced) snapshot.remember(key, { counts, readAt: at });
    if (counts) result.set(id, counts);
  }
  return result;
}

/**
 * Takes the counts a write of this process committed (a like's new count, a rating's totals)
 * into the snapshot: the writer's next overlay shows them at once, and a storm of likes costs no
 * read. The entry keeps its age, so other processes' writes still come in within the bound.
 */
export function noteCounts(
  { snapshot }: ReaderStateContext,
  siteId: string,
  target: LikeTarget,
  id: string,
  change: Partial<Counts>,
): void {
  snapshot.writes += 1;
  const key = CountsSnapshot.keyOf(siteId, target, id);
  const entry = snapshot.get(key);
  snapshot.remember(
    key,
    entry?.counts
      ? { ...entry, counts: { ...entry.counts, ...change }, writtenAt: snapshot.writes }
      : { counts: null, readAt: Number.NEGATIVE_INFINITY, writtenAt: snapshot.writes },
  );
}
