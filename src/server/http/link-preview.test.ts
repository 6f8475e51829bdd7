/**
 * `GET /api/editor/link-preview` through HTTP (issue 4), against pages served by a local server
 * started here (the machine has no internet): metadata read from the head, redirects followed up
 * to the limit, private and loopback addresses refused unless the test option allows loopback,
 * slow pages and non-HTML answered with their codes; only writers may ask.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAllowedAddress } from '../link-preview/fetch-page.server';
import { createMember } from '../testing/factories.server';
import { buildTestApp, setUpTestApp } from '../testing/test-app.server';
import { TEST_MEMBER_HEADER } from './actor.server';

/** Loopback allowed, short timeout: reaches the local pages. */
const harness = setUpTestApp({
  withTestRoutes: true,
  app: { linkPreview: { allowLoopback: true, timeoutMs: 1000 } },
});
/** The production defaults: loopback refused. */
let guarded: FastifyInstance;
let pages: Server;
let origin = '';
const members = { writer: '', user: '' };
const hits: string[] = [];

const ARTICLE = `<!doctype html><html><head><meta charset="utf-8">
<title>Fallback</title>
<meta property="og:title" content="Night trains &amp; sleepers">
<meta property="og:description" content="Across Europe by rail, overnight.">
<meta property="og:image" content="http://127.0.0.1/img/plain.jpg">
<meta property="og:image:secure_url" content="https://cdn.example.net/img/train.jpg">
<meta property="og:site_name" content="Rail Notes">
</head><body><p>${'x'.repeat(2000)}</p></body></html>`;

beforeAll(async () => {
  pages = createServer((request, response) => {
    hits.push(request.url ?? '');
    const url = new URL(request.url ?? '/', 'http://localhost');
    switch (url.pathname) {
      case '/article':
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end(ARTICLE);
        return;
      case '/plain-title':
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end('<html><head><title>Just a title</title></head></html>');
        return;
      case '/latin1':
        response.writeHead(200, { 'content-type': 'text/html; charset=iso-8859-1' });
        response.end(Buffer.from('<title>Caf\xe9 au lait</title>', 'latin1'));
        return;
      case '/hop': {
        const n = Number(url.searchParams.get('n'));
        response.writeHead(302, { location: n > 0 ? `/hop?n=${n - 1}` : '/article' });
        response.end();
        return;
      }
      case '/slow':
        // Never answers within the test's timeout.
        setTimeout(() => response.end('<title>late</title>'), 5000).unref();
        return;
      case '/image':
        response.writeHead(200, { 'content-type': 'image/png' });
        response.end(Buffer.alloc(64));
        return;
      case '/huge':
        // The title comes after the cap: a head this long is not read to its end.
        response.writeHead(200, { 'content-type': 'text/html' });
        response.write(`<html><head><meta name="filler" content="${'y'.repeat(600 * 1024)}">`);
        response.end('<title>Too far</title></head></html>');
        return;
      case '/missing':
        response.writeHead(404, { 'content-type': 'text/html' });
        response.end('<title>Not found</title>');
        return;
      default:
        response.writeHead(500);
        response.end();
    }
  });
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;

  guarded = await buildTestApp(harness.database, { withTestRoutes: true });
  const { db, site } = harness;
  members.writer = (await createMember(db, site.id, { role: 'writer' })).id;
  members.user = (await createMember(db, site.id, { role: 'user' })).id;
});

afterAll(async () => {
  await guarded.close();
  await new Promise((resolve) => pages.close(resolve));
});

function preview(url: string, options: { as?: string | null; target?: FastifyInstance } = {}) {
  const headers: Record<string, string> = { host: harness.site.host };
  const member = options.as === undefined ? members.writer : options.as;
  if (member) headers[TEST_MEMBER_HEADER] = member;
  return (options.target ?? harness.app).inject({
    method: 'GET',
    url: `/api/editor/link-preview?url=${encodeURIComponent(url)}`,
    headers,
  });
}

