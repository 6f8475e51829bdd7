/**
 * Member profiles (issue 5; SPEC §2 profile links, §3 Member, §5 profile errors, §6 private
 * profiles): a profile page as the actor may see it, and a member's edits of their own record.
 * The profile pages and the members API both call it. Never memoised: the page cache keeps a
 * visitor's view of a public profile, and every edit bumps the site's generation, which drops
 * that page and the feed pages that show the member's name and picture.
 */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { lastPage as lastPageOf } from '../../domain/pagination';
import { type Actor, whyNot } from '../../domain/permissions';
import { profileAccess } from '../../domain/profile-access';
import type { ProfilePatch } from '../../domain/profile-api';
import {
  commentExcerpt,
  type OwnProfileView,
  PROFILE_POSTS_PAGE_SIZE,
  PROFILE_RECENT_COMMENTS,
  type ProfileCommentView,
  type ProfileLookup,
  type ProfileMemberView,
  type ProfilePrivacy,
  profileBadgeOf,
  profileSaveProblem,
  profileUrl,
} from '../../domain/profiles';
import { postUrl } from '../../domain/routes';
import { isSafeText } from '../../domain/text-input';
import type { SiteView } from '../../domain/views';
import type { SiteGenerations } from '../cache/generations.server';
import { writeSiteContent } from '../cache/site-write.server';
import type { Database } from '../db/connection.server';
import { comments, type MediaRef, media, members, posts } from '../db/schema';
import { FieldsError, PermissionError, ValidationError } from '../errors';
import {
  type BlogReaderService,
  imageOf,
  type SummaryRow,
  summaryColumns,
} from './blog-reader.server';

