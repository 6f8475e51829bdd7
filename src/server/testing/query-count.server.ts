/**
 * Counts the statements a database is sent (issue 20: "at most one round trip per page"), by
 * wrapping the driver client's `query` under Drizzle: PGlite's instance, or node-postgres's pool.
 * Statements of a transaction go through a pool's checked-out client on PostgreSQL and are not
 * counted there; the reads these tests count never open one.
 */
import type { Database } from '../db/connection.server';

type QueryFn = (...args: unknown[]) => unknown;

/** The statements sent since the counter started (or was reset), in order. */
export interface QueryCounter {
  readonly statements: readonly string[];
  /** Statements whose text matches. */
  matching(pattern: RegExp): string[];
  reset(): void;
  /** Puts the driver's own `query` back. */
  restore(): void;
}

/** Starts counting what `db` sends to its database. */
export function countQueries(db: Database): QueryCounter {
  const client = (db as unknown as { $client: { query: QueryFn } }).$client;
  const original = client.query;
  const statements: string[] = [];
  client.query = function counted(this: unknown, ...args: unknown[]) {
    const [first] = args;
    statements.push(typeof first === 'string' ? first : String((first as { text?: string }).text));
    return original.apply(this, args);
  };
  return {
    get statements() {
      return [...statements];
    },
    matching: (pattern) => statements.filter((text) => pattern.test(text)),
    reset: () => {
      statements.length = 0;
    },
    restore: () => {
      client.query = original;
    },
  };
}
