/**
 * The reader-state service's counts snapshot (decision 030): each post's or comment's counts as
 * read at most `maxAgeMs` ago, kept in the process, least recently used dropped first.
 */
import type { LikeTarget } from '../../../domain/likes';
import type { Database } from '../../db/connection.server';
import type { MemberStates } from './member-states.server';

/** A post's or comment's counts as read, or null when it is not published (left out). */
export interface Counts {
  likeCount: number;
  ratingSum: number;
  ratingCount: number;
}

export interface SnapshotEntry {
  counts: Counts | null;
  readAt: number;
  /** Set when a write changed the counts: a read that began before it must not store its own. */
  writtenAt?: number;
}

/** The snapshot: a Map keeps insertion order, so re-inserting on read makes it a small LRU. */
export class CountsSnapshot {
  readonly entries = new Map<string, SnapshotEntry>();
  /**
   * Writes noted so far: a read that started before a write it raced must not store the counts
   * it read over the write's, which would hide the writer's own like for a while.
   */
  writes = 0;

  constructor(private readonly maxEntries: number) {}

  static keyOf(siteId: string, target: LikeTarget, id: string): string {
    return `${siteId}|${target}|${id}`;
  }

  get(key: string): SnapshotEntry | undefined {
    return this.entries.get(key);
  }

  remember(key: string, entry: SnapshotEntry): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.maxEntries) {
      this.entries.delete(this.entries.keys().next().value as string);
    }
  }
}

/** What the reader-state use cases share: the database, the clock, the snapshot, members' answers. */
export interface ReaderStateContext {
  db: Database;
  /** Milliseconds, monotonic enough for ages (tests move a fake clock). */
  now: () => number;
  /** How old a snapshot entry may be before it is read again. */
  maxAgeMs: number;
  snapshot: CountsSnapshot;
  /** What earlier pages asked of each member (decision 054). */
  members: MemberStates;
}
