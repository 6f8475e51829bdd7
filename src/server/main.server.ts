/**
 * Starts Inkwell (in the worker thread that entry.ts starts): parses the environment, opens the database (migrating it), seeds the demo blog
 * on an empty database, loads the page build and listens.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parentPort } from 'node:worker_threads';
import pino from 'pino';
import type { ServerBuild } from 'react-router';
import { openDatabase } from './db/connection.server';
import { parseEnv } from './env.server';
import { startErrorRetention } from './jobs/error-retention.server';
import { startNotificationRetention } from './jobs/notification-retention.server';
import { startScheduledPublishing } from './jobs/scheduled-posts.server';
import { startSessionSweep } from './jobs/session-sweep.server';
import { findDefaultSite } from './services/sites.server';

const startedAt = performance.now();
const env = parseEnv();
// Bundled as build/node/server.js: the project root is two folders up.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const buildDir = path.join(root, 'build');

const phases: string[] = [];
let phaseStart = startedAt;
function phase(name: string) {
  const now = performance.now();
  phases.push(`${name} ${Math.round(now - phaseStart)} ms`);
  phaseStart = now;
}

// The database opens first (PGlite takes a few hundred ms to start); the app and the page build
// load meanwhile.
const [database, build, { buildApp }] = await Promise.all([
  openDatabase({ url: env.DATABASE_URL, dataDir: env.dataDir }),
  import(pathToFileURL(path.join(buildDir, 'server/index.js')).href) as Promise<ServerBuild>,
  import('./app.server'),
]);
phase('database and build');
if (env.SEED_ON_START && (await findDefaultSite(database.db)) === null) {
  // The seed (and sharp, which draws its images) loads only when there is something to seed.
  const { seedDemoSite } = await import('./seed/seed.server');
  const seeded = await seedDemoSite({ db: database.db, dataDir: env.dataDir });
  if (seeded.created) console.log(`Seeded the demo blog with ${seeded.postCount} posts.`);
  phase('seed check');
}

const app = await buildApp({
  database,
  dataDir: env.dataDir,
  logLevel: env.LOG_LEVEL,
  // Synchronous writes to standard output: the worker's exit would otherwise drop the last lines
  // still queued in pino's asynchronous writer ("stopped" among them; a flaky shutdown test).
  // Logs are rare (no per-request lines), so writing them at once costs nothing measurable.
  logStream: pino.destination({ dest: 1, sync: true }),
  withTestRoutes: env.ENABLE_TEST_ROUTES,
  // Absolute URLs, hosts and proxies (decision 028); the login limits' shared store.
  hosts: env.hosts,
  trustProxy: env.TRUST_PROXY,
  redisUrl: env.REDIS_URL,
  // The browser tests serve the pages they preview on 127.0.0.1; never in production.
  linkPreview: { allowLoopback: env.ENABLE_TEST_ROUTES },
  pages: { build, clientDir: path.join(buildDir, 'client') },
  // Errors carry the build's release; client stacks are mapped with its hidden maps (decision 042).
  monitoring: {
    release: releaseOf(buildDir),
    sourceMapsDir: path.join(buildDir, 'sourcemaps'),
    sentryDsn: env.SENTRY_DSN,
  },
});

/** ms of CPU the whole process (every thread) has used. */
function processCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** The release `npm run build` wrote (scripts/finish-client-build.mjs). */
function releaseOf(dir: string): string {
  try {
    return (JSON.parse(readFileSync(path.join(dir, 'release.json'), 'utf8')) as { release: string })
      .release;
  } catch {
    return 'dev';
  }
}

/** A job's log: its failures are also recorded in Health (decision 042). */
function jobLog(job: string) {
  return {
    info: (message: string) => app.log.info(message),
    error: (error: unknown, message: string) => {
      app.log.error(error, message);
      app.errors.recordJob(job, error);
    },
  };
}

const scheduledPublishing = startScheduledPublishing({
  editor: app.services.postEditor,
  log: jobLog('scheduled-posts'),
});

// Expired sessions and reset tokens go hourly (decision 017).
const sessionSweep = startSessionSweep({
  accounts: app.accounts,
  log: jobLog('session-sweep'),
});

// Read notifications go 90 days after they came (decision 018).
const notificationRetention = startNotificationRetention({
  notifications: app.services.notifications,
  log: jobLog('notification-retention'),
});

// Error groups not seen for 90 days go (decision 042).
const errorRetention = startErrorRetention({
  health: app.services.health,
  log: jobLog('error-retention'),
});

let stopping: Promise<never> | undefined;
/**
 * Graceful shutdown (decision 026): stops accepting connections (`/readyz` answers 503 from
 * here on), lets requests in flight finish for up to `SHUTDOWN_GRACE_MS` (10 s; long-lived
 * notification streams are closed at once, not waited for), stops the jobs (a run
 * under way finishes), closes the database and exits 0; 1 if something failed on the way.
 */
function shutdown(signal: string): Promise<never> {
  stopping ??= (async () => {
    app.log.info({ signal }, 'shutting down');
    parentPort?.postMessage({ type: 'stopping', graceMs: env.SHUTDOWN_GRACE_MS });
    // Past the grace period, connections still busy are cut; app.close() then completes.
    const cutOff = setTimeout(() => {
      app.log.warn('requests still running after the grace period: closing their connections');
      app.server.closeAllConnections();
    }, env.SHUTDOWN_GRACE_MS);
    cutOff.unref();
    let code = 0;
    try {
      // No new job runs from now; a run under way finishes before the database closes.
      const jobsStopped = Promise.all([
        scheduledPublishing.stop(),
        sessionSweep.stop(),
        notificationRetention.stop(),
        errorRetention.stop(),
      ]);
      await app.close();
      await jobsStopped;
      await database.close();
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      code = 1;
    }
    clearTimeout(cutOff);
    app.log.info({ signal, code }, 'stopped');
    // The log writes synchronously (above); what went through the worker's standard output
    // stream reaches the entry's thread before the exit.
    await new Promise((resolve) => process.stdout.write('', resolve));
    process.exit(code);
  })();
  return stopping;
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
// Run by entry.ts in a worker thread, signals arrive as messages from the entry.
parentPort?.on('message', (message: { type?: string; signal?: string }) => {
  if (message.type === 'stop') void shutdown(message.signal ?? 'SIGTERM');
});

phase('app');
await app.listen({ port: env.PORT, host: env.HOST });
phase('listen');
// After listening, off the start-up path: temporary files of uploads a crash cut short.
void import('./media/incoming-sweep.server')
  .then(({ sweepAbandonedUploads }) => sweepAbandonedUploads(env.dataDir))
  .then((removed) => {
    if (removed > 0) app.log.info({ removed }, 'removed abandoned uploads');
  })
  .catch((error: unknown) => app.log.error(error, 'could not sweep abandoned uploads'));
console.log(
  `Inkwell is running at ${env.hosts.defaultOrigin} (blog at /blog) on ${database.kind}, ` +
    `ready in ${Math.round(performance.now() - startedAt)} ms (${phases.join(', ')}; ` +
    // The process's CPU since its spawn, every thread: on a busy machine wall times mislead.
    `${Math.round(processCpuMs())} ms of CPU since the spawn).`,
);
