/** A newly published post's subscribers told once each (issue 5, decision 018). */
import { and, eq, inArray, or } from 'drizzle-orm';
import type {
  NotificationEvent,
  NotificationPost,
  NotificationSubscription,
} from '../../../domain/notifications';
import { categories, posts, sites, subscriptions } from '../../db/schema.server';
import type { NotificationsContext } from './context.server';
import { memberRef, notifyMany } from './send.server';

/**
 * Tells the members subscribed to a newly published post's blog, one of its categories or its
 * author (the subscriptions table) about it, once each, naming the most specific subscription:
 * the author, then a category, then the blog. The author is never told. Called after the
 * publishing transaction commits; never throws (a failure is logged, the post stays published).
 * Returns how many members were notified.
 */
export async function notifyNewPost(
  deps: NotificationsContext,
  siteId: string,
  postId: string,
): Promise<number> {
  try {
    const [post] = await deps.db
      .select({
        id: posts.id,
        slug: posts.slug,
        title: posts.title,
        ownerId: posts.ownerId,
        categoryIds: posts.categoryIds,
        status: posts.status,
      })
      .from(posts)
      .where(and(eq(posts.siteId, siteId), eq(posts.id, postId)))
      .limit(1);
    if (post?.status !== 'published') return 0;
    const targets = [
      and(eq(subscriptions.targetType, 'blog'), eq(subscriptions.targetId, siteId)),
      and(eq(subscriptions.targetType, 'member'), eq(subscriptions.targetId, post.ownerId)),
    ];
    if (post.categoryIds.length > 0) {
      targets.push(
        and(
          eq(subscriptions.targetType, 'category'),
          inArray(subscriptions.targetId, post.categoryIds),
        ),
      );
    }
    const subscribed = await deps.db
      .select({
        memberId: subscriptions.memberId,
        type: subscriptions.targetType,
        id: subscriptions.targetId,
      })
      .from(subscriptions)
      .where(and(eq(subscriptions.siteId, siteId), or(...targets)));
    const rank = { member: 0, category: 1, blog: 2 } as const;
    const best = new Map<string, { type: keyof typeof rank; id: string }>();
    for (const row of subscribed) {
      if (row.memberId === post.ownerId || !(row.type in rank)) continue;
      const type = row.type as keyof typeof rank;
      const was = best.get(row.memberId);
      if (!was || rank[type] < rank[was.type]) best.set(row.memberId, { type, id: row.id });
    }
    if (best.size === 0) return 0;

    const author = await memberRef(deps, siteId, post.ownerId);
    if (!author) return 0;
    const labels = new Map<string, string>([[post.ownerId, author.name]]);
    const categoryIds = [...best.values()].filter((v) => v.type === 'category').map((v) => v.id);
    if (categoryIds.length > 0) {
      const rows = await deps.db
        .select({ id: categories.id, label: categories.label })
        .from(categories)
        .where(and(eq(categories.siteId, siteId), inArray(categories.id, categoryIds)));
      for (const row of rows) labels.set(row.id, row.label);
    }
    if ([...best.values()].some((v) => v.type === 'blog')) {
      const [site] = await deps.db
        .select({ name: sites.name })
        .from(sites)
        .where(eq(sites.id, siteId))
        .limit(1);
      labels.set(siteId, site?.name ?? '');
    }

    // One event per subscription target, each sent in bulk to its members.
    const byTarget = new Map<string, { via: NotificationSubscription; memberIds: string[] }>();
    for (const [memberId, target] of best) {
      const key = `${target.type}|${target.id}`;
      const group = byTarget.get(key) ?? {
        via: { ...target, label: labels.get(target.id) ?? '' },
        memberIds: [],
      };
      group.memberIds.push(memberId);
      byTarget.set(key, group);
    }
    const postRef: NotificationPost = { id: post.id, slug: post.slug, title: post.title };
    let notified = 0;
    for (const { via, memberIds } of byTarget.values()) {
      const event: NotificationEvent = {
        kind: 'new-post-in-subscription',
        actor: author,
        post: postRef,
        via,
      };
      notified += (await notifyMany(deps, siteId, memberIds, event)).length;
    }
    return notified;
  } catch (error) {
    deps.log?.error(error, 'Notifying the subscribers of a new post failed');
    return 0;
  }
}
