/**
 * `/healthz` and `/readyz` (issue 15, decision 026), on PGlite and on PostgreSQL: no site needed,
 * never cached; ready only when the database answers and this build's migrations are applied;
 * `/healthz` answers even with the database away. (Not ready while closing: shutdown.test.ts.)
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, latestMigrationMillis } from '../db/connection.server';
import { checkReadiness } from '../db/readiness.server';
import * as schema from '../db/schema.server';
import { buildTestApp, setUpTestApp } from '../testing/test-app.server';

const harness = setUpTestApp();

describe('GET /healthz and /readyz', () => {
  it('answers 200 for a live process and a ready database, with no site and no caching', async () => {
    // No Host header of any site: a prober asks by address.
    const health = await harness.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    expect(health.headers['cache-control']).toBe('no-store');

    const ready = await harness.app.inject({
      method: 'GET',
      url: '/readyz',
      headers: { host: '10.0.0.7:3000' },
    });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('knows whether the newest migration of this build is applied', async () => {
    const latest = latestMigrationMillis();
    expect(await checkReadiness(harness.db, latest)).toEqual({ isReady: true });
    // A build one migration ahead of this database.
    expect(await checkReadiness(harness.db, latest + 1)).toEqual({
      isReady: false,
      reason: 'migrations_pending',
    });
  });
});

describe('with the database away', () => {
  let pool: pg.Pool;
  let app: FastifyInstance;

  beforeAll(async () => {
    // Nothing listens on port 1: every connection is refused at once.
    pool = new pg.Pool({ connectionString: 'postgres://inkwell@127.0.0.1:1/inkwell' });
    pool.on('error', () => {});
    const db = drizzle(pool, { schema }) as unknown as Database;
    app = await buildTestApp({ db, kind: 'postgres', close: () => pool.end() });
  });

  afterAll(async () => {
    await app?.close();
    await pool?.end();
  });

  it('stays healthy, is not ready and says why, and the API answers 503', async () => {
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);

    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['retry-after']).toMatch(/^\d+$/);
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(ready.json()).toEqual({ status: 'not_ready', reason: 'database_unavailable' });

    const api = await app.inject({ method: 'GET', url: '/api/posts' });
    expect(api.statusCode).toBe(503);
    expect(api.headers['retry-after']).toMatch(/^\d+$/);
    expect(api.json().error.code).toBe('database_unavailable');
  });
});
