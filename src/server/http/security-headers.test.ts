/**
 * Security headers on every kind of response (issue 15; decision 029), through HTTP on the
 * production build: pages (a render and a cache hit), the API, media, assets, 404s and errors,
 * the HTML frame document; each inline script of a rendered page allowed by its hash, as a real
 * HTML parser finds them, and no other.
 */
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { DomUtils, parseDocument } from 'htmlparser2';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentOf, paragraph } from '../../rich-content/model/builders';
import type { HtmlNode } from '../../rich-content/model/nodes';
import { HTML_FRAME_PATH } from '../../rich-content/render/html-frame';
import { DEFERRED_STYLESHEET_SCRIPT } from '../ssr/critical-css-head.server';
import { buildPost, createMember } from '../testing/factories.server';
import { pngFixture } from '../testing/media-fixtures.server';
import { loadPageBuild } from '../testing/page-build.server';
import { setUpTestApp } from '../testing/test-app.server';
import { TEST_MEMBER_HEADER } from './actor.server';
import {
  HSTS,
  inlineScriptHashes,
  registerSecurityHeaders,
  SECURITY_HEADERS,
} from './security-headers.server';

const harness = setUpTestApp({ pages: true, withTestRoutes: true, withDataDir: true });
const HOSTILE = '</script><script>alert(1)</script>';
let writer: { id: string };
let postSlug = '';
let hostileSlug = '';
let mediaUrl = '';

type Headers = Record<string, string | string[] | number | undefined>;

