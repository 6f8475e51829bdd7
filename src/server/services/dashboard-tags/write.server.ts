/**
 * Renaming, merging and deleting tags (issue 17 § Tags). A rename keeps the former slug so its
 * address answers with a 301; a merge moves the posts of one tag to the other without twins,
 * counts the survivor's posts again from its listing rows and hands it the merged tag's slugs;
 * a delete takes the tag off its posts. Posts' `tag_ids` and the listing rows (post_tags) change
 * in the same transaction, found through the listing rows' index, never a scan of the posts.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import { slugProblem } from '../../../domain/dashboard-categories';
import type { DashboardTagView, TagMerge, TagRename } from '../../../domain/dashboard-tags';
import type { Actor } from '../../../domain/permissions';
import { slugify, uniqueSlug } from '../../../domain/slugs';
import { findTagByLabel } from '../../../domain/tags';
import type { SiteView } from '../../../domain/views';
import { type SiteWriteTransaction, writeSiteContent } from '../../cache/site-write.server';
import { posts, postTags, tags } from '../../db/schema.server';
import { FieldsError, NotFoundError, ValidationError } from '../../errors.server';
import { dedupedUuids, ensureAllowed } from '../dashboard-categories/rows.server';
import { type DashboardTagsDeps, lockedTags, presentTag, type TagRow } from './rows.server';

function findOrThrow(all: readonly TagRow[], id: string): TagRow {
  const tag = all.find((t) => t.id === id);
  if (!tag) throw new NotFoundError('tag_not_found', 'Tag not found');
  return tag;
}

/** The posts (any status) that carry tag `id`, through its listing rows. */
function postsOfTag(siteId: string, id: string) {
  return sql`(select ${postTags.postId} from ${postTags} where ${postTags.siteId} = ${siteId} and ${postTags.tagId} = ${id})`;
}

/** Renames tag `id` (`tag:edit`): a label no other tag has, and a free, valid slug. */
export async function renameTag(
  deps: DashboardTagsDeps,
  actor: Actor,
  site: SiteView,
  id: string,
  input: TagRename,
): Promise<DashboardTagView> {
  ensureAllowed(actor, 'tag:edit');
  return writeSiteContent(deps, site.id, async (tx) => {
    const all = await lockedTags(tx, site.id);
    const current = findOrThrow(all, id);
    const others = all.filter((t) => t.id !== id);
    if (findTagByLabel(others, input.label)) {
      throw new FieldsError('tag_label_taken', 'Another tag has this label', {
        label: 'is another tag’s label: merge the two instead',
      });
    }
    const taken = new Set(others.map((t) => t.slug));
    let slug = current.slug;
    if (input.slug === '') {
      slug = uniqueSlug(slugify(input.label), (s) => taken.has(s), 'tag');
    } else if (input.slug !== undefined) {
      const problem = slugProblem(input.slug);
      if (problem) throw new FieldsError(problem.code, problem.message, { slug: problem.message });
      if (taken.has(input.slug)) {
        throw new FieldsError('slug_taken', 'Another tag has this slug', {
          slug: 'is used by another tag',
        });
      }
      slug = input.slug;
    }
    const slugs =
      slug === current.slug
        ? current.slugs
        : [...current.slugs.filter((s) => s !== slug && s !== current.slug), current.slug];
    if (slug !== current.slug) await releaseFormerSlug(tx, site.id, id, slug);
    const [row] = await tx
      .update(tags)
      .set({ label: input.label, slug, slugs })
      .where(and(eq(tags.siteId, site.id), eq(tags.id, id)))
      .returning();
    return presentTag(site, row!);
  });
}

/** `slug` was another tag's former slug: from now on it answers for its new owner only. */
async function releaseFormerSlug(
  tx: SiteWriteTransaction,
  siteId: string,
  ownerId: string,
  slug: string,
): Promise<void> {
  await tx
    .update(tags)
    .set({ slugs: sql`array_remove(${tags.slugs}, ${slug})` })
    .where(
      and(
        eq(tags.siteId, siteId),
        sql`${tags.slugs} @> array[${slug}]::text[]`,
        sql`${tags.id} <> ${ownerId}`,
      ),
    );
}

/**
 * Merges tag `id` into `input.into` (`tag:edit`): every post of the one gets the other (once),
 * the survivor's count is counted again, its former slugs gain the merged tag's, and the merged
 * tag is gone. Answers the survivor.
 */
export async function mergeTag(
  deps: DashboardTagsDeps,
  actor: Actor,
  site: SiteView,
  id: string,
  input: TagMerge,
): Promise<DashboardTagView> {
  ensureAllowed(actor, 'tag:edit');
  return writeSiteContent(deps, site.id, async (tx) => {
    const all = await lockedTags(tx, site.id);
    const source = findOrThrow(all, id);
    const target = all.find((t) => t.id === input.into);
    if (!target || target.id === id) {
      throw new ValidationError({ into: 'is not another tag of this blog' });
    }
    await tx
      .update(posts)
      .set({
        tagIds: dedupedUuids(sql`array_replace(${posts.tagIds}, ${id}::uuid, ${target.id}::uuid)`),
      })
      .where(and(eq(posts.siteId, site.id), sql`${posts.id} in ${postsOfTag(site.id, id)}`));
    await tx
      .delete(postTags)
      .where(
        and(
          eq(postTags.siteId, site.id),
          eq(postTags.tagId, id),
          sql`${postTags.postId} in ${postsOfTag(site.id, target.id)}`,
        ),
      );
    await tx
      .update(postTags)
      .set({ tagId: target.id })
      .where(and(eq(postTags.siteId, site.id), eq(postTags.tagId, id)));
    const [counted] = await tx
      .select({ n: count() })
      .from(postTags)
      .where(
        and(
          eq(postTags.siteId, site.id),
          eq(postTags.tagId, target.id),
          eq(postTags.isPublished, true),
        ),
      );
    await tx.delete(tags).where(and(eq(tags.siteId, site.id), eq(tags.id, id)));
    const inherited = [...source.slugs, source.slug].filter(
      (s) => s !== target.slug && !target.slugs.includes(s),
    );
    const [row] = await tx
      .update(tags)
      .set({ postCount: counted?.n ?? 0, slugs: [...target.slugs, ...inherited] })
      .where(and(eq(tags.siteId, site.id), eq(tags.id, target.id)))
      .returning();
    return presentTag(site, row!);
  });
}

/** Deletes tag `id` (`tag:delete`) and takes it off its posts. */
export async function deleteTag(
  deps: DashboardTagsDeps,
  actor: Actor,
  site: SiteView,
  id: string,
): Promise<void> {
  ensureAllowed(actor, 'tag:delete');
  await writeSiteContent(deps, site.id, async (tx) => {
    const all = await lockedTags(tx, site.id);
    findOrThrow(all, id);
    await tx
      .update(posts)
      .set({ tagIds: sql`array_remove(${posts.tagIds}, ${id}::uuid)` })
      .where(and(eq(posts.siteId, site.id), sql`${posts.id} in ${postsOfTag(site.id, id)}`));
    // Its listing rows go with it (on delete cascade).
    await tx.delete(tags).where(and(eq(tags.siteId, site.id), eq(tags.id, id)));
  });
}