export interface ProfilesDeps {
  db: Database;
  reader: Pick<BlogReaderService, 'presentSummaries'>;
  generations: SiteGenerations;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Columns of a member the profile reads: never the email. */
const memberColumns = {
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
const newestFirst = (column: SQL | typeof posts.firstPublishedDate | typeof posts.id) =>
  sql`${column} desc nulls last`;

/** Builds the service. */
export function createProfiles({ db, reader, generations }: ProfilesDeps) {
  type MemberRow = Awaited<ReturnType<typeof memberBy>>;

  async function memberBy(site: SiteView, column: 'slug' | 'id', value: string) {
    // Defence in depth (decision 027): no stored slug holds what PostgreSQL cannot store.
    if (!isSafeText(value)) return null;
    const [row] = await db
      .select(memberColumns)
      .from(members)
      .where(and(eq(members.siteId, site.id), eq(members[column], value)))
      .limit(1);
    return row ?? null;
  }

  /** The member's published posts: where clause of posts_owner_published_idx. */
  function publishedBy(site: SiteView, memberId: string): SQL {
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
  function visibleCommentsBy(site: SiteView, memberId: string): SQL {
    return and(
      eq(comments.siteId, site.id),
      eq(comments.authorId, memberId),
      eq(comments.status, 'published'),
      eq(posts.status, 'published'),
      sql`cardinality(${posts.paidPlansGroupIds}) = 0`,
    ) as SQL;
  }

  /** One page of the member's published posts, newest first, one range of their index. */
  function postsPageQuery(site: SiteView, memberId: string, limit: number, offset: number) {
    return db
      .select(summaryColumns)
      .from(posts)
      .where(publishedBy(site, memberId))
      .orderBy(newestFirst(posts.firstPublishedDate), newestFirst(posts.id))
      .limit(limit)
      .offset(offset);
  }

  async function postStats(site: SiteView, memberId: string) {
    const [row] = await db
      .select({
        count: sql<number>`count(*)::int`,
        likes: sql<number>`coalesce(sum(${posts.likeCount}), 0)::int`,
      })
      .from(posts)
      .where(publishedBy(site, memberId));
    return { count: Number(row?.count ?? 0), likes: Number(row?.likes ?? 0) };
  }

  const commentsJoin = and(eq(posts.siteId, comments.siteId), eq(posts.id, comments.postId));

  /** The member's latest comments a reader may see, newest first (exposed for the plan test). */
  function recentCommentsQuery(site: SiteView, memberId: string) {
    return (
      db
        .select({
          id: comments.id,
          text: comments.contentText,
          createdAt: comments.createdAt,
          postSlug: posts.slug,
          postTitle: posts.title,
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

  async function recentComments(site: SiteView, memberId: string) {
    const [rows, [counted]] = await Promise.all([
      recentCommentsQuery(site, memberId),
      db
        .select({ count: sql<number>`count(*)::int` })
        .from(comments)
        .innerJoin(posts, commentsJoin)
        .where(visibleCommentsBy(site, memberId)),
    ]);
    const list: ProfileCommentView[] = rows.map((row) => ({
      id: row.id,
      text: commentExcerpt(row.text),
      createdAt: new Date(row.createdAt).toISOString(),
      post: { title: row.postTitle, link: postUrl(site.blogBase, { slug: row.postSlug }) },
    }));
    return { list, count: Number(counted?.count ?? 0) };
  }

  function privacyOf(row: { privacyStatus: string }): ProfilePrivacy {
    return row.privacyStatus === 'PUBLIC' ? 'PUBLIC' : 'PRIVATE';
  }

  function presentMember(
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

  function presentOwn(site: SiteView, row: NonNullable<MemberRow>): OwnProfileView {
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

  /**
   * The profile of the member with this slug (or, failing that, this id) as the actor may see
   * it, with page `page` of their published posts (a page past the last has none; callers decide
   * on 404) and their latest comments.
   */
  async function getProfilePage(
    actor: Actor,
    site: SiteView,
    slugOrId: string,
    page = 1,
    pageSize = PROFILE_POSTS_PAGE_SIZE,
  ): Promise<ProfileLookup> {
    const row = await memberBy(site, 'slug', slugOrId);
    if (!row) {
      const byId = UUID.test(slugOrId) ? await memberBy(site, 'id', slugOrId.toLowerCase()) : null;
      return byId ? { kind: 'moved', slug: byId.slug } : { kind: 'not-found' };
    }
    const access = profileAccess(actor, { id: row.id, privacyStatus: row.privacyStatus });
    if (access === 'private') return { kind: 'private' };
    const [stats, rows, latest] = await Promise.all([
      postStats(site, row.id),
      postsPageQuery(site, row.id, pageSize, (page - 1) * pageSize),
      recentComments(site, row.id),
    ]);
    const summaries = await reader.presentSummaries(site, rows as SummaryRow[]);
    return {
      kind: 'profile',
      view: {
        member: presentMember(site, row, {
          posts: stats.count,
          comments: latest.count,
          likesReceived: stats.likes,
        }),
        isOwn: access === 'own',
        posts: {
          posts: summaries,
          currentPage: page,
          pageSize,
          entityCount: stats.count,
          lastPage: lastPageOf(stats.count, pageSize),
        },
        comments: latest.list,
      },
    };
  }

  /** The actor's own member record; a visitor is asked to log in, a blocked member refused. */
  async function ownRow(actor: Actor, site: SiteView) {
    // A visitor has no record of their own yet: signing in is what helps (SPEC §4).
    if (actor.memberId === null) throw new PermissionError('login-required');
    const refusal = whyNot(actor, 'member:edit', { member: { id: actor.memberId } });
    if (refusal !== null) throw new PermissionError(refusal);
    const row = await memberBy(site, 'id', actor.memberId);
    // The actor was resolved on this site: a member that is gone since is a visitor now.
    if (!row) throw new PermissionError('login-required');
    return row;
  }

  /** What the actor's own profile form edits. */
  async function getOwnProfile(actor: Actor, site: SiteView): Promise<OwnProfileView> {
    return presentOwn(site, await ownRow(actor, site));
  }

  /**
   * An image the member uploaded to this site (`media` row of kind image, theirs), as the member
   * record stores it; the current one is kept as it is whoever uploaded it (seeded avatars).
   */
  async function imageRef(
    site: SiteView,
    memberId: string,
    field: 'imageId' | 'coverImageId',
    mediaId: string,
    current: MediaRef | null,
  ): Promise<MediaRef> {
    if (current?.id === mediaId) return current;
    const [row] = await db
      .select({ id: media.id, width: media.width, height: media.height })
      .from(media)
      .where(
        and(
          eq(media.siteId, site.id),
          eq(media.id, mediaId),
          eq(media.kind, 'image'),
          eq(media.ownerId, memberId),
        ),
      )
      .limit(1);
    if (!row) throw new ValidationError({ [field]: 'is not an image you uploaded' });
    return { id: row.id, width: row.width, height: row.height };
  }

  /**
   * Changes the actor's own name, bio, privacy, picture or cover (fields left out are kept).
   * SPEC §5: an empty name is `profile_name_required` (400, `fields.name`). The slug stays: the
   * profile's address does not move when the name changes.
   */
  async function updateOwnProfile(
    actor: Actor,
    site: SiteView,
    patch: ProfilePatch,
  ): Promise<OwnProfileView> {
    const row = await ownRow(actor, site);
    const changes: Partial<typeof members.$inferInsert> = {};
    if (patch.name !== undefined) {
      const name = patch.name.trim();
      if (profileSaveProblem({ name, isImageUploading: false, isCoverUploading: false })) {
        throw new FieldsError('profile_name_required', 'The name is required', {
          name: 'is required',
        });
      }
      changes.name = name;
    }
    if (patch.about !== undefined) changes.about = patch.about.trim();
    if (patch.privacyStatus !== undefined) changes.privacyStatus = patch.privacyStatus;
    if (patch.imageId !== undefined) {
      changes.image = patch.imageId
        ? await imageRef(site, row.id, 'imageId', patch.imageId, row.image)
        : null;
    }
    if (patch.coverImageId !== undefined) {
      changes.coverImage = patch.coverImageId
        ? await imageRef(site, row.id, 'coverImageId', patch.coverImageId, row.coverImage)
        : null;
    }
    if (Object.keys(changes).length === 0) return presentOwn(site, row);
    // The name and picture show on the feed's cards and the post pages; a profile that turned
    // private must leave the page cache at once.
    const [updated] = await writeSiteContent({ db, generations }, site.id, (tx) =>
      tx
        .update(members)
        .set({ ...changes, updatedAt: new Date() })
        .where(and(eq(members.siteId, site.id), eq(members.id, row.id)))
        .returning(memberColumns),
    );
    return presentOwn(site, updated!);
  }

  return { getProfilePage, getOwnProfile, updateOwnProfile, postsPageQuery, recentCommentsQuery };
}

export type ProfilesService = ReturnType<typeof createProfiles>;
