/**
 * The reader's state over shared pages (issue 15; decision 030): for the posts and comments a page
 * shows, the reader's own likes and rating and the counts everyone sees. The pages themselves are
 * one cached copy for every visitor (decision 002) and carry nobody's likes; the page's script asks
 * here after hydration.
 *
 * Counts come from a snapshot kept in the process, each post's or comment's read at most
 * `READER_STATE_COUNTS_MAX_AGE_MS` ago: a like storm on a popular post costs one counts query per
 * 5 s, however many readers ask, and no page is rendered again for it. A like or rating made
 * through this process writes its committed counts into the snapshot (engagement.server.ts), so
 * the liker's own next page shows their count at once without a read; another process's likes
 * show within the bound.
 * The reader's own likes and rating are read per request, one query each, and only for a reader
 * who can have any: a visitor without a visitor id has liked nothing.
 *
 * `readPage` is the serve-time overlay's (issue 20; decision 051): everything one page shows of a
 * reader, a member's in one SQL statement, and none for what an earlier page of theirs already
 * asked (decision 054: kept until a write of theirs forgets it, 30 s at most).
 *
 * One module per use case in `reader-state/` (issue 16 §3): `read` (the overlay), `page` (a whole
 * page's state), `counts` (the
 * counts from the snapshot, and `noteCounts`), `own` (the reader's likes and ratings) and
 * `snapshot` (the process's counts and what the use cases share). This factory binds them.
 */
import { READER_STATE_COUNTS_MAX_AGE_MS } from '../../domain/reader-state';
import type { Database } from '../db/connection.server';
import { bindDeps } from './bind-deps.server';
import { noteCounts } from './reader-state/counts.server';
import { MemberStates } from './reader-state/member-states.server';
import { readPage } from './reader-state/page.server';
import { read } from './reader-state/read.server';
import { CountsSnapshot, type ReaderStateContext } from './reader-state/snapshot.server';

export type { PageReaderState, PageReaderTargets } from './reader-state/page.server';
export type { StateReader } from './reader-state/read.server';

export interface ReaderStateDeps {
  db: Database;
  /** Milliseconds, monotonic enough for ages (tests move a fake clock). */
  now?: () => number;
  /** How old a snapshot entry may be before it is read again. */
  maxAgeMs?: number;
  /** Entries kept at most (a few dozen bytes each), least recently used dropped first. */
  maxEntries?: number;
}

/** Builds the reader-state service: one snapshot per service, each use case bound to it. */
export function createReaderState({
  db,
  now = Date.now,
  maxAgeMs = READER_STATE_COUNTS_MAX_AGE_MS,
  maxEntries = 50_000,
}: ReaderStateDeps) {
  const context: ReaderStateContext = {
    db,
    now,
    maxAgeMs,
    snapshot: new CountsSnapshot(maxEntries),
    members: new MemberStates(),
  };
  const bind = bindDeps(context);
  return {
    read: bind(read),
    readPage: bind(readPage),
    noteCounts: bind(noteCounts),
    /**
     * Forgets what pages asked of a member: called after every write of theirs and every
     * notification stored for them (decision 054).
     */
    forgetMember: (siteId: string, memberId: string) => context.members.forget(siteId, memberId),
  };
}

export type ReaderStateService = ReturnType<typeof createReaderState>;
