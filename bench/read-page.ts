/**
 * How long a member's page state and session take (issue 20; decision 051), measured on the
 * services without HTTP: `readerState.readPage` for a 20-post feed page (one statement) beside
 * what a page cost before (the overlay's two queries, the unread count, the follows: four round
 * trips), and a session lookup from the cache beside one from the database. Medians over
 * `--calls` calls after a warm-up. A new site in the database it is given (PGlite in a temporary
 * folder by default, or `--database-url`, whose other sites it leaves alone).
 *
 *   node scripts/run-ts.mjs bench/read-page.ts [--calls 300] [--database-url postgres://…]
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import type { Actor } from '../src/domain/permissions';
import { createServices } from '../src/server/app.server';
import { hashToken, newToken } from '../src/server/auth/tokens.server';
import { SessionCache } from '../src/server/cache/session-cache.server';
import { openDatabase } from '../src/server/db/connection.server';
import {
  likes,
  notifications,
  ratings,
  sessions,
  sites as sitesTable,
  subscriptions,
} from '../src/server/db/schema.server';
import { createAccounts } from '../src/server/services/accounts.server';
import type { PageReaderTargets } from '../src/server/services/reader-state.server';
import {
  buildPost,
  createCategory,
  createMember,
  createTestSite,
} from '../src/server/testing/factories.server';

const { values } = parseArgs({
  options: { calls: { type: 'string', default: '300' }, 'database-url': { type: 'string' } },
});
const CALLS = Number(values.calls);
const FEED_POSTS = 20;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'inkwell-read-page-'));
const database = await openDatabase({ url: values['database-url'], dataDir });
const { db } = database;
const services = createServices(database);

const site = await createTestSite(db);
const writer = await createMember(db, site.id, { role: 'writer' });
const member = await createMember(db, site.id, { role: 'user' });
const category = await createCategory(db, site.id);
const postIds: string[] = [];
for (let i = 0; i < FEED_POSTS; i++) {
  const post = buildPost(site.id, writer.id);
  await services.postWriter.insertPost(post);
  postIds.push(post.id);
}
// The member likes half the page, rated a quarter, follows the blog, and has 30 unread lines.
await db.insert(likes).values(
  postIds
    .filter((_, i) => i % 2 === 0)
    .map((id) => ({
      siteId: site.id,
      targetType: 'post',
      targetId: id,
      likerKey: `m:${member.id}`,
      memberId: member.id,
    })),
);
await db
  .insert(ratings)
  .values(
    postIds
      .filter((_, i) => i % 4 === 0)
      .map((id) => ({ siteId: site.id, postId: id, memberId: member.id, value: 4 })),
  );
await db
  .insert(subscriptions)
  .values({ siteId: site.id, memberId: member.id, targetType: 'blog', targetId: site.id });
await db.insert(notifications).values(
  Array.from({ length: 30 }, (_, i) => ({
    siteId: site.id,
    id: randomUUID(),
    memberId: member.id,
    type: 'post-like',
    groupKey: `post-like:${postIds[i % FEED_POSTS]}`,
  })),
);

const actor: Actor = { memberId: member.id, role: 'user', isBlocked: false, privacy: 'PUBLIC' };
const targets: PageReaderTargets = {
  posts: postIds,
  comments: [],
  ratedPosts: postIds,
  following: [
    { targetType: 'blog', targetId: site.id },
    { targetType: 'category', targetId: category.id },
  ],
  hiddenCommentsOf: null,
};

/** The median of `CALLS` timed calls of `run` (ms), after 20 untimed ones. */
async function median(run: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 20; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

const onePage = await median(() => services.readerState.readPage(actor, null, site, targets));
const before = await median(() =>
  Promise.all([
    services.readerState.read({ actor, visitorId: null }, site, { posts: postIds, comments: [] }),
    services.notifications.unreadCount(actor, site),
    services.subscriptions.status(actor, site, targets.following),
  ]),
);

// A session row, found through the accounts' cache and, each time afresh, from the database.
const token = newToken();
await db.insert(sessions).values({
  siteId: site.id,
  tokenHash: hashToken(token),
  memberId: member.id,
  expiresAt: new Date(Date.now() + 86_400_000),
});
const sessionCache = new SessionCache();
const accounts = createAccounts({ db, deliverResetLink: () => undefined, sessions: sessionCache });
const sessionHit = await median(() => accounts.findSession(site, token));
const sessionMiss = await median(() => {
  sessionCache.forgetSession(site.id, hashToken(token));
  return accounts.findSession(site, token);
});

const fmt = (ms: number) => `${ms.toFixed(3)} ms`;
console.log(
  JSON.stringify({ database: database.kind, calls: CALLS, posts: FEED_POSTS }),
  `\nreadPage (member, ${FEED_POSTS} posts, one statement): median ${fmt(onePage)}`,
  `\nbefore: read + unreadCount + subscriptions.status (4 round trips): median ${fmt(before)}`,
  `\nfindSession from the cache: median ${fmt(sessionHit)}`,
  `\nfindSession from the database: median ${fmt(sessionMiss)}`,
);
// The bench's site goes (its rows with it): a shared database keeps only what it had.
await db.delete(sitesTable).where(eq(sitesTable.id, site.id));
await database.close();
rmSync(dataDir, { recursive: true, force: true });
