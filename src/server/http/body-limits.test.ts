/**
 * Issue 15 "A kept-alive connection hangs after a 413": a request refused before its body was
 * read must not leave the rest of that body on the connection, where the next request on the
 * same socket would wait behind it until the keep-alive timeout. Real sockets (`listen` on port
 * 0, a keep-alive agent with one socket), not `inject`, which has no connection.
 */
import http from 'node:http';
import net, { type AddressInfo, type Socket } from 'node:net';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_SIZE_LIMITS, UPLOAD_SIZE_MAX } from '../../domain/media-upload';
import { CSRF_HEADER } from '../../domain/session';
import { logInNewMember, type TestBrowser } from '../testing/auth.server';
import { setUpTestApp } from '../testing/test-app.server';
import { UNREAD_BODY_DRAIN_MAX_BYTES } from './input-guards.server';

const harness = setUpTestApp({ withDataDir: true });
let browser: TestBrowser;
let port: number;
let agent: http.Agent;

beforeAll(async () => {
  browser = await logInNewMember(harness, { role: 'writer' });
  await harness.app.listen({ port: 0, host: '127.0.0.1' });
  port = (harness.app.server.address() as AddressInfo).port;
});

afterEach(() => agent.destroy());

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  socket: Socket;
  reusedSocket: boolean;
}

/** One request through the test's keep-alive agent; resolves once the whole answer is read. */
function send(
  method: string,
  path: string,
  headers: Record<string, string | number>,
  body?: Buffer,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let socket: Socket | undefined;
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: { host: harness.site.host, cookie: browser.cookieHeader(), ...headers },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            socket: socket!,
            reusedSocket: request.reusedSocket,
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('socket', (s) => {
      socket = s;
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** A multipart body: the `kind` field, then a file of `size` bytes. */
function uploadBody(boundary: string, kind: string, size: number): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="kind"\r\n\r\n${kind}\r\n` +
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="big.png"\r\n` +
        'content-type: image/png\r\n\r\n',
    ),
    Buffer.alloc(size, 0x61),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

// A hang shows as this test's own time-out: the keep-alive timeout is 72 s.
const HANG = 20_000;

describe('a body refused for its size on a kept-alive connection', () => {
  it(
    'answers 413 to a 26 MB image, then the next request on the same socket',
    async () => {
      agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const boundary = '----inkwell-too-big';
      const body = uploadBody(boundary, 'image', UPLOAD_SIZE_LIMITS.image + 1024 * 1024);
      const refused = await send(
        'POST',
        '/api/editor/media',
        {
          [CSRF_HEADER]: await browser.csrfToken(),
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': body.length,
        },
        body,
      );
      expect(refused.status).toBe(413);
      expect(refused.headers.connection).toBe('keep-alive');

      const next = await send('GET', '/api/session', {});
      expect(next.status).toBe(200);
      expect(next.reusedSocket).toBe(true);
      expect(next.socket).toBe(refused.socket);
    },
    HANG,
  );

  it(
    'answers 413 to a JSON body over the limit (announced, then chunked), then the next request',
    async () => {
      agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const body = Buffer.from(JSON.stringify({ title: 'x'.repeat(2 * 1024 * 1024) }));
      const json = { [CSRF_HEADER]: await browser.csrfToken(), 'content-type': 'application/json' };
      const framings: Record<string, string | number>[] = [
        { 'content-length': body.length },
        { 'transfer-encoding': 'chunked' },
      ];
      for (const framing of framings) {
        const refused = await send('POST', '/api/editor/posts', { ...json, ...framing }, body);
        expect(refused.status).toBe(413);
        // Fastify closes the connection after a body its parser refused: the next request
        // gets a new socket, and its answer.
        expect(refused.headers.connection).toBe('close');
        const next = await send('GET', '/api/session', {});
        expect(next.status).toBe(200);
      }
    },
    HANG,
  );

  it(
    'closes the connection after refusing an announced body too large to drain',
    async () => {
      agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      expect(UPLOAD_SIZE_MAX).toBeGreaterThan(UNREAD_BODY_DRAIN_MAX_BYTES);
      const socket = net.connect(port, '127.0.0.1');
      const received: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => received.push(chunk));
      const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      // Only the head and the start of a 300 MB body: the server refuses it on its length.
      socket.write(
        [
          'POST /api/editor/media HTTP/1.1',
          `host: ${harness.site.host}`,
          `cookie: ${browser.cookieHeader()}`,
          `${CSRF_HEADER}: ${await browser.csrfToken()}`,
          'content-type: multipart/form-data; boundary=x',
          `content-length: ${300 * 1024 * 1024}`,
          '',
          '--x\r\n',
        ].join('\r\n'),
      );
      await closed;
      const answer = Buffer.concat(received).toString('latin1');
      expect(answer).toMatch(/^HTTP\/1\.1 413 /);
      expect(answer.toLowerCase()).toContain('connection: close');
    },
    HANG,
  );
});
