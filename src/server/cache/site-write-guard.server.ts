/**
 * A database that refuses writes to published content made outside `writeSiteContent` (issue 16
 * §4): the test app runs on it, so every integration test that drives a write also checks that
 * the write bumps the site's generation. Tests only; production runs on the plain database.
 *
 * Published content is what the cached pages show (decision 002): posts and their listing rows,
 * categories, tags, comments, members' profile columns and the published widget settings. Not
 * guarded, each with its reason:
 * - counters only (`like_count`, `rating_sum`, …): likes, ratings and views deliberately leave the
 *   cache alone (decisions 020, 030);
 * - a new member's row (sign-up): no page shows a member before they write something;
 * - draft widget settings, and widget-settings updates and deletes (only the draft is updated or
 *   deleted outside a publish);
 * - raw SQL (`execute`): the view counter's batch, reads;
 * - a transaction that creates or removes a site (the seed, a copy of the demo blog): no page of
 *   a site is cached before it exists or after it is gone.
 *
 * It also refuses a write of what a member's session resolves to (their role, block, name,
 * picture, slug, privacy, or their row) made outside `writeMemberIdentity` (decision 051): such
 * a write that forgot the session cache would leave the member as they were for up to 30 s.
 */
import { getTableColumns, getTableName, type Table } from 'drizzle-orm';
import type { Database } from '../db/connection.server';
import { members } from '../db/schema.server';
import { IDENTITY_MEMBER_COLUMNS } from '../services/accounts/sessions.server';
import { currentMemberIdentityWrite, currentSiteWrite } from './site-write.server';

/** Tables whose rows the cached pages show. */
const PUBLISHED_TABLES: ReadonlySet<string> = new Set([
  'posts',
  'post_categories',
  'post_tags',
  'post_hashtags',
  'categories',
  'tags',
  'comments',
  'members',
  'widget_settings',
]);

/** Columns that only count (decisions 002, 020, 030: counters may lag on shared pages). */
const COUNTER_COLUMNS: ReadonlySet<string> = new Set([
  'likeCount',
  'ratingSum',
  'ratingCount',
  'viewCount',
]);

/** The `members` properties a session resolves to (`IDENTITY_MEMBER_COLUMNS`, by column). */
const IDENTITY_PROPERTIES: ReadonlySet<string> = (() => {
  const names = new Set(Object.values(IDENTITY_MEMBER_COLUMNS).map((column) => column.name));
  return new Set(
    Object.entries(getTableColumns(members))
      .filter(([, column]) => names.has(column.name))
      .map(([property]) => property),
  );
})();

/** Thrown at a write of a member's identity outside `writeMemberIdentity`. */
export class UnforgottenIdentityWriteError extends Error {
  constructor(kind: string) {
    super(
      `${kind} of a member's identity outside writeMemberIdentity: their cached sessions would not drop`,
    );
    this.name = 'UnforgottenIdentityWriteError';
  }
}

/** Thrown at a write to published content outside `writeSiteContent`. */
export class UnguardedSiteWriteError extends Error {
  constructor(kind: string, table: string) {
    super(`${kind} on ${table} outside writeSiteContent: the site's cached pages would not drop`);
    this.name = 'UnguardedSiteWriteError';
  }
}

/**
 * What one guarded transaction did: the unguarded writes it made, and whether it created or
 * removed a site (`sites`). A transaction that creates or removes a whole site (the seed, a copy
 * of the demo blog) writes that site's content freely: no page of it is cached before it exists
 * or after it is gone. Its verdict comes at the end of the work, before the commit.
 */
interface TransactionState {
  unguarded: string[];
  /** Writes of a member's identity outside `writeMemberIdentity` (kinds). */
  unforgotten: string[];
  touchesSites: boolean;
}

type Refuse = (kind: string, table: string) => void;

/** Outside a transaction an unguarded write throws at once. */
const refuseNow: Refuse = (kind, table) => {
  if (currentSiteWrite() === null) throw new UnguardedSiteWriteError(kind, table);
};

/** Wraps a query builder so that the first of `methods` called checks its argument. */
function checkOn<T extends object>(builder: T, method: string, check: (arg: unknown) => void): T {
  return new Proxy(builder, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (prop !== method || typeof value !== 'function') return value;
      return (arg: unknown, ...rest: unknown[]) => {
        check(arg);
        return value.call(target, arg, ...rest);
      };
    },
  });
}

function guardInsert(table: string, builder: object, refuse: Refuse): object {
  return checkOn(builder, 'values', (values) => {
    const rows = (Array.isArray(values) ? values : [values]) as Record<string, unknown>[];
    if (table === 'members') return;
    if (table === 'widget_settings' && rows.every((row) => row.state === 'draft')) return;
    refuse('insert', table);
  });
}

/** Refuses a write of a member's identity outside `writeMemberIdentity`. */
function refuseIdentityWrite(kind: string, state?: TransactionState): void {
  if (currentMemberIdentityWrite() !== null) return;
  if (state) state.unforgotten.push(kind);
  else throw new UnforgottenIdentityWriteError(kind);
}

function guardUpdate(
  table: string,
  builder: object,
  refuse: Refuse,
  state?: TransactionState,
): object {
  return checkOn(builder, 'set', (values) => {
    if (table === 'widget_settings') return;
    const columns = Object.keys(values as object);
    if (table === 'members' && columns.some((column) => IDENTITY_PROPERTIES.has(column))) {
      refuseIdentityWrite('update', state);
    }
    if (columns.every((column) => COUNTER_COLUMNS.has(column))) return;
    refuse('update', table);
  });
}

/** A guarded transaction's work: its verdict before the commit (a throw rolls it back). */
function guardWork(work: (tx: object) => Promise<unknown>) {
  return async (tx: object) => {
    const state: TransactionState = { unguarded: [], unforgotten: [], touchesSites: false };
    const result = await work(guardSiteWrites(tx, state));
    if (state.touchesSites) return result;
    const [first] = state.unguarded;
    if (first !== undefined) {
      throw new UnguardedSiteWriteError(first.split(' ')[0]!, first.split(' ')[1]!);
    }
    const [identity] = state.unforgotten;
    if (identity !== undefined) throw new UnforgottenIdentityWriteError(identity);
    return result;
  };
}

/** `db` (or a transaction of it) that refuses unguarded writes to published tables. */
export function guardSiteWrites<D extends object>(db: D, state?: TransactionState): D {
  const refuse: Refuse = state
    ? (kind, table) => {
        if (currentSiteWrite() === null) state.unguarded.push(`${kind} ${table}`);
      }
    : refuseNow;
  return new Proxy(db, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      if (prop === 'transaction') {
        return (work: (tx: object) => Promise<unknown>, ...rest: unknown[]) =>
          value.call(target, guardWork(work), ...rest);
      }
      if (prop !== 'insert' && prop !== 'update' && prop !== 'delete') {
        return value.bind(target);
      }
      return (table: Table) => {
        const builder = value.call(target, table) as object;
        const name = getTableName(table);
        if (name === 'sites' && state && prop !== 'update') state.touchesSites = true;
        if (!PUBLISHED_TABLES.has(name)) return builder;
        if (prop === 'insert') return guardInsert(name, builder, refuse);
        if (prop === 'update') return guardUpdate(name, builder, refuse, state);
        if (name === 'members') refuseIdentityWrite('delete', state);
        if (name !== 'widget_settings') refuse('delete', name);
        return builder;
      };
    },
  });
}

/** The test app's database: `db` guarded (see above). */
export function guardedDatabase(db: Database): Database {
  return guardSiteWrites(db);
}
