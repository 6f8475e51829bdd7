/**
 * What the profile use cases share (issue 5): a member's row (never the email), their published
 * posts and visible comments, and the presenters of a profile (SPEC §6 private profiles).
 */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { imageOf } from '../../../domain/presenters';
import {
  commentExcerpt,
  type OwnProfileView,
  PROFILE_RECENT_COMMENTS,
  type ProfileCommentView,
  type ProfileMemberView,
  type ProfilePrivacy,
  profileBadgeOf,
  profileUrl,
} from '../../../domain/profiles';
import { postLink } from '../../../domain/routes';
import { isSafeText } from '../../../domain/text-input';
import type { SiteView } from '../../../domain/views';
import { comments, members, posts } from '../../db/schema.server';
import { summaryColumns } from '../blog-reader.server';

import type { ProfilesDeps } from '../profiles.server';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Columns of a member the profile reads: never the email. */
export const memberColumns = {
  id: members.id,
  slug: members.slug,
  name: members.name,
  image: members.image,
  coverImage: members.coverImage,
  about: members.about,
  role: members.role,
  isBlocked: members.isBlocked,
  privacyStatus: members.privacyStatus,
  createdAt: members.createdAt,
};

/** `desc nulls last` is how Drizzle creates a DESC index column (posts_owner_published_idx). */
export const newestFirst = (column: SQL | typeof posts.firstPublishedDate | typeof posts.id) =>
  sql`${column} desc nulls last`;

/** A member's row as the profile reads it; undefined when there is none. */
export type MemberRow = Awaited<ReturnType<typeof memberBy>>;

const commentsJoin = and(eq(posts.siteId, comments.siteId), eq(posts.id, comments.postId));

export async function memberBy(
  deps: ProfilesDeps,
  site: SiteView,
  column: 'slug' | 'id',
  value: string,
) {
  // Defence in depth (decision 027): no stored slug holds what PostgreSQL cannot store.
  if (!isSafeText(value)) return null;
  const [row] = await deps.db
    .select(memberColumns)
    .from(members)
    .where(and(eq(members.siteId, site.id), eq(members[column], value)))
    .limit(1);
  return row ?? null;
}

/** The member's published posts: where clause of posts_owner_published_idx. */
export function publishedBy(site: SiteView, memberId: string): SQL {
  return and(
    eq(posts.siteId, site.id),
    eq(posts.ownerId, memberId),
    eq(posts.status, 'published'),
  ) as SQL;
}

/**
 * The member's comments a reader may see: published, on a published post without a paid-plan
 * restriction (SPEC §6: reading comments needs the plan), newest first by comments_author_idx.
 */
export function visibleCommentsBy(site: SiteView, memberId: string): SQL {
  return and(
    eq(comments.siteId, site.id),
    eq(comments.authorId, memberId),
    eq(comments.status, 'published'),
    eq(posts.status, 'published'),
    sql`cardinality(${posts.paidPlansGroupIds}) = 0`,
  ) as SQL;
}

/** One page of the member's published posts, newest first, one range of their index. */
export function postsPageQuery(
  deps: ProfilesDeps,
  site: SiteView,
  memberId: string,
  limit: number,
  offset: number,
) {
  return deps.db
    .select(summaryColumns)
    .from(posts)
    .where(publishedBy(site, memberId))
    .orderBy(newestFirst(posts.firstPublishedDate), newestFirst(posts.id))
    .limit(limit)
    .offset(offset);
}

export async function postStats(deps: ProfilesDeps, site: SiteView, memberId: string) {
  const [row] = await deps.db
    .select({
      count: sql<number>`count(*)::int`,
      likes: sql<number>`coalesce(sum(${posts.likeCount}), 0)::int`,
    })
    .from(posts)
    .where(publishedBy(site, memberId));
  return { count: Number(row?.count ?? 0), likes: Number(row?.likes ?? 0) };
}

/** The member's latest comments a reader may see, newest first (exposed for the plan test). */
export function recentCommentsQuery(deps: ProfilesDeps, site: SiteView, memberId: string) {
  return (
    deps.db
      .select({
        id: comments.id,
        text: comments.contentText,
        createdAt: comments.createdAt,
        postSlug: posts.slug,
        postTitle: posts.title,
        postFirstPublishedDate: posts.firstPublishedDate,
      })
      .from(comments)
      .innerJoin(posts, commentsJoin)
      .where(visibleCommentsBy(site, memberId))
      // The index's own order (`desc nulls last`): no sort. Only the first few are read, never
      // paged, so ties at the same instant need no tiebreaker.
      .orderBy(sql`${comments.createdAt} desc nulls last`)
      .limit(PROFILE_RECENT_COMMENTS)
  );
}

export async function recentComments(deps: ProfilesDeps, site: SiteView, memberId: string) {
  const [rows, [counted]] = await Promise.all([
    recentCommentsQuery(deps, site, memberId),
    deps.db
      .select({ count: sql<number>`count(*)::int` })
      .from(comments)
      .innerJoin(posts, commentsJoin)
      .where(visibleCommentsBy(site, memberId)),
  ]);
  const list: ProfileCommentView[] = rows.map((row) => ({
    id: row.id,
    text: commentExcerpt(row.text),
    createdAt: new Date(row.createdAt).toISOString(),
    post: {
      title: row.postTitle,
      link: postLink(site, { slug: row.postSlug, firstPublishedDate: row.postFirstPublishedDate }),
    },
  }));
  return { list, count: Number(counted?.count ?? 0) };
}

export function privacyOf(row: { privacyStatus: string }): ProfilePrivacy {
  return row.privacyStatus === 'PUBLIC' ? 'PUBLIC' : 'PRIVATE';
}

export function presentMember(
  site: SiteView,
  row: NonNullable<MemberRow>,
  counters: ProfileMemberView['counters'],
): ProfileMemberView {
  return {
    siteMemberId: row.id,
    slug: row.slug,
    name: row.name,
    image: imageOf(row.image),
    cover: imageOf(row.coverImage),
    about: row.about,
    badge: profileBadgeOf(row.role, row.isBlocked),
    privacyStatus: privacyOf(row),
    memberSince: new Date(row.createdAt).toISOString(),
    link: profileUrl(site.blogBase, { siteMemberId: row.id, slug: row.slug }),
    counters,
  };
}

export function presentOwn(site: SiteView, row: NonNullable<MemberRow>): OwnProfileView {
  return {
    siteMemberId: row.id,
    slug: row.slug,
    name: row.name,
    about: row.about,
    privacyStatus: privacyOf(row),
    image: imageOf(row.image),
    cover: imageOf(row.coverImage),
    link: profileUrl(site.blogBase, { siteMemberId: row.id, slug: row.slug }),
  };
}
