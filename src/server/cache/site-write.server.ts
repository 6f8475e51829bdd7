/**
 * The one write path of published content (issue 16 §4; decision 002): a write that can change
 * what a page shows runs in `writeSiteContent`, which runs it in one transaction and, after the
 * commit, bumps the site's generation, so every cached page and memo of the site drops at once.
 * No service calls `generations.bump` itself (site-write.server.test.ts holds this), and the test
 * app's database refuses a write to a published table made outside this helper
 * (`guardSiteWrites`), so a write that would forget the bump fails its tests.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database } from '../db/connection.server';
import type { SiteGenerations } from './generations.server';
import type { SessionCache } from './session-cache.server';

/** The transaction a site write's work runs in. */
export type SiteWriteTransaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** What a site write needs: the database and the generations it bumps. */
export interface SiteWriteDeps {
  db: Database;
  generations: SiteGenerations;
}

/** Which site writes are running in this async context (the test guard asks it). */
const siteWriteScope = new AsyncLocalStorage<string>();

/** The site whose content write the caller runs inside, or null outside any. */
export function currentSiteWrite(): string | null {
  return siteWriteScope.getStore() ?? null;
}

/** Which member's identity write runs in this async context (the test guard asks it). */
const memberIdentityScope = new AsyncLocalStorage<string>();

/** The member whose identity write the caller runs inside, or null outside any. */
export function currentMemberIdentityWrite(): string | null {
  return memberIdentityScope.getStore() ?? null;
}

export interface SiteWriteOptions<T> {
  /**
   * Whether the write changed anything a page shows (a tag that already existed, a draft with
   * nothing to publish did not); true when omitted.
   */
  didChange?: (result: T) => boolean;
}

/**
 * Runs `work` in one transaction on the site's content and, once it committed (and changed
 * something), bumps the site's generation. A throw rolls back and bumps nothing.
 */
export async function writeSiteContent<T>(
  deps: SiteWriteDeps,
  siteId: string,
  work: (tx: SiteWriteTransaction) => Promise<T>,
  options: SiteWriteOptions<T> = {},
): Promise<T> {
  const result = await siteWriteScope.run(siteId, () => deps.db.transaction(work));
  if (options.didChange?.(result) ?? true) deps.generations.bump(siteId);
  return result;
}

/** What a write of a member's identity needs besides a site write's: the session cache. */
export interface MemberIdentityWriteDeps extends SiteWriteDeps {
  sessions: Pick<SessionCache, 'forgetMember'>;
}

/**
 * `writeSiteContent` for a write that changes what a member's session resolves to (decision
 * 051): their role, block, removal, or the name and picture the header shows. After the
 * transaction (committed or not: forgetting is always safe) every cached session of the member
 * is forgotten in this process, so their very next request reads them as they are now.
 */
export async function writeMemberIdentity<T>(
  deps: MemberIdentityWriteDeps,
  siteId: string,
  memberId: string,
  work: (tx: SiteWriteTransaction) => Promise<T>,
  options: SiteWriteOptions<T> = {},
): Promise<T> {
  try {
    return await memberIdentityScope.run(memberId, () =>
      writeSiteContent(deps, siteId, work, options),
    );
  } finally {
    deps.sessions.forgetMember(siteId, memberId);
  }
}
