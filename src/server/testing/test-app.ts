/**
 * The app an integration test file talks to through HTTP (CONVENTIONS "Tests": `app.inject`, on
 * PGlite and on PostgreSQL): the test database, the app built on it and the file's own site,
 * made before the file's tests and closed after them.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app';
import type { Database, DatabaseHandle } from '../db/connection.server';
import type { sites } from '../db/schema';
import { createTestSite, type TestSite } from './factories';
import { loadPageBuild } from './page-build';
import { openTestDatabase } from './test-database';

/** What a test app serves besides the API. */
export interface TestAppBuildOptions {
  /** The production build's pages, for tests that render them. */
  pages?: boolean;
  /** The test-only routes (members named by the test-only header, settings writes). */
  withTestRoutes?: boolean;
}

/** A test app, and the overrides of the site it makes (its name, say). */
export interface TestAppOptions extends TestAppBuildOptions {
  site?: Partial<typeof sites.$inferInsert>;
}

/** The file's app, its database and its site; usable in hooks and tests, not before. */
export interface TestApp {
  readonly database: DatabaseHandle;
  /** `database.db`. */
  readonly db: Database;
  readonly app: FastifyInstance;
  readonly site: TestSite;
}

/** An app on `database` that never listens, keeps no files and logs nothing. */
export async function buildTestApp(
  database: DatabaseHandle,
  options: TestAppBuildOptions = {},
): Promise<FastifyInstance> {
  return buildApp({
    database,
    dataDir: '/nonexistent',
    logLevel: 'silent',
    ...(options.withTestRoutes ? { withTestRoutes: true } : {}),
    ...(options.pages ? { pages: await loadPageBuild() } : {}),
  });
}

/**
 * Registers the file's set-up and tear-down: before its tests, opens the test database, builds
 * the app and makes a site; after them, closes the app and the database. Call it at the top of
 * the file, before the file's own `beforeAll`, which then finds them ready.
 */
export function setUpTestApp(options: TestAppOptions = {}): TestApp {
  let database: DatabaseHandle | undefined;
  let app: FastifyInstance | undefined;
  let site: TestSite | undefined;
  beforeAll(async () => {
    database = await openTestDatabase();
    app = await buildTestApp(database, options);
    site = await createTestSite(database.db, options.site);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
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
  };
}
