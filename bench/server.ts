/**
 * The server under test: `node build/main.js` in a child process on 127.0.0.1, its readiness,
 * its log, and the cold-start measurement.
 */
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT, spawnTracked, stopProcess } from './processes';

/** The line the server prints once it listens. */
const READY_LINE = 'Inkwell is running at';

/** A started server. */
export interface ServerHandle {
  child: ChildProcess;
  pid: number;
  port: number;
  baseUrl: string;
  /** `performance.now()` just before the spawn. */
  spawnedAt: number;
  /** Lines the server printed (stdout and stderr), newest last, at most 200 kept. */
  log: string[];
  /** Total lines printed, including the ones `log` no longer keeps. */
  lineCount: number;
  /** ms from the spawn to the server's "Inkwell is running at" line, once printed. */
  readyLineMs: number | null;
  /** The start-up time the server itself reports in that line ("ready in N ms"), if it does. */
  selfReportedMs: number | null;
}

/** Environment of the server under test. */
function serverEnv(dataDir: string, port: number, databaseUrl?: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    // PostgreSQL when the bench was given `--database-url`; PGlite in DATA_DIR otherwise.
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_ON_START: 'false',
    LOG_LEVEL: 'warn',
    // The layouts group switches the feed's layout between its runs through the test-only route
    // `PUT /api/test/widget-settings/blog/<device>` (the only unauthenticated settings writer).
    // It only registers that route and changes nothing on the measured paths: the page routes
    // render and cache the same with it on.
    ENABLE_TEST_ROUTES: 'true',
  };
}

/** Spawns the production server; it is not ready yet (see `waitForReadyLine`, `waitFor200`). */
export function spawnServer(dataDir: string, port: number, databaseUrl?: string): ServerHandle {
  const spawnedAt = performance.now();
  const child = spawnTracked(process.execPath, [path.join(ROOT, 'build/main.js')], {
    env: serverEnv(dataDir, port, databaseUrl),
    pipe: true,
  });
  if (child.pid === undefined) throw new Error('Could not spawn the server');
  const handle: ServerHandle = {
    child,
    pid: child.pid,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    spawnedAt,
    log: [],
    lineCount: 0,
    readyLineMs: null,
    selfReportedMs: null,
  };
  for (const stream of [child.stdout, child.stderr]) {
    let partial = '';
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        handle.lineCount++;
        handle.log.push(line);
        if (handle.readyLineMs === null && line.includes(READY_LINE)) {
          handle.readyLineMs = performance.now() - spawnedAt;
          const reported = /ready in (\d+(?:\.\d+)?) ?ms/.exec(line);
          if (reported) handle.selfReportedMs = Number(reported[1]);
        }
        if (handle.log.length > 200) handle.log.shift();
      }
      child.emit('bench:line');
    });
  }
  return handle;
}

/** An error carrying the server's last log lines. */
function serverError(server: ServerHandle, message: string): Error {
  const tail = server.log.slice(-30).join('\n');
  return new Error(`${message}${tail ? `\nLast server output:\n${tail}` : ''}`);
}

/** Resolves when the server printed its ready line; rejects when it exits or `timeoutMs` pass. */
export function waitForReadyLine(server: ServerHandle, timeoutMs = 120_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const { child } = server;
    const done = (error?: Error) => {
      clearTimeout(timer);
      child.off('bench:line', onLine);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve();
    };
    const onLine = () => {
      if (server.readyLineMs !== null) done();
    };
    const onExit = (code: number | null, signal: string | null) =>
      done(serverError(server, `The server exited before it was ready (${signal ?? code})`));
    const timer = setTimeout(
      () => done(serverError(server, `The server was not ready after ${timeoutMs} ms`)),
      timeoutMs,
    );
    child.on('bench:line', onLine);
    child.on('exit', onExit);
    onLine();
  });
}

/**
 * Polls `GET path` every `intervalMs` until it answers 200 (body read); returns the ms since the
 * spawn. Rejects when the server exits or `timeoutMs` pass.
 */
export async function waitFor200(
  server: ServerHandle,
  pathname: string,
  intervalMs = 10,
  timeoutMs = 60_000,
): Promise<number> {
  const url = `${server.baseUrl}${pathname}`;
  let lastProblem = 'no answer';
  while (performance.now() - server.spawnedAt < timeoutMs) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw serverError(server, 'The server exited while starting');
    }
    try {
      const response = await fetch(url, { headers: { connection: 'close' } });
      await response.arrayBuffer();
      if (response.status === 200) return performance.now() - server.spawnedAt;
      lastProblem = `HTTP ${response.status}`;
    } catch (error) {
      lastProblem = (error as Error).message;
    }
    await sleep(intervalMs);
  }
  throw serverError(server, `GET ${pathname} gave no 200 within ${timeoutMs} ms (${lastProblem})`);
}

/**
 * Cold start: spawns the server on the existing, seeded data directory and times spawn → first
 * 200 of `GET /blog`, then stops it again.
 */
export async function measureColdStart(
  dataDir: string,
  port: number,
  databaseUrl?: string,
): Promise<{
  ms: number;
  readyLineMs: number | null;
  selfReportedMs: number | null;
  stoppedWith: string | null;
}> {
  const server = spawnServer(dataDir, port, databaseUrl);
  try {
    const ms = await waitFor200(server, '/blog');
    return {
      ms,
      readyLineMs: server.readyLineMs,
      selfReportedMs: server.selfReportedMs,
      stoppedWith: await stopProcess(server.child),
    };
  } finally {
    await stopProcess(server.child);
  }
}
