/**
 * PostgreSQL going away is an outage, not a crash (issue 15 "Faults", decision 026), on a real
 * PostgreSQL (TEST_DATABASE_URL; skipped on PGlite, which has no connections to lose):
 * - while the database is unreachable (a TCP relay in front of it cut), the API answers 503
 *   `database_unavailable` with `Retry-After`, pages show the error screen as a 503 nobody may
 *   cache, `/readyz` says why, `/healthz` stays 200; the first requests once it answers again
 *   all succeed, with the same app;
 * - `pg_terminate_backend` on the app's own connections (found by their `application_name`)
 *   while concurrent reads and transactional writes run: the process lives, every answer is a
 *   200 or a 503 with `Retry-After`, the answers right after are all 200, and no write is left
 *   half done (every like count equals its rows);
 * - a connection that dies as a transaction begins is not kept by the pool: more such deaths than
 *   the pool has connections still leave it able to serve.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/connection.server';
import { DATABASE_UNAVAILABLE_CODE } from '../db/database-errors.server';
import { likes, members, posts } from '../db/schema.server';
import {
  buildPost,
  createMember,
  createTestSite,
  type TestSite,
} from '../testing/factories.server';
import { buildTestApp } from '../testing/test-app.server';
import { testDatabaseUrl } from '../testing/test-database.server';
import { TEST_MEMBER_HEADER } from './actor.server';

const databaseUrl = testDatabaseUrl();

/**
 * A TCP relay in front of PostgreSQL that a test can cut (every connection dropped, new ones
 * refused) and bring back on the same port: the database "going away" without touching the
 * server other tests share.
 */
