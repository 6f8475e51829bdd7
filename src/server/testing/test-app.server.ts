/**
 * The app an integration test file talks to through HTTP (CONVENTIONS "Tests": `app.inject`, on
 * PGlite and on PostgreSQL): the test database, the app built on it and the file's own site,
 * made before the file's tests and closed after them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { type AppOptions, buildApp } from '../app.server';
import { guardedDatabase } from '../cache/site-write-guard.server';
import type { Database, DatabaseHandle } from '../db/connection.server';
import type { sites } from '../db/schema.server';
import { createTestSite, type TestSite } from './factories.server';
import { loadPageBuild } from './page-build.server';
import { openTestDatabase } from './test-database.server';

/** What a test app serves besides the API. */
export interface TestAppBuildOptions {
  /** The production build's pages, for tests that render them. */
  pages?: boolean;
  /** The test-only routes (members named by the test-only header, settings writes). */
  withTestRoutes?: boolean;
  /** Further `buildApp` options a file needs: a clock, limits, where log lines go. */
  app?: Partial<Omit<AppOptions, 'database' | 'pages' | 'withTestRoutes'>>;
}

/** A test app, and the overrides of the site it makes (its name, say). */
export interface TestAppOptions extends TestAppBuildOptions {
  site?: Partial<typeof sites.$inferInsert>;
  /** A data folder of the file's own (uploads land there), made before and removed after. */
  withDataDir?: boolean;
}

/** The file's app, its database and its site; usable in hooks and tests, not before. */
export interface TestApp {
  readonly database: DatabaseHandle;
  /** `database.db`. */
  readonly db: Database;
  readonly app: FastifyInstance;
  readonly site: TestSite;
  /** The file's data folder; only with `withDataDir`. */
  readonly dataDir: string;
}

/** An app on `database` that never listens, keeps no files and logs nothing. */
export async function buildTestApp(
  database: DatabaseHandle,
  options: TestAppBuildOptions = {},
): Promise<FastifyInstance> {
  return buildApp({
    // Writes to published content outside writeSiteContent fail the test (issue 16 §4).
    database: { ...database, db: guardedDatabase(database.db) },
    dataDir: '/nonexistent',
    logLevel: 'silent',
    ...(options.withTestRoutes ? { withTestRoutes: true } : {}),
    ...(options.pages ? { pages: await loadPageBuild() } : {}),
    ...options.app,
  });
}

/**
 * Registers the file's set-up and tear-down: before its tests, opens the test database, makes
 * the data folder (`withDataDir`), builds the app and makes a site; after them, closes the app
 * and the database and removes the folder. Call it at the top of the file, before the file's own
 * `beforeAll`, which then finds them ready.
 */
export function setUpTestApp(options: TestAppOptions = {}): TestApp {
  let database: DatabaseHandle | undefined;
  let dataDir: string | undefined;
  let app: FastifyInstance | undefined;
  let site: TestSite | undefined;
  beforeAll(async () => {
    database = await openTestDatabase();
    if (options.withDataDir) dataDir = mkdtempSync(path.join(os.tmpdir(), 'inkwell-data-'));
    app = await buildTestApp(database, {
      ...options,
      ...(dataDir ? { app: { ...options.app, dataDir } } : {}),
    });
    site = await createTestSite(database.db, options.site);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined)
      throw new Error('The test app is made in beforeAll: use it in hooks and tests.');
    return value;
  };
  return {
    get database() {
      return ready(database);
    },
    get db() {
      return ready(database).db;
    },
    get app() {
      return ready(app);
    },
    get site() {
      return ready(site);
    },
    get dataDir() {
      if (!options.withDataDir) throw new Error('The test app has a data folder with withDataDir.');
      return ready(dataDir);
    },
  };
}
