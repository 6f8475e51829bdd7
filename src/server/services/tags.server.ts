/**
 * Tags written from the editor (issue 4; SPEC §6: guest-writers and up "may create tags"). A new
 * label gets a slug by the slug rules of `domain/slugs` (never a reserved word, unique in its
 * site); a label the site already has, whatever its case, gives back that tag instead of a twin.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { type Actor, whyNot } from '../../domain/permissions';
import { slugify, uniqueSlug } from '../../domain/slugs';
import { type EditorTagView, findTagByLabel, type TagCreate } from '../../domain/tags';
import type { SiteView } from '../../domain/views';
import type { SiteGenerations } from '../cache/generations.server';
import { writeSiteContent } from '../cache/site-write.server';
import type { Database } from '../db/connection.server';
import { tags } from '../db/schema.server';
import { PermissionError } from '../errors.server';

export interface TagServiceDeps {
  db: Database;
  generations: SiteGenerations;
}

type TagRow = typeof tags.$inferSelect;

/** The editor's view of a tag: an allowlist of the row. */
function present(row: Pick<TagRow, 'id' | 'slug' | 'label'>): EditorTagView {
  return { id: row.id, slug: row.slug, label: row.label };
}

/** Builds the tag service. */
export function createTagService({ db, generations }: TagServiceDeps) {
  /**
   * Creates the tag `input.label` names, or returns the site's tag of that label (compared
   * case-insensitively) with `isNew: false`. Needs `tag:create` (SPEC §6).
   */
  async function create(
    actor: Actor,
    site: SiteView,
    input: TagCreate,
  ): Promise<{ tag: EditorTagView; isNew: boolean }> {
    const reason = whyNot(actor, 'tag:create', {});
    if (reason !== null) throw new PermissionError(reason);
    const result = await writeSiteContent(
      { db, generations },
      site.id,
      async (tx) => {
        // One tag writer per site at a time: two writers adding "Coffee" at once get one tag.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`tags:${site.id}`}))`);
        // Compared by the domain's rule (case-insensitive in every script, unlike lower() under
        // the C collation); a site's tags are few enough to read (the editor page lists them all).
        const all = await tx
          .select({ id: tags.id, slug: tags.slug, label: tags.label })
          .from(tags)
          .where(eq(tags.siteId, site.id));
        const existing = findTagByLabel(all, input.label);
        if (existing) return { tag: present(existing), isNew: false };
        const base = slugify(input.label);
        const takenSet = new Set(all.map((row) => row.slug));
        const slug = uniqueSlug(base, (candidate) => takenSet.has(candidate), 'tag');
        const [row] = await tx
          .insert(tags)
          .values({
            siteId: site.id,
            id: randomUUID(),
            slug,
            label: input.label,
            language: site.language,
          })
          .returning();
        return { tag: present(row!), isNew: true };
      },
      // The reader's tag lists (the tag field's suggestions, tag pages) are memoised per
      // generation: a new tag drops them, a tag that existed changes nothing.
      { didChange: (created) => created.isNew },
    );
    return result;
  }

  return { create };
}

export type TagService = ReturnType<typeof createTagService>;
