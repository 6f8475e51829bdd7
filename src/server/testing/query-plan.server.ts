/**
 * EXPLAIN for integration tests that pin a query to its index. Tests hold a handful of rows, where
 * the planner may rightly prefer any plan; pricing out the plan shapes a test rules out makes the
 * check say what matters (that the index can serve the query) on both PGlite and PostgreSQL.
 */
import type { Database } from '../db/connection.server';

interface QueryClient {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/** Planner node types a test may price out for one transaction (`enable_<name> = off`). */
export type PlanNode = 'seqscan' | 'sort';

/** The planner's plan for `text`, with the `priceOut` node types disabled for one transaction. */
export async function planOf(
  db: Database,
  text: string,
  params: unknown[],
  priceOut: readonly PlanNode[] = [],
): Promise<string> {
  // biome-ignore lint/suspicious/noExplicitAny: the driver's own client (PGlite or a pg Pool).
  const client = (db as any).$client;
  const explain = async (c: QueryClient) => {
    for (const node of priceOut) await c.query(`set local enable_${node} = off`);
    const result = await c.query(`explain ${text}`, params);
    return result.rows.map((row) => String(row['QUERY PLAN'])).join('\n');
  };
  if (typeof client.transaction === 'function') {
    return client.transaction((tx: QueryClient) => explain(tx));
  }
  const connection = await client.connect();
  try {
    await connection.query('begin');
    return await explain(connection);
  } finally {
    await connection.query('rollback');
    connection.release();
  }
}
