// Times cold starts as `npm run bench` does (spawn of `node build/main.js` on an already seeded
// data directory → first 200 of GET /blog, body read, polled every 10 ms), and also the CPU the
// server process used until then (user + system time of all its threads, from /proc/<pid>/stat),
// which a machine loaded by other work does not inflate the way it inflates wall time.
//
//   node scripts/cold-start.mjs --data-dir DIR [--runs 5] [--port 3441] [ROOT...]
//
// Each ROOT is a folder holding a `build/` (and what it resolves: node_modules, src/server/db/
// migrations, public); the current folder when none is given. With several roots the runs
// alternate between them (A B A B ...), so a change in the machine's load falls on both.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'data-dir': { type: 'string' },
    runs: { type: 'string', default: '5' },
    port: { type: 'string', default: '3441' },
    'database-url': { type: 'string' },
    threads: { type: 'boolean', default: false },
    // A niceness for the server (as root, negative: ahead of other work on a loaded machine, so
    // that wall times come nearer a quiet machine's).
    nice: { type: 'string' },
  },
});
if (!values['data-dir'] && !values['database-url']) {
  console.error(
    'usage: node scripts/cold-start.mjs --data-dir DIR [--runs N] [--port P] [ROOT...]',
  );
  process.exit(2);
}
const roots = positionals.length > 0 ? positionals.map((p) => path.resolve(p)) : [process.cwd()];
const runs = Number(values.runs);
const port = Number(values.port);
// USER_HZ: the unit of /proc/<pid>/stat's utime and stime; 100 on Linux everywhere we run.
const TICK_MS = 10;

/** ms of CPU (user + system, every thread) the process has used so far. */
function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start at state (field 3).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/** MiB of the process's peak resident memory so far (VmHWM). */
function peakRssMiB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / 1024);
}

/** ms of CPU of each thread that used any, by thread id in start order (the main thread first). */
function cpuByThread(pid) {
  const byThread = {};
  const tids = readdirSync(`/proc/${pid}/task`)
    .map(Number)
    .sort((a, b) => a - b);
  for (const tid of tids) {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ms = (Number(fields[11]) + Number(fields[12])) * TICK_MS;
    if (ms > 0) byThread[tid - pid] = ms;
  }
  return byThread;
}

/** One start of the build under `root`: wall ms to the first 200, CPU ms by then, ready line. */
async function coldStart(root) {
  const spawnedAt = performance.now();
  // `nice` execs node in its place: the pid stays the server's.
  const command = values.nice
    ? ['nice', ['-n', values.nice, process.execPath, path.join(root, 'build/main.js')]]
    : [process.execPath, [path.join(root, 'build/main.js')]];
  const child = spawn(...command, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      ...(values['data-dir'] ? { DATA_DIR: values['data-dir'] } : {}),
      ...(values['database-url'] ? { DATABASE_URL: values['database-url'] } : {}),
      SEED_ON_START: 'false',
      LOG_LEVEL: 'warn',
      ENABLE_TEST_ROUTES: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let readyLineMs = null;
  let output = '';
  const onData = (chunk) => {
    output += chunk;
    if (readyLineMs === null && output.includes('Inkwell is running at')) {
      readyLineMs = performance.now() - spawnedAt;
    }
  };
  child.stdout.setEncoding('utf8').on('data', onData);
  child.stderr.setEncoding('utf8').on('data', onData);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
      if (performance.now() - spawnedAt > 120_000) throw new Error(`no 200 in 120 s:\n${output}`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}/blog`, {
          headers: { connection: 'close' },
        });
        await response.arrayBuffer();
        if (response.status === 200) {
          const wallMs = performance.now() - spawnedAt;
          const threads = values.threads ? cpuByThread(child.pid) : null;
          const peakMiB = peakRssMiB(child.pid);
          return {
            wallMs,
            cpuMs: cpuMs(child.pid),
            peakMiB,
            threads,
            readyLineMs,
            line: readyLine(output),
          };
        }
      } catch {
        // Not listening yet.
      }
      await sleep(10);
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

function readyLine(output) {
  return output.split('\n').find((line) => line.includes('Inkwell is running at')) ?? '';
}

function median(numbers) {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const results = new Map(roots.map((root) => [root, []]));
for (let run = 0; run < runs; run++) {
  for (const root of roots) {
    const start = await coldStart(root);
    results.get(root).push(start);
    const phases = /ready in .*$/.exec(start.line)?.[0] ?? '';
    console.log(
      `${path.basename(root)} #${run + 1}: ${Math.round(start.wallMs)} ms wall, ` +
        `${start.cpuMs} ms CPU, peak RSS ${start.peakMiB} MiB, ready line at ${Math.round(start.readyLineMs ?? Number.NaN)} ms; ${phases}`,
    );
    if (start.threads) console.log(`  CPU ms by thread: ${JSON.stringify(start.threads)}`);
  }
}
for (const [root, starts] of results) {
  console.log(
    `${root}: median ${Math.round(median(starts.map((s) => s.wallMs)))} ms wall ` +
      `(${starts.map((s) => Math.round(s.wallMs)).join(', ')}), ` +
      `${Math.round(median(starts.map((s) => s.cpuMs)))} ms CPU ` +
      `(${starts.map((s) => s.cpuMs).join(', ')}), peak RSS ` +
      `${median(starts.map((s) => s.peakMiB))} MiB, ready line ` +
      `${Math.round(median(starts.map((s) => s.readyLineMs ?? Number.NaN)))} ms`,
  );
}