beforeAll(async () => {
  const { app, db, site } = harness;
  // A failure the error handler turns into a 500 (registered before the app's first request).
  app.get('/api/test-only/fails', async () => {
    throw new Error('on purpose');
  });
  writer = await createMember(db, site.id, { role: 'writer', name: 'Ada Header' });
  const html: HtmlNode = {
    type: 'HTML',
    id: 'html-1',
    nodes: [],
    htmlData: { html: '<script>document.title="x"</script><p>In a frame</p>', autoHeight: true },
  };
  const post = buildPost(site.id, writer.id, {
    title: 'Headers on every page',
    content: documentOf([paragraph('Plain words.'), html]),
  });
  postSlug = post.slug;
  await app.services.postWriter.insertPost(post);
  const hostile = buildPost(site.id, writer.id, { title: HOSTILE, body: `${HOSTILE} <script>` });
  hostileSlug = hostile.slug;
  await app.services.postWriter.insertPost(hostile);
  const boundary = '----security-headers';
  const upload = await app.inject({
    method: 'POST',
    url: '/api/editor/media',
    headers: {
      host: site.host,
      [TEST_MEMBER_HEADER]: writer.id,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="kind"\r\n\r\nimage\r\n` +
          `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="a.png"\r\n` +
          'content-type: image/png\r\n\r\n',
      ),
      await pngFixture(),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  expect(upload.statusCode, upload.body).toBe(201);
  mediaUrl = upload.json().url;
});

function get(url: string, headers: Record<string, string> = {}) {
  return harness.app.inject({
    method: 'GET',
    url,
    headers: { host: harness.site.host, ...headers },
  });
}

/** The directives of a Content-Security-Policy, by name. */
function directivesOf(policy: unknown): Map<string, string[]> {
  expect(typeof policy).toBe('string');
  return new Map(
    String(policy)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

/** The headers every response carries, whatever it is. */
function expectSecurityHeaders(headers: Headers) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy']).toContain('camera=()');
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(headers['x-frame-options']).toBe('SAMEORIGIN');
  // Served over plain http here: no HSTS.
  expect(headers['strict-transport-security']).toBeUndefined();
  const csp = directivesOf(headers['content-security-policy']);
  const scripts = csp.get('script-src') ?? [];
  expect(scripts).toContain("'self'");
  expect(scripts).not.toContain("'unsafe-inline'");
  expect(scripts).not.toContain("'unsafe-eval'");
  expect(scripts).not.toContain('*');
  expect(scripts).not.toContain('https:');
  expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'self'"]);
  return csp;
}

/** A script type the browser runs (none, classic or module); others (JSON-LD) are data blocks. */
const RUNS = /^$|^(module|speculationrules|(text|application)\/(java|ecma)script)$/i;

/** The inline scripts a browser would run, as an HTML parser finds them, by CSP hash source. */
function inlineScriptSources(html: string): string[] {
  const scripts = DomUtils.findAll(
    (element) =>
      element.name === 'script' &&
      element.attribs.src === undefined &&
      RUNS.test(element.attribs.type ?? ''),
    parseDocument(html).children,
  );
  return scripts.map((script) => {
    const digest = createHash('sha256').update(DomUtils.textContent(script)).digest('base64');
    return `'sha256-${digest}'`;
  });
}

/**
 * Each inline script of the page is allowed by its hash, and nothing else is. A page that ships
 * islands (decision 053) has only the one that turns its deferred stylesheet on (decision 052)
 * and its speculation rules: its one script file is the islands' boot module, from 'self'.
 */
function expectPageScriptsAllowed(html: string, headers: Headers, { hasIslands = false } = {}) {
  const csp = expectSecurityHeaders(headers);
  const sources = inlineScriptSources(html);
  if (hasIslands) {
    // The deferred stylesheet's switch (052) and the speculation rules (053).
    expect(sources).toHaveLength(2);
    expect(html).toContain(`<script>${DEFERRED_STYLESHEET_SCRIPT}</script>`);
    expect(html).toContain('<script type="speculationrules">');
    expect(html).toMatch(/<script type="module" src="\/assets\/islands-boot-[\w-]+\.js">/);
  } else {
    // React Router's bootstrap, its loader data and the scroll restoration, at least.
    expect(sources.length).toBeGreaterThanOrEqual(3);
  }
  const hashes = (csp.get('script-src') ?? []).filter((value) => value.startsWith("'sha256-"));
  expect(hashes).toEqual(sources);
}

describe('a rendered page', () => {
  it('allows its own inline scripts by hash, the same for a render and a cache hit', async () => {
    const miss = await get(`/blog/${postSlug}`);
    expect(miss.statusCode).toBe(200);
    expect(miss.headers['x-page-cache']).toBe('miss');
    expectPageScriptsAllowed(miss.body, miss.headers, { hasIslands: true });

    const hit = await get(`/blog/${postSlug}`);
    expect(hit.headers['x-page-cache']).toBe('hit');
    expect(hit.body).toBe(miss.body);
    expectPageScriptsAllowed(hit.body, hit.headers, { hasIslands: true });
    expect(hit.headers['content-security-policy']).toBe(miss.headers['content-security-policy']);
  });

  it("puts document HTML in the frame document, not in a srcdoc that inherits the page's policy", async () => {
    const { body } = await get(`/blog/${postSlug}`);
    expect(body).not.toMatch(/srcdoc/i);
    expect(body).toContain(`src="${HTML_FRAME_PATH}#`);
  });

  it("allows none of a hostile title's or body's script-looking text", async () => {
    const page = await get(`/blog/${hostileSlug}`);
    expect(page.statusCode).toBe(200);
    expectPageScriptsAllowed(page.body, page.headers, { hasIslands: true });
    const hostileHash = inlineScriptSources('<script>alert(1)</script>')[0];
    expect(page.headers['content-security-policy']).not.toContain(hostileHash);
  });

  it("does the same for a member's page (their state laid over the shared one), the search page and a 404 page", async () => {
    const member = await get('/blog', { [TEST_MEMBER_HEADER]: writer.id });
    expect(member.statusCode).toBe(200);
    // The shared page's policy, its holes filled for the member (decision 050): still exact.
    expect(member.headers['x-page-cache']).toBe('overlay');
    expectPageScriptsAllowed(member.body, member.headers, { hasIslands: true });

    // The search page is a page of islands too (decision 053), for a visitor and a member.
    const readers: Record<string, string>[] = [{}, { [TEST_MEMBER_HEADER]: writer.id }];
    for (const headers of readers) {
      const search = await get('/blog/search/plain%20words', headers);
      expect(search.statusCode).toBe(200);
      expect(search.body).toContain('Headers on every page');
      expectPageScriptsAllowed(search.body, search.headers, { hasIslands: true });
    }

    const missing = await get('/blog/no-such-post-anywhere');
    expect(missing.statusCode).toBe(404);
    expectPageScriptsAllowed(missing.body, missing.headers, { hasIslands: true });

    // A page of the whole app (the login page hydrates React Router): its scripts too.
    const login = await get('/blog/login');
    expect(login.statusCode).toBe(200);
    expectPageScriptsAllowed(login.body, login.headers);
  });
});

describe('every other response', () => {
  it('an API answer, an API 404, a refusal and a 500', async () => {
    const api = await get('/api/posts');
    expect(api.statusCode).toBe(200);
    expectSecurityHeaders(api.headers);

    const missing = await get('/api/no-such-route');
    expect(missing.statusCode).toBe(404);
    expectSecurityHeaders(missing.headers);

    const refused = await harness.app.inject({
      method: 'POST',
      url: '/api/editor/posts',
      headers: { host: harness.site.host, 'content-type': 'application/json' },
      payload: '{"title":',
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    expectSecurityHeaders(refused.headers);

    const failed = await get('/api/test-only/fails');
    expect(failed.statusCode).toBe(500);
    expectSecurityHeaders(failed.headers);
  });

  it('media, a media 404, a built asset and the favicon', async () => {
    const original = await get(mediaUrl);
    expect(original.statusCode).toBe(200);
    expectSecurityHeaders(original.headers);
    const missing = await get(`/media/${crypto.randomUUID()}/original.png`);
    expect(missing.statusCode).toBe(404);
    expectSecurityHeaders(missing.headers);

    const { clientDir } = await loadPageBuild();
    const script = readdirSync(path.join(clientDir, 'assets')).find((name) => name.endsWith('.js'));
    const asset = await get(`/assets/${script}`);
    expect(asset.statusCode).toBe(200);
    expectSecurityHeaders(asset.headers);
    expectSecurityHeaders((await get('/favicon.ico')).headers);
  });
});

describe('the HTML frame document', () => {
  it('has a policy of its own: scripts from anywhere, in a sandbox, framed only by our pages', async () => {
    const frame = await get(HTML_FRAME_PATH);
    expect(frame.statusCode).toBe(200);
    expect(frame.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = directivesOf(frame.headers['content-security-policy']);
    expect(csp.get('sandbox')).toEqual(['allow-scripts', 'allow-popups']);
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
    expect(csp.has('script-src')).toBe(false);
    expect(frame.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('inlineScriptHashes', () => {
  it('hashes the inline scripts a browser runs, and skips sourced scripts and data blocks', () => {
    const html =
      '<head><script>a()</script><script src="/x.js"></script>' +
      '<script type="application/ld+json">{"@type":"BlogPosting"}</script></head>' +
      '<body><noscript>no</noscript><p>&lt;script&gt;b()&lt;/script&gt;</p>' +
      '<script type="module" async="">import "/y.js";</script><script>é</script>' +
      '<script type="speculationrules">{"prefetch":[]}</script></body>';
    expect(inlineScriptHashes(html)).toEqual(
      inlineScriptSources(
        '<script>a()</script><script>import "/y.js";</script><script>é</script>' +
          '<script>{"prefetch":[]}</script>',
      ),
    );
    expect(inlineScriptHashes('<p>no scripts</p><script>unterminated')).toEqual([]);
  });
});

describe('HSTS', () => {
  async function protocolApp(trustProxy: boolean) {
    const app = Fastify({ trustProxy });
    registerSecurityHeaders(app);
    app.get('/', async () => ({ ok: true }));
    return app;
  }

  it('is sent only when the request came over https, by a proxy the app trusts', async () => {
    const trusting = await protocolApp(true);
    const https = await trusting.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toBe(HSTS);
    expect(https.headers['x-content-type-options']).toBe(
      SECURITY_HEADERS['x-content-type-options'],
    );
    const http = await trusting.inject({ url: '/' });
    expect(http.headers['strict-transport-security']).toBeUndefined();
    await trusting.close();

    const distrusting = await protocolApp(false);
    const claimed = await distrusting.inject({
      url: '/',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
    await distrusting.close();
  });
});