function startRelay(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  let isDroppingNextWrite = false;
  function track(socket: net.Socket) {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  }
  return {
    get port() {
      return port;
    },
    open(): Promise<void> {
      server = net.createServer((client) => {
        const upstream = net.connect(target);
        track(client);
        track(upstream);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
        // Before the pipe's own listener: the message that comes next never reaches the server.
        client.on('data', () => {
          if (!isDroppingNextWrite) return;
          isDroppingNextWrite = false;
          client.destroy();
          upstream.destroy();
        });
        client.pipe(upstream).pipe(client);
      });
      return new Promise((resolve) => {
        server!.listen(port, '127.0.0.1', () => {
          port = (server!.address() as net.AddressInfo).port;
          resolve();
        });
      });
    },
    /** The next message any client sends ends its connection instead. */
    dropNextWrite() {
      isDroppingNextWrite = true;
    },
    cut(): Promise<void> {
      const closed = new Promise<void>((resolve) => server?.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      return closed;
    },
  };
}

type Relay = ReturnType<typeof startRelay>;

function expectUnavailable(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(503);
  expect(response.headers['retry-after']).toMatch(/^\d+$/);
  expect(response.headers['cache-control']).toBe('no-store');
}

describe.skipIf(!databaseUrl)('the database going away', () => {
  const applicationName = `inkwell-outage-${randomUUID().slice(0, 8)}`;
  let relay: Relay;
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let site: TestSite;
  let dataDir: string;
  const readers: string[] = [];
  const postIds: string[] = [];

  beforeAll(async () => {
    const url = new URL(databaseUrl!);
    relay = startRelay({ host: url.hostname, port: Number(url.port || 5432) });
    await relay.open();
    const relayed = new URL(databaseUrl!);
    relayed.hostname = '127.0.0.1';
    relayed.port = String(relay.port);
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'inkwell-outage-'));
    database = await openDatabase({
      url: relayed.href,
      dataDir,
      applicationName,
      log: () => {},
    });
    app = await buildTestApp(database, { pages: true, withTestRoutes: true });
    site = await createTestSite(database.db, { name: 'Outage Blog' });
    const author = await createMember(database.db, site.id, { role: 'writer' });
    for (let i = 0; i < 4; i++) {
      readers.push((await createMember(database.db, site.id, { role: 'user' })).id);
    }
    for (let i = 0; i < 2; i++) {
      const post = buildPost(site.id, author.id);
      await app.services.postWriter.insertPost(post);
      postIds.push(post.id);
    }
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await relay?.cut();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const get = (url: string, host = site.host) =>
    app.inject({ method: 'GET', url, headers: { host } });
  const like = (memberId: string, postId: string, isLiked: boolean) =>
    app.inject({
      method: isLiked ? 'PUT' : 'DELETE',
      url: `/api/posts/${postId}/like`,
      headers: { host: site.host, [TEST_MEMBER_HEADER]: memberId },
    });

  it('answers 503 with Retry-After while it is unreachable, and 200 once it answers again', async () => {
    // The site is looked up (and kept for a minute) before the outage, as on a running server.
    expect((await get('/api/posts')).statusCode).toBe(200);
    await relay.cut();
    try {
      const api = await get('/api/posts/slug/any-post');
      expectUnavailable(api);
      expect(api.json().error.code).toBe(DATABASE_UNAVAILABLE_CODE);
      const write = await like(readers[0]!, postIds[0]!, true);
      expectUnavailable(write);
      expect(write.json().error.code).toBe(DATABASE_UNAVAILABLE_CODE);

      // A page whose loader meets the outage: the blog's error screen, as a 503.
      const page = await get(`/blog/not-cached-${randomUUID().slice(0, 8)}`);
      expectUnavailable(page);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain('technical issue');
      // A page whose site cannot even be looked up: the plain error screen, as a 503.
      const unknownHost = await get('/blog', `never-seen-${randomUUID().slice(0, 8)}.test`);
      expectUnavailable(unknownHost);
      expect(unknownHost.headers['content-type']).toMatch(/^text\/html/);
      expect(unknownHost.body).toContain('technical issue');

      const ready = await get('/readyz');
      expectUnavailable(ready);
      expect(ready.json()).toEqual({ status: 'not_ready', reason: 'database_unavailable' });
      expect((await get('/healthz')).statusCode).toBe(200);
    } finally {
      await relay.open();
    }
    // No restart of the app and no waiting: the pool dropped its dead connections.
    const after = await Promise.all([
      get('/api/posts'),
      get('/api/posts/slug/any-post'),
      like(readers[0]!, postIds[0]!, true),
      get('/blog'),
      get('/readyz'),
    ]);
    expect(after.map((r) => r.statusCode)).toEqual([200, 404, 200, 200, 200]);
  });

  it('survives pg_terminate_backend of its connections under concurrent requests', async () => {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    let terminated = 0;
    const statuses: number[] = [];
    try {
      for (let round = 0; round < 6; round++) {
        const requests = [
          ...readers.flatMap((reader, i) =>
            postIds.map((postId) => like(reader, postId, (round + i) % 2 === 0)),
          ),
          get('/api/posts'),
          get(`/api/posts/slug/missing-${round}`),
          get(`/blog/missing-${round}`),
          get('/readyz'),
        ];
        // From a separate connection, while the requests above are running.
        const { rows } = await admin.query<{ n: number }>(
          `select count(pg_terminate_backend(pid))::int as n
             from pg_stat_activity where application_name = $1`,
          [applicationName],
        );
        terminated += rows[0]!.n;
        for (const response of await Promise.all(requests)) {
          statuses.push(response.statusCode);
          if (response.statusCode === 503) {
            expect(response.headers['retry-after']).toMatch(/^\d+$/);
          } else {
            // The slugs are missing on purpose: 404 is these requests' success.
            expect([200, 404]).toContain(response.statusCode);
          }
        }
      }
    } finally {
      await admin.end();
    }
    // The test did cut connections under load.
    expect(terminated).toBeGreaterThan(0);

    // Right after: everything succeeds, with the same app.
    const after = await Promise.all([
      ...readers.map((reader) => like(reader, postIds[0]!, true)),
      get('/api/posts'),
      get('/blog'),
      get('/readyz'),
    ]);
    expect(after.every((r) => r.statusCode === 200)).toBe(true);

    // No write half done: each count is its rows, for posts and for the members who liked.
    for (const postId of postIds) {
      const [stored] = await database.db
        .select({ likeCount: posts.likeCount })
        .from(posts)
        .where(eq(posts.id, postId));
      const [rows] = await database.db
        .select({ n: count() })
        .from(likes)
        .where(eq(likes.targetId, postId));
      expect(stored!.likeCount).toBe(rows!.n);
    }
    for (const reader of readers) {
      const [stored] = await database.db
        .select({ likeCount: members.likeCount })
        .from(members)
        .where(and(eq(members.siteId, site.id), eq(members.id, reader)));
      const [rows] = await database.db
        .select({ n: count() })
        .from(likes)
        .where(and(eq(likes.siteId, site.id), eq(likes.memberId, reader)));
      expect(stored!.likeCount).toBe(rows!.n);
    }
  });

  it('does not keep a connection that died as its transaction began', async () => {
    // More than the pool's 10 connections: leaked ones would leave none to serve with.
    for (let round = 0; round < 12; round++) {
      // An idle connection in the pool, which the transaction below gets.
      await database.db.execute(sql`select 1`);
      relay.dropNextWrite();
      await expect(
        database.db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
        }),
      ).rejects.toThrow();
    }
    const result = await database.db.transaction(async (tx) => tx.execute(sql`select 2 as n`));
    expect((result as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(2);
  });
});
