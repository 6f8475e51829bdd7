// Restarts the local PostgreSQL cluster under load and checks that Inkwell rides it out (issue 15
// "Faults", decision 026). It builds nothing: it runs the built server (`node build/main.js`)
// with DATABASE_URL on a free port, sends a bounded stream of requests from a few concurrent
// loops (reads, a page that is never cached, a write, the readiness probe), restarts the cluster
// with `pg_ctlcluster --skip-systemctl-redirect <version> main restart`, waits for `pg_isready`,
// and then counts, for the requests sent from 2 s after the database answered again, every 5xx
// and every connection error: there must be none. A 5xx other than 503 at any moment, and a
// server that died, fail it too. Prints a summary, writes test-results/summary-pgrestart.json
// ({ passed, failed }, for CI's closing line) and exits 1 on failure.
//
//   node scripts/pg-restart-check.mjs [postgres://...]   (default: $DATABASE_URL, else .../test)
//
// Needs root (or the postgres user) for pg_ctlcluster. It restarts the whole cluster: anything
// else using it at that moment sees its connections dropped.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const resultsDir = path.join(root, 'test-results');
const databaseUrl =
  process.argv[2] ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** Concurrent request loops. */
const CONCURRENCY = 4;
/** ms of load before the restart. */
const BEFORE_MS = 2_000;
/** ms after the database answers again before requests must all succeed (issue 15). */
const RECOVERY_MS = 2_000;
/** ms of load that must be free of errors. */
const CHECKED_MS = 4_000;
/** ms the server may take to start (a fresh database migrates). */
const START_TIMEOUT_MS = 120_000;
/** ms pg_ctlcluster and pg_isready may take together. */
const RESTART_TIMEOUT_MS = 60_000;

const failures = [];
function fail(message) {
  failures.push(message);
  console.error(`FAIL ${message}`);
}

function finish() {
  mkdirSync(resultsDir, { recursive: true });
  const summary = { passed: failures.length === 0 ? 1 : 0, failed: failures.length === 0 ? 0 : 1 };
  writeFileSync(path.join(resultsDir, 'summary-pgrestart.json'), JSON.stringify(summary));
  console.log(
    failures.length === 0
      ? '\nPostgreSQL restart check: passed'
      : `\nPostgreSQL restart check: FAILED (${failures.length} problem(s))`,
  );
  process.exit(failures.length === 0 ? 0 : 1);
}

function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', (error) => resolve({ code: -1, output: String(error) }));
    child.on('exit', (code) => resolve({ code: code ?? -1, output }));
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Kept-alive connections, as a browser or a proxy in front would use them.
const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

/**
 * One request to the server (node:http, because fetch may not set `Host`, which picks the site).
 * Resolves with the status and `retry-after`; rejects on a connection error or after 10 s.
 */
function send(port, host, { path: requestPath, method = 'GET', body }) {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: requestPath,
        method,
        agent,
        timeout: 10_000,
        headers: { host, ...(body ? { 'content-type': 'application/json' } : {}) },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({
            status: response.statusCode,
            retryAfter: response.headers['retry-after'] ?? null,
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () =>
      request.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })),
    );
    request.on('error', reject);
    request.end(body);
  });
}

if (!existsSync(path.join(root, 'build/main.js'))) {
  fail('build/main.js is missing: run `npm run build` first');
  finish();
}
const versions = existsSync('/etc/postgresql') ? readdirSync('/etc/postgresql') : [];
if (versions.length !== 1) {
  fail(`expected one PostgreSQL version under /etc/postgresql, found ${versions.length}`);
  finish();
}
const version = versions[0];
const pgUrl = new URL(databaseUrl);
const pgHost = pgUrl.hostname || '127.0.0.1';
const pgPort = pgUrl.port || '5432';

