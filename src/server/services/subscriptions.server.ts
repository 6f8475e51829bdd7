/**
 * Subscriptions (issue 6; SPEC §6 user "subscribe", §8 toasts subscribed/unsubscribed): a member
 * follows the blog, a category or a post's comments, and stops. Rows of `subscriptions` (site,
 * member, target type, target id); the blog's id is the site's. Who is told of what: a new post
 * tells the blog's and its categories' subscribers (`notifyNewPost`, decision 018), a new comment
 * the post's (the comments service).
 *
 * No page shows a subscription to a visitor, so subscribing leaves the page cache alone
 * (decision 002): a member's pages are rendered for them and read their subscriptions then.
 */
import { and, eq, or } from 'drizzle-orm';
import type { SubscriptionTarget, SubscriptionView } from '../../domain/comments';
import { type Actor, type PermissionSettings, whyNot } from '../../domain/permissions';
import type { Device } from '../../domain/settings';
import type { SiteView } from '../../domain/views';
import type { Database } from '../db/connection.server';
import { categories, posts, subscriptions } from '../db/schema.server';
import { NotFoundError, PermissionError } from '../errors.server';

export interface SubscriptionsDeps {
  db: Database;
  /** The permission facts of the blog's settings on a device (permission-settings.server.ts). */
  permissionSettings(
    site: SiteView,
    device: Device,
  ): Promise<Pick<PermissionSettings, 'memberAreaInstalled'>>;
}

/** Something to follow. */
export interface SubscriptionKey {
  targetType: SubscriptionTarget;
  targetId: string;
}

/**
 * Which of `keys` member `memberId` follows: rows of `target_type`, `target_id`. At least one key
 * must be given. `status` reads it, and a member's page inside its one statement.
 */
export function followingQuery(
  db: Database,
  siteId: string,
  memberId: string,
  keys: readonly SubscriptionKey[],
) {
  return db
    .select({ targetType: subscriptions.targetType, targetId: subscriptions.targetId })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.siteId, siteId),
        eq(subscriptions.memberId, memberId),
        or(
          ...keys.map((key) =>
            and(
              eq(subscriptions.targetType, key.targetType),
              eq(subscriptions.targetId, key.targetId),
            ),
          ),
        ),
      ),
    );
}

/** Builds the subscriptions service. */
export function createSubscriptions({ db, permissionSettings }: SubscriptionsDeps) {
  /** 404 unless the target is the site's blog, one of its categories or a published post. */
  async function checkTarget(site: SiteView, key: SubscriptionKey): Promise<void> {
    let exists = false;
    if (key.targetType === 'blog') {
      exists = key.targetId === site.id;
    } else if (key.targetType === 'category') {
      const [row] = await db
        .select({ id: categories.id })
        .from(categories)
        .where(and(eq(categories.siteId, site.id), eq(categories.id, key.targetId)))
        .limit(1);
      exists = row !== undefined;
    } else {
      const [row] = await db
        .select({ id: posts.id })
        .from(posts)
        .where(
          and(eq(posts.siteId, site.id), eq(posts.id, key.targetId), eq(posts.status, 'published')),
        )
        .limit(1);
      exists = row !== undefined;
    }
    if (!exists) throw new NotFoundError(`${key.targetType}_not_found`, 'Nothing to follow here');
  }

  const whereKey = (site: SiteView, memberId: string, key: SubscriptionKey) =>
    and(
      eq(subscriptions.siteId, site.id),
      eq(subscriptions.memberId, memberId),
      eq(subscriptions.targetType, key.targetType),
      eq(subscriptions.targetId, key.targetId),
    );

  /**
   * Follows the target (again is fine). SPEC §6: members, with the member area on; a private
   * profile is refused with `join-community` (decision 010).
   */
  async function subscribe(
    actor: Actor,
    site: SiteView,
    key: SubscriptionKey,
    device: Device,
  ): Promise<SubscriptionView> {
    // SPEC §4: a demo site refuses with `demo_mode` (its gated actions open the demo-mode modal).
    const refusal = whyNot(actor, 'subscribe', {
      settings: await permissionSettings(site, device),
      site,
    });
    if (refusal) throw new PermissionError(refusal);
    await checkTarget(site, key);
    await db
      .insert(subscriptions)
      .values({ siteId: site.id, memberId: actor.memberId!, ...key })
      .onConflictDoNothing();
    return { ...key, isSubscribed: true };
  }

  /**
   * Stops following (not following is fine). Any member manages their own subscriptions, a
   * private one too (SPEC §6 "list and edit own member record"); blocked members are guests.
   */
  async function unsubscribe(
    actor: Actor,
    site: SiteView,
    key: SubscriptionKey,
  ): Promise<SubscriptionView> {
    if (actor.memberId === null) throw new PermissionError('login-required');
    const refusal = whyNot(actor, 'member:edit', { member: { id: actor.memberId }, site });
    if (refusal) throw new PermissionError(refusal);
    await db.delete(subscriptions).where(whereKey(site, actor.memberId, key));
    return { ...key, isSubscribed: false };
  }

  /** Which of `keys` the actor follows (all false for a visitor), in one query. */
  async function status(
    actor: Actor,
    site: SiteView,
    keys: readonly SubscriptionKey[],
  ): Promise<SubscriptionView[]> {
    if (actor.memberId === null || keys.length === 0) {
      return keys.map((key) => ({ ...key, isSubscribed: false }));
    }
    const rows = await followingQuery(db, site.id, actor.memberId, keys);
    const held = new Set(rows.map((row) => `${row.targetType}|${row.targetId}`));
    return keys.map((key) => ({
      ...key,
      isSubscribed: held.has(`${key.targetType}|${key.targetId}`),
    }));
  }

  return { subscribe, unsubscribe, status };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptions>;
