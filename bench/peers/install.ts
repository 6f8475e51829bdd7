/**
 * What the peers' set-up shares: the folder they live in (`.bench/peers`, git-ignored), commands
 * whose output goes to a log file (quoted when they fail), Debian packages installed when missing,
 * daemons the bench starts and stops, and cookies as a browser keeps them.
 */
import type { ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT, spawnTracked } from '../processes';

/** Where the peers are installed, configured and keep their data. */
export const PEERS_DIR = path.join(ROOT, '.bench/peers');

/** Where the output of every install step and daemon goes. */
export const LOG_DIR = path.join(PEERS_DIR, 'logs');

/** Prints a progress line (stderr, so that stdout carries only the table). */
export function progress(message: string): void {
  process.stderr.write(`[peers] ${message}\n`);
}

/** The last `lines` lines of a log file, for an error message. */
function tailOf(file: string, lines = 25): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/** Spawns a tracked child whose stdout and stderr go to `LOG_DIR/<logName>.log`. */
function spawnLogged(
  command: string,
  args: string[],
  logName: string,
  options: { cwd?: string; env?: NodeJS.ProcessEnv },
): { child: ChildProcess; logFile: string } {
  mkdirSync(LOG_DIR, { recursive: true });
  const logFile = path.join(LOG_DIR, `${logName}.log`);
  const out = createWriteStream(logFile, { flags: 'a' });
  out.write(`\n$ ${command} ${args.join(' ')}\n`);
  const child = spawnTracked(command, args, { ...options, pipe: true });
  child.stdout?.pipe(out, { end: false });
  child.stderr?.pipe(out, { end: false });
  child.once('exit', () => out.end());
  return { child, logFile };
}

/**
 * Runs a command to completion, its output into `LOG_DIR/<logName>.log`; throws with `what`, the
 * exit status and the log's last lines when it fails.
 */
export async function run(
  what: string,
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; logName: string },
): Promise<void> {
  const { child, logFile } = spawnLogged(command, args, options.logName, options);
  const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
  if (code !== 0) {
    throw new Error(
      `${what} failed (${signal ?? `exit code ${code}`}): ${command} ${args.join(' ')}\n` +
        `Last lines of ${path.relative(ROOT, logFile)}:\n${tailOf(logFile)}`,
    );
  }
}

/** A long-running process of a peer (a server or a database). */
export interface Daemon {
  name: string;
  child: ChildProcess;
  logFile: string;
}

/** Starts a daemon, its output into `LOG_DIR/<name>.log`; the bench stops it at the end. */
export function startDaemon(
  name: string,
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Daemon {
  const { child, logFile } = spawnLogged(command, args, name, options);
  return { name, child, logFile };
}

/** Throws (with its log's last lines) when a daemon has exited. */
export function checkAlive(daemon: Daemon): void {
  if (daemon.child.exitCode !== null || daemon.child.signalCode !== null) {
    throw new Error(
      `${daemon.name} exited (${daemon.child.signalCode ?? daemon.child.exitCode}). Last lines of ` +
        `${path.relative(ROOT, daemon.logFile)}:\n${tailOf(daemon.logFile)}`,
    );
  }
}

/**
 * Polls `url` until `ready(status)` holds (body read); fails when one of `daemons` exits or
 * `timeoutMs` pass.
 */
export async function waitForHttp(
  url: string,
  daemons: Daemon[],
  options: { timeoutMs?: number; ready?: (status: number) => boolean } = {},
): Promise<void> {
  const { timeoutMs = 180_000, ready = (status: number) => status === 200 } = options;
  const started = performance.now();
  let last = 'no answer';
  while (performance.now() - started < timeoutMs) {
    for (const daemon of daemons) checkAlive(daemon);
    try {
      const response = await fetch(url, { redirect: 'manual' });
      await response.arrayBuffer();
      if (ready(response.status)) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await sleep(250);
  }
  throw new Error(`${url} was not ready within ${timeoutMs / 1000} s (${last})`);
}

/** Whether a Debian package is installed. */
function isInstalled(name: string): boolean {
  try {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: dpkg-query's own format, not JavaScript's
    const status = execFileSync('dpkg-query', ['-W', '-f=${Status}', name], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return status.includes('install ok installed');
  } catch {
    return false;
  }
}

/**
 * Installs the Debian packages that are missing (`apt-get install`, as root); runs
 * `apt-get update` once and tries again when the first try fails (an old or empty package list).
 */
export async function aptInstall(packages: string[]): Promise<void> {
  const missing = packages.filter((name) => !isInstalled(name));
  if (missing.length === 0) return;
  progress(`apt-get install ${missing.join(' ')} (log: .bench/peers/logs/apt.log)`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    run('apt-get install', 'apt-get', ['install', '-y', '--no-install-recommends', ...missing], {
      env,
      logName: 'apt',
    });
  try {
    await install();
  } catch {
    progress('apt-get install failed: apt-get update, then once more');
    await run('apt-get update', 'apt-get', ['update'], { env, logName: 'apt' });
    await install();
  }
}

/** A browser's cookie jar, enough for the logins: `name=value` pairs by name. */
export class CookieJar {
  readonly cookies = new Map<string, string>();

  /** Keeps the cookies a response set (a cookie set to be deleted is dropped). */
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';', 1)[0] ?? '';
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = /;\s*expires=Thu, 01 Jan 1970/i.test(line) || /;\s*max-age=0\b/i.test(line);
      if (expired || value === '' || value === 'deleted') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** The `Cookie` header. */
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}
