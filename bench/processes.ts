/**
 * Child processes of the bench: the build, the seed and the server under test. Every child is
 * registered so that it is stopped at the end, also when the bench fails or is interrupted; the
 * bench only ever signals the pids it spawned.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');

/** The children that are still running. */
const running = new Set<ChildProcess>();

/** Whether the child has exited (or was never started). */
function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** Spawns a child and registers it for clean-up. */
export function spawnTracked(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; pipe?: boolean; cwd?: string } = {},
): ChildProcess {
  const child = spawn(command, args, {
    cwd: options.cwd ?? ROOT,
    env: options.env ?? process.env,
    stdio: options.pipe ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

/** Runs a command to completion with inherited output; throws when it fails. */
export async function runCommand(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  const child = spawnTracked(command, args, { env });
  const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
  if (code !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit code ${code}`})`);
  }
}

/**
 * Stops a child: SIGTERM, then SIGKILL when it has not exited after `graceMs`. Resolves with the
 * signal that ended it (`null` when it was already gone).
 */
export async function stopProcess(
  child: ChildProcess,
  graceMs = 5000,
): Promise<'SIGTERM' | 'SIGKILL' | null> {
  if (hasExited(child)) return null;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = new Promise<'timeout'>((resolve) => {
    setTimeout(() => resolve('timeout'), graceMs).unref();
  });
  if ((await Promise.race([exited, timer])) !== 'timeout') return 'SIGTERM';
  child.kill('SIGKILL');
  await exited;
  return 'SIGKILL';
}

/** Stops every child still running (SIGTERM, then SIGKILL). */
export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((child) => stopProcess(child)));
}

/** Last-resort clean-up for a signal or an exit path that cannot wait: SIGKILL every child. */
export function killAllNow(): void {
  for (const child of running) {
    if (!hasExited(child)) child.kill('SIGKILL');
  }
}

/** Whether a TCP port is free on 127.0.0.1. */
function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host: '127.0.0.1', exclusive: true }, () => {
      probe.close(() => resolve(true));
    });
  });
}

/** The first free port on 127.0.0.1 at or after `from`, skipping the ones in `taken`. */
export async function findFreePort(from: number, taken: Set<number> = new Set()): Promise<number> {
  for (let port = from; port < from + 500; port++) {
    if (!taken.has(port) && (await isPortFree(port))) return port;
  }
  throw new Error(`No free port in ${from}..${from + 499}`);
}

/** A `/proc/<pid>/status` memory field (VmRSS, VmHWM, ...) in KiB, or null when unreadable. */
export function readStatusKiB(pid: number, field: 'VmRSS' | 'VmHWM'): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(status);
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/** Samples a process's VmRSS every `intervalMs` and keeps the maximum. */
export class RssSampler {
  #timer: NodeJS.Timeout | undefined;
  maxKiB = 0;
  samples = 0;

  constructor(
    private readonly pid: number,
    private readonly intervalMs = 200,
  ) {}

  /** Starts sampling (takes one sample at once). */
  start(): void {
    this.#sample();
    this.#timer = setInterval(() => this.#sample(), this.intervalMs);
  }

  /** Stops sampling after one last sample. */
  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
    this.#sample();
  }

  #sample(): void {
    const kib = readStatusKiB(this.pid, 'VmRSS');
    if (kib === null) return;
    this.samples++;
    this.maxKiB = Math.max(this.maxKiB, kib);
  }
}

/** Jiffies of the whole machine from `/proc/stat`: all, and busy (not idle, not I/O wait). */
function machineTicks(): { all: number; busy: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  // user nice system idle iowait irq softirq steal (guest time is already inside user).
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line
    .trim()
    .split(/\s+/)
    .slice(1, 9)
    .map(Number) as number[];
  const busy = user! + nice! + system! + irq! + softirq! + steal!;
  return { all: busy + idle! + iowait!, busy };
}

/** CPU jiffies (user + system) a process used so far, or 0 when it is gone. */
function processTicks(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14 and 15 of the full line (utime, stime) are 12 and 13 after "pid (comm) ".
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** How the machine's CPU time was shared over a span, as fractions of all CPUs' time. */
export interface CpuShare {
  bench: number;
  server: number;
  /** Everything else (other processes, the hypervisor's steal): noise in the figures. */
  others: number;
}

/** Measures the CPU share of the bench, the server and everything else between start and stop. */
export class CpuShareMeter {
  #start = { machine: machineTicks(), bench: 0, server: 0 };

  constructor(private readonly serverPid: number) {}

  /** Starts (or restarts) the span. */
  start(): void {
    this.#start = {
      machine: machineTicks(),
      bench: processTicks(process.pid),
      server: processTicks(this.serverPid),
    };
  }

  /** The shares since `start()`. */
  stop(): CpuShare {
    const machine = machineTicks();
    const all = Math.max(1, machine.all - this.#start.machine.all);
    const busy = machine.busy - this.#start.machine.busy;
    const bench = processTicks(process.pid) - this.#start.bench;
    const server = processTicks(this.serverPid) - this.#start.server;
    return {
      bench: bench / all,
      server: server / all,
      others: Math.max(0, busy - bench - server) / all,
    };
  }
}
