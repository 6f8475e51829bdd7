/**
 * Categories (with their parents) and tags (issue 21). A category or tag whose slug the site
 * already has is that one (an import merges into the blog's lists rather than making "news-2");
 * otherwise it is created with the file's slug made valid. Each is remembered in
 * `imported_records`.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { isSlugShape, slugify, uniqueSlug } from '../../../domain/slugs';
import { type SiteWriteTransaction, writeSiteContent } from '../../cache/site-write.server';
import { categories, tags } from '../../db/schema.server';
import type { ImportCategory, ImportTag } from '../records';
import { type ImportContext, keyOf, reasonOf, resolveId } from './context.server';
import { rememberId } from './import-ids.server';
import { addFailure, addProblem } from './report';

type Table = typeof categories | typeof tags;

/** The file's slug when it is a valid one, else one made from the name. */
function slugOf(slug: string, name: string): string {
  const trimmed = slug.trim().toLowerCase();
  return isSlugShape(trimmed) ? trimmed : slugify(name);
}

async function idBySlug(context: ImportContext, table: Table, slug: string) {
  const [row] = await context.deps.db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.siteId, context.site.id), eq(table.slug, slug)));
  return row?.id ?? null;
}

/**
 * The shared steps: already remembered, or a same-slug row of the site (remembered now), or
 * `insert` with a new id and a free slug. Counts the outcome.
 */
async function storeTerm(
  context: ImportContext,
  kind: 'category' | 'tag',
  table: Table,
  record: { sourceId: string; slug: string; name: string },
  insert: (tx: SiteWriteTransaction, id: string, slug: string) => Promise<unknown>,
): Promise<void> {
  const counts = context.report.counts[kind];
  try {
    if ((await resolveId(context, kind, record.sourceId)) !== null) {
      counts.existing += 1;
      return;
    }
    const slug = slugOf(record.slug, record.name);
    const existing = await idBySlug(context, table, slug);
    if (context.dryRun) {
      context.wouldCreate.add(`${kind}:${record.sourceId}`);
      counts[existing === null ? 'created' : 'existing'] += 1;
      return;
    }
    const key = keyOf(context, kind, record.sourceId);
    await writeSiteContent(
      context.deps,
      context.site.id,
      async (tx) => {
        if (existing !== null) return rememberId(tx, key, existing);
        const id = randomUUID();
        // A reserved word gets its suffix (`news-category`); any other slug was just found free.
        await insert(
          tx,
          id,
          uniqueSlug(slug, () => false, kind),
        );
        return rememberId(tx, key, id);
      },
      // Empty lists show nowhere yet; the import's final write moves the generation.
      { didChange: () => false },
    );
    counts[existing === null ? 'created' : 'existing'] += 1;
  } catch (error) {
    addFailure(context.report, { kind, sourceId: record.sourceId, reason: reasonOf(error) });
  }
}

/** Stores a category under its parent (read before it); a parent not imported makes it top-level. */
export async function storeCategory(context: ImportContext, record: ImportCategory): Promise<void> {
  const parentId = await resolveId(context, 'category', record.parentSourceId);
  if (record.parentSourceId !== null && parentId === null) {
    addProblem(context.report, {
      code: 'category-parent-missing',
      message: 'A category whose parent was not imported is top-level.',
      sample: record.name,
    });
  }
  await storeTerm(context, 'category', categories, record, async (tx, id, slug) => {
    const [last] = await tx
      .select({ position: sql<number>`coalesce(max(${categories.displayPosition}), -1)` })
      .from(categories)
      .where(eq(categories.siteId, context.site.id));
    await tx.insert(categories).values({
      siteId: context.site.id,
      id,
      slug,
      slugs: [],
      label: record.name,
      menuLabel: record.name,
      description: record.description,
      language: context.site.language,
      parentId: parentId === 'planned' ? null : parentId,
      displayPosition: Number(last?.position ?? -1) + 1,
    });
  });
}

/** Stores a tag. */
export async function storeTag(context: ImportContext, record: ImportTag): Promise<void> {
  await storeTerm(context, 'tag', tags, record, (tx, id, slug) =>
    tx.insert(tags).values({
      siteId: context.site.id,
      id,
      slug,
      label: record.name,
      language: context.site.language,
    }),
  );
}