// The server, on a free port, with its own (empty) data folder for media.
const port = await freePort();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'inkwell-pgrestart-'));
let serverOutput = '';
const server = spawn(process.execPath, ['build/main.js'], {
  cwd: root,
  env: {
    PATH: process.env.PATH,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SEED_ON_START: 'false',
    ENABLE_TEST_ROUTES: 'true',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
server.stdout.on('data', (chunk) => {
  serverOutput += chunk;
});
server.stderr.on('data', (chunk) => {
  serverOutput += chunk;
});
const serverExited = new Promise((resolve) => server.on('exit', (code) => resolve(code)));
function stopServer() {
  if (server.exitCode === null) server.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
}

const started = await Promise.race([
  new Promise((resolve) => {
    const check = () => {
      if (serverOutput.includes('Inkwell is running at')) resolve('started');
    };
    server.stdout.on('data', check);
    check();
  }),
  serverExited.then(() => 'exited'),
  delay(START_TIMEOUT_MS).then(() => 'timeout'),
]);
if (started !== 'started') {
  fail(`the server did not start (${started}):\n${serverOutput}`);
  stopServer();
  finish();
}
console.log(`Inkwell started on port ${port} (${databaseUrl}); PostgreSQL ${version}.`);

// A blog of its own on the database, addressed by its host name.
const host = `pgrestart-${randomUUID().slice(0, 8)}.test`;
const made = await send(port, host, {
  path: '/api/test/sites',
  method: 'POST',
  body: JSON.stringify({
    host,
    name: 'Restart Check',
    ownerEmail: `owner@${host}`,
    ownerPassword: 'a long enough password',
  }),
}).catch((error) => ({ status: String(error) }));
if (made.status !== 201) {
  fail(`could not make a site (${made.status})`);
  stopServer();
  finish();
}

/** What a loop sends, in turn: reads, an uncached page, a write, the probe. */
const REQUESTS = [
  () => ({ path: '/api/posts' }),
  () => ({ path: `/blog/missing-${randomUUID().slice(0, 8)}` }),
  () => ({
    path: '/api/test/widget-settings/blog/desktop',
    method: 'PUT',
    body: JSON.stringify({ 'feed.postsPerPage': 1 + Math.floor(Math.random() * 20) }),
  }),
  () => ({ path: '/readyz' }),
  () => ({ path: '/api/site' }),
];

const results = [];
let isLoading = true;
async function loop(offset) {
  for (let i = offset; isLoading; i++) {
    const request = REQUESTS[i % REQUESTS.length]();
    const sentAt = Date.now();
    let status;
    let retryAfter = null;
    try {
      ({ status, retryAfter } = await send(port, host, request));
    } catch (error) {
      status = `connection error: ${error.code ?? error.name}`;
    }
    results.push({ sentAt, answeredAt: Date.now(), path: request.path, status, retryAfter });
  }
}
const loops = Array.from({ length: CONCURRENCY }, (_, i) => loop(i));

await delay(BEFORE_MS);
const restartAt = Date.now();
console.log(`Restarting PostgreSQL ${version} under load...`);
const restart = await Promise.race([
  run('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'restart']),
  delay(RESTART_TIMEOUT_MS).then(() => ({ code: -1, output: 'timed out' })),
]);
if (restart.code !== 0) fail(`pg_ctlcluster restart failed (${restart.code}): ${restart.output}`);
let recoveredAt = null;
while (recoveredAt === null && Date.now() - restartAt < RESTART_TIMEOUT_MS) {
  const ready = await run('pg_isready', ['-h', pgHost, '-p', pgPort, '-q']);
  if (ready.code === 0) recoveredAt = Date.now();
  else await delay(100);
}
if (recoveredAt === null) {
  fail('PostgreSQL did not answer pg_isready after the restart');
  recoveredAt = Date.now();
}
console.log(`PostgreSQL answers again after ${recoveredAt - restartAt} ms.`);
await delay(RECOVERY_MS + CHECKED_MS);
isLoading = false;
await Promise.all(loops);

// The verdict.
const checkedFrom = recoveredAt + RECOVERY_MS;
const isError = (status) => typeof status !== 'number' || status >= 500;
// "Before" is what was answered before the restart began: a request still in flight then meets the
// database going away, and is judged as one sent during it (a 503 with Retry-After, never a 500).
const before = results.filter((r) => r.answeredAt < restartAt);
const during = results.filter((r) => r.answeredAt >= restartAt && r.sentAt < checkedFrom);
const checked = results.filter((r) => r.sentAt >= checkedFrom);
const count = (list, test) => list.filter((r) => test(r.status)).length;
const tally = (list) => {
  const byStatus = {};
  for (const r of list) byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
  return JSON.stringify(byStatus);
};
console.log(`\nRequests before the restart:         ${before.length} ${tally(before)}`);
console.log(`Requests during (until recovery+2s): ${during.length} ${tally(during)}`);
console.log(`Requests checked (from recovery+2s): ${checked.length} ${tally(checked)}`);

const checkedErrors = checked.filter((r) => isError(r.status));
if (checked.length === 0) fail('no request was sent after the recovery');
if (checkedErrors.length > 0) {
  fail(
    `${checkedErrors.length} 5xx or connection errors after recovery + 2 s, e.g. ` +
      JSON.stringify(checkedErrors.slice(0, 5)),
  );
}
if (count(before, isError) > 0) fail(`${count(before, isError)} errors before the restart`);
// While it is away, the database is a 503 with Retry-After; never a 500 or a dropped connection.
const badDuring = during.filter(
  (r) => isError(r.status) && !(r.status === 503 && r.retryAfter !== null),
);
if (badDuring.length > 0) {
  fail(
    `${badDuring.length} answers during the outage were not 503 with Retry-After, e.g. ` +
      JSON.stringify(badDuring.slice(0, 5)),
  );
}
const health = await send(port, host, { path: '/healthz' }).catch(() => null);
if (server.exitCode !== null || health?.status !== 200) {
  fail(`the server is not alive after the restart (exit code ${server.exitCode})`);
} else {
  console.log('The server is still running.');
}

// And it still stops cleanly.
agent.destroy();
server.kill('SIGTERM');
const exitCode = await Promise.race([serverExited, delay(20_000).then(() => 'timeout')]);
if (exitCode !== 0) fail(`the server did not exit 0 on SIGTERM (${exitCode})`);
if (failures.length > 0) console.log(`\nServer output:\n${serverOutput}`);
stopServer();
finish();
