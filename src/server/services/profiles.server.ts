/**
 * Member profiles (issue 5; SPEC §2 profile links, §3 Member, §5 profile errors, §6 private
 * profiles): a profile page as the actor may see it, and a member's edits of their own record.
 * The profile pages and the members API both call it. Never memoised: the page cache keeps a
 * visitor's view of a public profile, and every edit bumps the site's generation, which drops
 * that page and the feed pages that show the member's name and picture.
 *
 * One module per use case in `profiles/` (issue 16 §3): `read` (a profile page), `own` (the
 * member's own record and its edits) and `rows` (the queries and presenters they share). This
 * factory binds the dependencies.
 */
import type { SiteGenerations } from '../cache/generations.server';
import type { SessionCache } from '../cache/session-cache.server';
import type { Database } from '../db/connection.server';
import { bindDeps } from './bind-deps.server';
import type { BlogReaderService } from './blog-reader.server';
import { getOwnProfile, updateOwnProfile } from './profiles/own.server';
import { getPreferences, updatePreferences } from './profiles/preferences.server';
import { getProfilePage } from './profiles/read.server';
import { postsPageQuery, recentCommentsQuery } from './profiles/rows.server';

export interface ProfilesDeps {
  db: Database;
  reader: Pick<BlogReaderService, 'presentSummaries'>;
  generations: SiteGenerations;
  /** The process's resolved sessions: a profile edit changes the header's name and picture. */
  sessions: Pick<SessionCache, 'forgetMember'>;
}

/** Builds the service: each use case bound to `deps`. */
export function createProfiles(deps: ProfilesDeps) {
  const bind = bindDeps(deps);
  return {
    getProfilePage: bind(getProfilePage),
    getOwnProfile: bind(getOwnProfile),
    updateOwnProfile: bind(updateOwnProfile),
    getPreferences: bind(getPreferences),
    updatePreferences: bind(updatePreferences),
    postsPageQuery: bind(postsPageQuery),
    recentCommentsQuery: bind(recentCommentsQuery),
  };
}

export type ProfilesService = ReturnType<typeof createProfiles>;
