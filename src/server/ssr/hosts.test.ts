/**
 * Hosts and origins (issue 15; decision 028): the visitors' page cache cannot be poisoned through
 * `Host` or forwarded headers, absolute URLs come from the site's configured origin, aliases serve
 * their site, and a production server (PUBLIC_URL set) refuses hosts of no site with 421.
 */
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_FIELD } from '../../domain/session';
import { siteDomains } from '../db/schema.server';
import { findDefaultSite } from '../services/sites.server';
import { TestBrowser } from '../testing/auth.server';
import {
  buildPost,
  createMember,
  createTestSite,
  type TestSite,
} from '../testing/factories.server';
import { buildTestApp, setUpTestApp } from '../testing/test-app.server';

const DEMO_ORIGIN = 'http://demo.inkwell.test:3000';
const PUBLIC_ORIGIN = 'https://blog.inkwell.test';

/** The file's app runs in demo mode: hosts of no site get the default site. */
const harness = setUpTestApp({
  pages: true,
  app: { hosts: { defaultOrigin: DEMO_ORIGIN, refuseUnknownHosts: false } },
});
let production: FastifyInstance;
const productionLog: string[] = [];
/** The default site (made here unless the database has one) and a site with an alias. */
let defaultSiteId = '';
let site: TestSite;
const alias = `alias-${Date.now()}.test`;
const slugs = { onDefault: '', onSite: '' };

async function publish(siteId: string, title: string): Promise<string> {
  const author = await createMember(harness.db, siteId, { name: 'Hosting Hannah' });
  const post = buildPost(siteId, author.id, { title });
  await harness.app.services.postWriter.insertPost(post);
  return post.slug;
}

beforeAll(async () => {
  defaultSiteId =
    (await findDefaultSite(harness.db)) ??
    (await createTestSite(harness.db, { isDefault: true, name: 'Default Site' })).id;
  site = await createTestSite(harness.db, { name: 'Aliased Site' });
  await harness.db.insert(siteDomains).values({ siteId: site.id, host: alias });
  slugs.onDefault = await publish(defaultSiteId, 'Bread on the default site');
  slugs.onSite = await publish(site.id, 'Bread on a site with an alias');
  production = await buildTestApp(harness.database, {
    pages: true,
    app: {
      hosts: { defaultOrigin: PUBLIC_ORIGIN, refuseUnknownHosts: true },
      logLevel: 'info',
      logStream: new Writable({
        write(chunk, _encoding, done) {
          productionLog.push(String(chunk));
          done();
        },
      }),
    },
  });
});

afterAll(async () => {
  await production?.close();
});

async function get(
  url: string,
  headers: Record<string, string>,
  app: FastifyInstance = harness.app,
) {
  const response = await app.inject({ method: 'GET', url, headers });
  return { status: response.statusCode, html: response.body, headers: response.headers };
}

const shareLink = (address: string) =>
  `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(address)}`;

describe('the visitors’ page cache in demo mode', () => {
  it('is not poisoned by a forged Host: the first render and every later visitor get the configured origin', async () => {
    const url = `/blog/${slugs.onDefault}`;
    const forged = await get(url, { host: 'evil.example' });
    expect(forged.status).toBe(200);
    expect(forged.headers['x-page-cache']).toBe('miss');
    expect(forged.html).not.toContain('evil.example');
    expect(forged.html).toContain(shareLink(`${DEMO_ORIGIN}${url}`));

    // The real visitor gets the page the forged request stored: it names no evil host either.
    const real = await get(url, { host: 'localhost' });
    expect(real.status).toBe(200);
    expect(real.headers['x-page-cache']).toBe('hit');
    expect(real.html).not.toContain('evil.example');
    expect(real.html).toContain(shareLink(`${DEMO_ORIGIN}${url}`));
  });

  it('does not believe forwarded host or scheme headers from a proxy nobody trusted', async () => {
    const url = `/blog/${slugs.onSite}`;
    const response = await get(url, {
      host: site.host,
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'http',
    });
    expect(response.status).toBe(200);
    expect(response.html).not.toContain('evil.example');
    // Demo mode's server is reached at its port (http://localhost:3000): so is every site.
    expect(site.origin).toBe(`https://${site.host}:3000`);
    expect(response.html).toContain(shareLink(`${site.origin}${url}`));
  });

  it('serves a site at its alias, with the primary domain in its absolute URLs', async () => {
    const url = `/blog/${slugs.onSite}`;
    const response = await get(`${url}?via=alias`, { host: `${alias.toUpperCase()}:8080` });
    expect(response.status).toBe(200);
    expect(response.html).toContain('Bread on a site with an alias');
    expect(response.html).not.toContain(alias);
    expect(response.html).toContain(shareLink(`${site.origin}${url}`));
  });

  it('keeps a path that looks like a host a path', async () => {
    const response = await get(`//evil.example/blog/${slugs.onDefault}`, { host: 'localhost' });
    expect(response.status).toBeLessThan(500);
    expect(response.html).not.toContain('evil.example/blog');
  });
});