describe('GET /api/editor/link-preview', () => {
  it('reads a page’s Open Graph data, with the image our pages can show (https)', async () => {
    const response = await preview(`${origin}/article`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('no-store');
    expect(response.json()).toEqual({
      url: `${origin}/article`,
      title: 'Night trains & sleepers',
      description: 'Across Europe by rail, overnight.',
      thumbnailUrl: 'https://cdn.example.net/img/train.jpg',
      siteName: 'Rail Notes',
    });
  });

  it('falls back to <title>, and decodes the charset the page names', async () => {
    expect((await preview(`${origin}/plain-title`)).json()).toEqual({
      url: `${origin}/plain-title`,
      title: 'Just a title',
    });
    expect((await preview(`${origin}/latin1`)).json().title).toBe('Café au lait');
  });

  it('follows up to 3 redirects, resolving the image against where it ended', async () => {
    const three = await preview(`${origin}/hop?n=2`);
    expect(three.statusCode).toBe(200);
    expect(three.json()).toMatchObject({
      url: `${origin}/hop?n=2`,
      title: 'Night trains & sleepers',
    });
    const four = await preview(`${origin}/hop?n=3`);
    expect(four.statusCode).toBe(502);
    expect(four.json().error.code).toBe('link_preview_unreachable');
  });

  it('refuses loopback and private addresses unless told to allow loopback', async () => {
    const before = hits.length;
    for (const url of [
      `${origin}/article`,
      'http://localhost:9/x',
      'http://[::1]:9/',
      'http://10.0.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::ffff:192.168.1.1]/',
      'http://0.0.0.0/',
    ]) {
      const response = await preview(url, { target: guarded });
      expect(response.statusCode, url).toBe(422);
      expect(response.json().error.code, url).toBe('link_preview_blocked');
    }
    // Not one request reached the local server.
    expect(hits.length).toBe(before);
    // Even with loopback allowed, private ranges stay refused.
    expect((await preview('http://192.168.0.10/')).json().error.code).toBe('link_preview_blocked');
  });

  it('says when a page is too slow, not HTML, missing or unreachable', async () => {
    const slow = await preview(`${origin}/slow`);
    expect(slow.statusCode).toBe(504);
    expect(slow.json().error.code).toBe('link_preview_timeout');
    const image = await preview(`${origin}/image`);
    expect(image.statusCode).toBe(422);
    expect(image.json().error.code).toBe('link_preview_not_html');
    expect((await preview(`${origin}/missing`)).json().error.code).toBe('link_preview_unreachable');
    // A port nobody listens on.
    const closed = await preview('http://127.0.0.1:9/');
    expect(closed.json().error.code).toBe('link_preview_unreachable');
  });

  it('reads at most 512 KB of a page', async () => {
    const response = await preview(`${origin}/huge`);
    expect(response.statusCode).toBe(200);
    expect(response.json().title).toBeUndefined();
  });

  it('takes only http(s) addresses, and only from writers', async () => {
    for (const url of [
      'javascript:alert(1)',
      'file:///etc/passwd',
      'ftp://example.com/',
      'not a url',
    ]) {
      const response = await preview(url);
      expect(response.statusCode, url).toBe(400);
      expect(Object.keys(response.json().error.fields)).toEqual(['url']);
    }
    expect((await preview(`${origin}/article`, { as: null })).statusCode).toBe(401);
    expect((await preview(`${origin}/article`, { as: members.user })).statusCode).toBe(403);
  });
});

describe('isAllowedAddress', () => {
  it('allows public unicast only, and loopback when asked', () => {
    expect(isAllowedAddress('93.184.216.34')).toBe(true);
    expect(isAllowedAddress('2606:2800:220:1::1')).toBe(true);
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '255.255.255.255',
      '224.0.0.1',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      'nonsense',
    ]) {
      expect(isAllowedAddress(address), address).toBe(false);
    }
    expect(isAllowedAddress('127.0.0.1', true)).toBe(true);
    expect(isAllowedAddress('::1', true)).toBe(true);
    expect(isAllowedAddress('::ffff:127.0.0.1', true)).toBe(true);
    expect(isAllowedAddress('10.0.0.1', true)).toBe(false);
  });
});
