/** A profile page as the actor may see it (issue 5; SPEC §2 profile links, §6 private profiles). */
import { lastPage as lastPageOf } from '../../../domain/pagination';
import type { Actor } from '../../../domain/permissions';
import { profileAccess } from '../../../domain/profile-access';
import { PROFILE_POSTS_PAGE_SIZE, type ProfileLookup } from '../../../domain/profiles';
import type { SiteView } from '../../../domain/views';
import type { SummaryRow } from '../blog-reader.server';

import type { ProfilesDeps } from '../profiles.server';
import {
  memberBy,
  postStats,
  postsPageQuery,
  presentMember,
  recentComments,
  UUID,
} from './rows.server';

/**
 * The profile of the member with this slug (or, failing that, this id) as the actor may see
 * it, with page `page` of their published posts (a page past the last has none; callers decide
 * on 404) and their latest comments.
 */
export async function getProfilePage(
  deps: ProfilesDeps,
  actor: Actor,
  site: SiteView,
  slugOrId: string,
  page = 1,
  pageSize = PROFILE_POSTS_PAGE_SIZE,
): Promise<ProfileLookup> {
  const row = await memberBy(deps, site, 'slug', slugOrId);
  if (!row) {
    const byId = UUID.test(slugOrId)
      ? await memberBy(deps, site, 'id', slugOrId.toLowerCase())
      : null;
    return byId ? { kind: 'moved', slug: byId.slug } : { kind: 'not-found' };
  }
  const access = profileAccess(actor, { id: row.id, privacyStatus: row.privacyStatus });
  if (access === 'private') return { kind: 'private' };
  const [stats, rows, latest] = await Promise.all([
    postStats(deps, site, row.id),
    postsPageQuery(deps, site, row.id, pageSize, (page - 1) * pageSize),
    recentComments(deps, site, row.id),
  ]);
  const summaries = await deps.reader.presentSummaries(site, rows as SummaryRow[]);
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
