/**
 * Graceful shutdown of the built server (issue 15 "Faults", decision 026), as a process manager
 * sees it: `node build/main.js` as a child process (on PGlite, or on TEST_DATABASE_URL's
 * PostgreSQL), with a request in flight, a request that never finishes and a notification stream
 * open when SIGTERM comes. The request in flight completes, a request arriving during the drain
 * gets 503, the stream is closed at once (it does not hold the drain), the request that never
 * finishes is cut when the grace period ends (here 2 s, SHUTDOWN_GRACE_MS), the process exits 0
 * and the port is closed. Needs the production build (`npm test` builds first).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER, SESSION_COOKIE } from '../domain/session';
import { testDatabaseUrl } from './testing/test-database.server';

const root = path.resolve(import.meta.dirname, '../..');
const mainJs = path.join(root, 'build/main.js');

/** A port nobody listens on now (the OS picks it). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Whether a new connection to the port is refused. */
function isRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function send(
  port: number,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: unknown },
): Promise<Answer> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path,
        agent: false,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** `name=value` of each cookie a response sets. */
function cookiesOf(answer: Answer): string[] {
  return (answer.headers['set-cookie'] ?? []).map((line) => line.split(';')[0]!);
}

describe('SIGTERM', () => {
  let child: ChildProcess;
  let port: number;
  let dataDir: string;
  let output = '';
  const host = `shutdown-${randomUUID().slice(0, 8)}.test`;
  let exited: Promise<number | null>;

  beforeAll(async () => {
    if (!existsSync(mainJs)) throw new Error('This test needs the build: run `npm run build`.');
    port = await freePort();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'inkwell-shutdown-'));
    const databaseUrl = testDatabaseUrl();
    child = spawn(process.execPath, [mainJs], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED_ON_START: 'false',
        ENABLE_TEST_ROUTES: 'true',
        SHUTDOWN_GRACE_MS: '2000',
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // 'close', not 'exit': a child's standard output may still hold its last lines at 'exit'.
    exited = new Promise((resolve) => child.once('close', (code) => resolve(code)));
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    // Started once it says so (or failed if it exits first).
    await new Promise<void>((resolve, reject) => {
      const check = () => {
        if (output.includes('Inkwell is running at')) resolve();
      };
      child.stdout!.on('data', check);
      child.once('exit', (code) => reject(new Error(`The server exited (${code}):\n${output}`)));
    });
  });

  afterAll(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes the request in flight, closes streams, cuts what outlasts the grace period and exits 0', async () => {
    // A blog and its owner, who keeps a notification stream open.
    const email = `owner-${randomUUID().slice(0, 8)}@example.com`;
    const password = 'a long enough password';
    const made = await send(port, {
      method: 'POST',
      path: '/api/test/sites',
      headers: { host },
      body: { host, name: 'Shutdown Blog', ownerEmail: email, ownerPassword: password },
    });
    expect(made.status).toBe(201);
    const csrf = await send(port, { path: '/api/session/csrf', headers: { host } });
    const login = await send(port, {
      method: 'POST',
      path: '/api/auth/login',
      headers: {
        host,
        cookie: cookiesOf(csrf).join('; '),
        [CSRF_HEADER]: JSON.parse(csrf.body).token,
      },
      body: { email, password },
    });
    expect(login.status).toBe(200);
    const session = cookiesOf(login).find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    expect(session).toBeDefined();

    const stream = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .get(
          {
            host: '127.0.0.1',
            port,
            path: '/api/notifications/stream',
            agent: false,
            headers: { host, cookie: session! },
          },
          resolve,
        )
        .on('error', reject);
    });
    expect(stream.statusCode).toBe(200);
    const closedInOrder: string[] = [];
    const streamEnded = new Promise<void>((resolve) => {
      stream.on('close', () => {
        closedInOrder.push('stream');
        resolve();
      });
      stream.resume();
    });

    // A write in flight: its headers are in (the server said "100 Continue"), its body is not.
    const body = JSON.stringify({ 'feed.postsPerPage': 7 });
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    const socketEnded = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    const continued = new Promise<void>((resolve) => {
      const check = () => {
        if (received.includes('100 Continue')) {
          socket.off('data', check);
          resolve();
        }
      };
      socket.on('data', check);
    });
    const headOfWrite =
      'PUT /api/test/widget-settings/blog/desktop HTTP/1.1\r\n' +
      `Host: ${host}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\n\r\n`;
    socket.write(headOfWrite);
    await continued;
    // A request that will never finish (its body never comes).
    const stuck = net.connect(port, '127.0.0.1');
    stuck.setEncoding('utf8');
    let stuckReceived = '';
    const stuckContinued = new Promise<void>((resolve) => {
      stuck.on('data', (chunk: string) => {
        stuckReceived += chunk;
        if (stuckReceived.includes('100 Continue')) resolve();
      });
    });
    const stuckEnded = new Promise<void>((resolve) =>
      stuck.on('close', () => {
        closedInOrder.push('stuck request');
        resolve();
      }),
    );
    stuck.on('error', () => {});
    stuck.write(headOfWrite);
    await stuckContinued;

    child.kill('SIGTERM');
    // The server stops accepting connections first.
    while (!(await isRefused(port))) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    // The rest of the write, and on the same connection a readiness probe that arrives during
    // the drain.
    socket.write(`${body}GET /readyz HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
    await socketEnded;
    await streamEnded;
    await stuckEnded;
    const code = await exited;

    const responses = received
      .split(/(?=HTTP\/1\.1 \d{3})/)
      .filter((part) => !part.startsWith('HTTP/1.1 100'));
    expect(responses[0]).toMatch(/^HTTP\/1\.1 200/);
    expect(responses[0]).toContain('"feed.postsPerPage":7');
    expect(responses[1]).toMatch(/^HTTP\/1\.1 503/);
    expect(code).toBe(0);
    expect(await isRefused(port)).toBe(true);
    // The stream was closed at once; only the request that never finished waited for the end
    // of the grace period, and was cut then.
    expect(closedInOrder).toEqual(['stream', 'stuck request']);
    expect(output).toContain('still running after the grace period');
    expect(stuckReceived).not.toMatch(/HTTP\/1\.1 [2-5]\d\d/);
    // Its last words reach the log.
    expect(output).toContain('"msg":"stopped"');
  });
});