describe('route actions at an address other than the site’s origin', () => {
  /** Posts the login form from a page at `host`, the browser saying `origin`. */
  async function postLogin(host: string, origin: string) {
    const page = await harness.app.inject({ url: '/blog/login', headers: { host } });
    const cookie = page.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const csrf = new RegExp(`name="${CSRF_FIELD}" value="([^"]+)"`).exec(page.body)![1]!;
    return harness.app.inject({
      method: 'POST',
      url: '/blog/login',
      headers: { host, origin, cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        [CSRF_FIELD]: csrf,
        intent: 'login',
        email: 'nobody@example.test',
        password: 'not the password',
      }).toString(),
    });
  }

  it('run for a same-origin post (an alias, or 127.0.0.1 in demo mode)', async () => {
    const response = await postLogin('127.0.0.1:3000', 'http://127.0.0.1:3000');
    expect(response.statusCode).toBe(401);
    expect(response.body).toContain('The email or the password is wrong');
  });

  it('are still refused for a cross-origin post', async () => {
    const response = await postLogin('127.0.0.1:3000', 'https://evil.example');
    expect(response.statusCode).toBe(400);
  });
});

describe('a production server (PUBLIC_URL set)', () => {
  it('refuses a host of no site with 421, for pages and the API alike', async () => {
    for (const url of [`/blog/${slugs.onDefault}`, '/blog', '/api/posts']) {
      const response = await get(url, { host: 'evil.example' }, production);
      expect(response.status, url).toBe(421);
      expect(JSON.parse(response.html).error.code, url).toBe('host_unknown');
    }
    // Nothing was cached for it: the default site's own host renders its page fresh.
    const own = await get(`/blog/${slugs.onDefault}`, { host: 'blog.inkwell.test' }, production);
    expect(own.headers['x-page-cache']).toBe('miss');
  });

  it('serves the default site at PUBLIC_URL’s host, with PUBLIC_URL in its absolute URLs', async () => {
    const url = `/blog/${slugs.onDefault}`;
    const response = await get(url, { host: 'blog.inkwell.test' }, production);
    expect(response.status).toBe(200);
    expect(response.html).toContain(shareLink(`${PUBLIC_ORIGIN}${url}`));
  });

  it('serves a configured site and its alias', async () => {
    const url = `/blog/${slugs.onSite}`;
    for (const host of [site.host, alias]) {
      const response = await get(url, { host }, production);
      expect(response.status, host).toBe(200);
      expect(response.html, host).toContain(shareLink(`https://${site.host}${url}`));
    }
  });

  it('sends password reset links to the site’s origin, whatever Host the request named', async () => {
    const email = `reset-${Date.now()}@example.test`;
    await createMember(harness.db, site.id, { email });
    const asked = await new TestBrowser(production, alias).request(
      'POST',
      '/api/auth/password-reset',
      { payload: { email }, headers: { 'x-forwarded-host': 'evil.example' } },
    );
    expect(asked.statusCode).toBe(202);
    const line = productionLog.find((l) => l.includes(email) && l.includes('password reset link'));
    expect(JSON.parse(line!).url).toMatch(
      new RegExp(`^https://${site.host.replaceAll('.', '\\.')}/blog/login\\?token=`),
    );
  });
});
