/**
 * CPU per member request of a running server (issue 20; decision 054): the server process's user
 * and system time from `/proc/<pid>/stat` over a fixed number of requests, so the figure holds on
 * a machine other work keeps busy, where req/s does not. The bench's six seeded members log in
 * through the API and take turns, request by request, a few requests at a time; 30 untimed
 * requests per page first. Linux only (`/proc`).
 *
 *   node scripts/run-ts.mjs bench/member-cpu.ts --base-url http://127.0.0.1:3430 --pid <server pid>
 *     [--paths /blog,/blog/page/10] [--requests 400] [--concurrency 8]
 *
 * The server is one started on a seeded blog (`npm run seed`, then `node build/main.js`); its pid
 * is the `node build/main.js` process (its worker thread's time is counted with it).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { BENCH_MEMBER_EMAILS, logIn, type MemberSession } from './sessions';

const { values } = parseArgs({
  options: {
    'base-url': { type: 'string', default: 'http://127.0.0.1:3430' },
    pid: { type: 'string' },
    paths: { type: 'string', default: '/blog,/blog/page/10' },
    requests: { type: 'string', default: '400' },
    concurrency: { type: 'string', default: '8' },
  },
});
if (!values.pid) throw new Error('--pid <server pid> is required');
const baseUrl = values['base-url']!;
const requests = Number(values.requests);
const concurrency = Number(values.concurrency);

/** ms of CPU the process has used (user + system; clock ticks of 10 ms). */
function cpuMs(pid: string): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** `count` requests of `path`, `concurrency` at a time, the members in turn. */
async function load(path: string, members: MemberSession[], count: number): Promise<void> {
  let sent = 0;
  const worker = async () => {
    while (sent < count) {
      const member = members[sent++ % members.length]!;
      const response = await fetch(`${baseUrl}${path}`, {
        headers: { cookie: member.cookie, 'accept-encoding': 'gzip, deflate, br, zstd' },
      });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

const members: MemberSession[] = [];
for (const email of BENCH_MEMBER_EMAILS) members.push(await logIn(baseUrl, email));
for (const path of values.paths!.split(',')) {
  await load(path, members, 30);
  const before = cpuMs(values.pid);
  const startedAt = performance.now();
  await load(path, members, requests);
  const perRequest = (cpuMs(values.pid) - before) / requests;
  const rate = requests / ((performance.now() - startedAt) / 1000);
  console.log(
    `${path.padEnd(45)} ${perRequest.toFixed(2)} ms CPU per request, ${rate.toFixed(0)} req/s`,
  );
}
