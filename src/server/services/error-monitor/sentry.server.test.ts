/**
 * Sentry's wiring (decision 042): without a DSN nothing of Sentry loads; with one, a server or job
 * error reaches the DSN's endpoint (a local fake Sentry here) as an envelope with its tags.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSentryForwarder } from './sentry.server';

const received: { url: string; body: string }[] = [];
const server = createServer((request: IncomingMessage, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const raw = Buffer.concat(chunks);
    const isGzip = request.headers['content-encoding'] === 'gzip';
    received.push({ url: request.url ?? '', body: (isGzip ? gunzipSync(raw) : raw).toString() });
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});

beforeAll(() => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)));
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('createSentryForwarder', () => {
  it('is nothing without a DSN', async () => {
    expect(await createSentryForwarder({ dsn: undefined, release: 'x' })).toBeNull();
  });

  it('sends a captured error to the DSN’s project, with its kind and release', async () => {
    const { port } = server.address() as AddressInfo;
    const forwarder = await createSentryForwarder({
      dsn: `http://publickey@127.0.0.1:${port}/42`,
      release: '1.2.3+abc',
    });
    forwarder?.captureException(new Error('sentry probe from a job'), {
      kind: 'job',
      source: 'session-sweep',
    });
    await forwarder?.flush();
    const envelope = received.find((r) => r.body.includes('sentry probe from a job'));
    expect(envelope?.url).toMatch(/^\/api\/42\/envelope\//);
    expect(envelope?.body).toContain('"release":"1.2.3+abc"');
    expect(envelope?.body).toContain('"job":"session-sweep"');
    expect(envelope?.body).toContain('"kind":"job"');
  });
});
