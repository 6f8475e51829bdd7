/**
 * Health endpoints for a process manager or load balancer (issue 15, decision 026):
 *
 *   GET /healthz  200 `{ status: 'ok' }` while the process runs; never touches the database.
 *   GET /readyz   200 `{ status: 'ready' }` when the database answers and this build's
 *                 migrations are applied; otherwise 503 `{ status: 'not_ready', reason }` with
 *                 `Retry-After` (`database_unavailable`, `migrations_pending`).
 *
 * While the server drains on SIGTERM, Fastify answers every request that still arrives, these
 * among them, with 503 itself (`return503OnClosing`): it closes its routes before any of our
 * close hooks run, so a shutting-down flag here would never be read.
 *
 * Neither needs a site (a prober asks by address, not by a blog's host name) and neither is ever
 * cached (`cache-control: no-store`).
 */
import type { FastifyInstance } from 'fastify';
import { type DatabaseHandle, latestMigrationMillis } from '../db/connection.server';
import { DATABASE_RETRY_AFTER_SECONDS } from '../db/database-errors.server';
import { checkReadiness } from '../db/readiness.server';

export interface HealthRoutesOptions {
  database: DatabaseHandle;
}

/** Registers `/healthz` and `/readyz`. */
export async function healthRoutes(app: FastifyInstance, { database }: HealthRoutesOptions) {
  const latestMigration = latestMigrationMillis();

  app.get('/healthz', async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );

  app.get('/readyz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const readiness = await checkReadiness(database.db, latestMigration);
    if (readiness.isReady) return reply.send({ status: 'ready' });
    return reply
      .status(503)
      .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
      .send({ status: 'not_ready', reason: readiness.reason });
  });
}
