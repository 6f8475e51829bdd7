/**
 * Bulk actions on the Posts screen (issue 17): one action on the posts a selection names, or on
 * every post a filter matches ("select all N matching"), at most DASHBOARD_BULK_MAX per call.
 *
 * Each post goes through the same use case its row action calls (the post editor's publish,
 * revert and trash; this folder's restore, delete-forever, categories and owner), so each is
 * locked, checked by `whyNot` and written with its listing rows and counts exactly as alone. They
 * all run inside one `writeSiteContent`: each post in a savepoint of its own (a refusal rolls back
 * that post only and is reported with its code), and the site's generation moves once, after the
 * commit, not once per post. New posts' subscribers are told after the commit too.
 */
import { and, eq, inArray } from 'drizzle-orm';
import {
  DASHBOARD_BULK_MAX,
  type DashboardBulk,
  type DashboardBulkFailure,
  type DashboardBulkResult,
} from '../../../domain/dashboard-posts';
import type { Actor } from '../../../domain/permissions';
import type { SiteView } from '../../../domain/views';
import type { SiteGenerations } from '../../cache/generations.server';
import { writeSiteContent } from '../../cache/site-write.server';
import type { Database } from '../../db/connection.server';
import { posts } from '../../db/schema.server';
import { AppError } from '../../errors.server';
import { deletePost } from '../post-editor/actions.server';
import { publish, unpublish } from '../post-editor/publish.server';
import { addCategory, checkCategories, removeCategory } from './categories.server';
import { matchingPosts, scopeOf } from './list.server';
import { changeOwner } from './owner.server';
import { checkNewOwner, type PostAdminContext } from './rows.server';
import { deletePostForever, restorePost } from './trash.server';

type Target = { id: string; title: string; status: string };

/** One post's part of a bulk call; throws an AppError when that post is refused. */
type BulkStep = (deps: PostAdminContext, target: Target) => Promise<unknown>;

function stepFor(actor: Actor, site: SiteView, input: DashboardBulk): BulkStep {
  switch (input.action) {
    case 'publish':
      return (deps, target) => {
        if (target.status === 'published') {
          throw new AppError(409, 'post_already_published', 'The post is already published');
        }
        return publish(deps, actor, site, target.id, {});
      };
    case 'revert-to-draft':
      return (deps, target) => unpublish(deps, actor, site, target.id, {});
    case 'trash':
      return (deps, target) => deletePost(deps, actor, site, target.id);
    case 'restore':
      return (deps, target) => restorePost(deps, actor, site, target.id);
    case 'delete-forever':
      return (deps, target) => deletePostForever(deps, actor, site, target.id);
    case 'add-category':
      return (deps, target) => addCategory(deps, actor, site, target.id, input.categoryId!);
    case 'remove-category':
      return (deps, target) => removeCategory(deps, actor, site, target.id, input.categoryId!);
    case 'change-owner':
      return (deps, target) => changeOwner(deps, actor, site, target.id, input.ownerId!);
  }
}

/** Generations that do not move: the bulk call's one `writeSiteContent` moves them once. */
const HELD_GENERATIONS = { bump: () => undefined } as unknown as SiteGenerations;

/** The posts the call names, in its order, with their titles for the failure report. */
async function targetsOf(
  deps: PostAdminContext,
  actor: Actor,
  site: SiteView,
  input: DashboardBulk,
): Promise<{ targets: Target[]; missing: DashboardBulkFailure[] }> {
  if (input.filter) {
    const found = await matchingPosts(deps, site, scopeOf(actor), input.filter, DASHBOARD_BULK_MAX);
    if (found.length > DASHBOARD_BULK_MAX) {
      throw new AppError(
        400,
        'bulk_too_large',
        `At most ${DASHBOARD_BULK_MAX} posts per bulk action: narrow the filter and try again`,
        { filter: `matches more than ${DASHBOARD_BULK_MAX} posts` },
      );
    }
    return { targets: found, missing: [] };
  }
  scopeOf(actor);
  const ids = [...new Set(input.ids!)];
  const rows = await deps.db
    .select({ id: posts.id, title: posts.title, status: posts.status })
    .from(posts)
    .where(and(eq(posts.siteId, site.id), inArray(posts.id, ids)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    targets: ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])),
    missing: ids
      .filter((id) => !byId.has(id))
      .map((id) => ({ id, title: '', code: 'post_not_found' })),
  };
}

/** Runs a bulk action; the answer counts what was done and names each post refused, and why. */
export async function runBulk(
  deps: PostAdminContext,
  actor: Actor,
  site: SiteView,
  input: DashboardBulk,
): Promise<DashboardBulkResult> {
  const { targets, missing } = await targetsOf(deps, actor, site, input);
  // What the whole call needs is checked once, as a 400 naming the field.
  if (input.action === 'change-owner') await checkNewOwner(deps.db, site.id, input.ownerId!);
  if (input.action === 'add-category' || input.action === 'remove-category') {
    await checkCategories(deps.db, site.id, [input.categoryId!], 'categoryId');
  }
  const step = stepFor(actor, site, input);
  const wentLive: string[] = [];
  const failed: DashboardBulkFailure[] = [...missing];
  const done = await writeSiteContent(
    deps,
    site.id,
    async (tx) => {
      const inner: PostAdminContext = {
        ...deps,
        // Each post's own `writeSiteContent` opens a savepoint of this transaction: the
        // transaction has the database's query API, and its `transaction` nests.
        db: tx as unknown as Database,
        generations: HELD_GENERATIONS,
        notifications: {
          notifyNewPost: async (_siteId, postId) => {
            wentLive.push(postId);
            return 0;
          },
        },
      };
      let n = 0;
      for (const target of targets) {
        try {
          await step(inner, target);
          n += 1;
        } catch (error) {
          if (!(error instanceof AppError) || error.status >= 500) throw error;
          failed.push({ id: target.id, title: target.title, code: error.code });
        }
      }
      return n;
    },
    { didChange: (n) => n > 0 },
  );
  for (const postId of wentLive) await deps.notifications?.notifyNewPost(site.id, postId);
  return { done, failed };
}
