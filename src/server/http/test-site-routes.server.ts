/**
 * Test-only routes with which browser specs arrange their own blogs (ENABLE_TEST_ROUTES; never
 * registered in production), never cached, open to visitors (they arrange data without a
 * browser, and the anti-forgery guard lets `/api/test/` pass):
 *
 *   POST /test/sites            an empty site at a new host with an owner who logs in with the
 *                               password given
 *   POST /test/demo-sites       a copy of the demo blog at a new host (201), or the site already
 *                               there (200): a browser spec's own blog, which no other spec
 *                               changes (decision 031); `language` makes the copy's language any
 *                               of SPEC §9's or the pseudo-locale en-XA, which owners cannot choose
 *   GET  /test/pseudo-locales/<namespace>.json  the pseudo-locale's file of a namespace
 *                               (`root.json`: the root one), which pages in en-XA load to hydrate
 *   GET  /test/reset-links?email=  the last one-time password link the server delivered to that
 *                               address on the request's site (the log's line, for browser specs:
 *                               a new author's set-password link, issue 18)
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { BLOG_LANGUAGES } from '../../domain/blog-settings';
import { safeText } from '../../domain/text-input';
import type { Database } from '../db/connection.server';
import { sites } from '../db/schema.server';
import { enabledPseudoLocaleFolder, PSEUDO_LANGUAGE } from '../i18n/locales.server';
import { createMemberWithPassword, createTestSite } from '../test-sites.server';

export interface TestSiteRoutesDeps {
  db: Database;
  /** Where the demo copy's media go. */
  dataDir: string;
  /** Forgets the host-to-site map, so that the new site's host is found. */
  forgetHosts(): void;
  /** The last reset link delivered to an address of a site, if any. */
  lastResetLink?(siteId: string, email: string): string | undefined;
}

/** Keeps the last reset links delivered (test routes only), a bounded few. */
export function createResetLinkLog(max = 200) {
  const links = new Map<string, string>();
  return {
    note(siteId: string, email: string, url: string): void {
      const key = `${siteId}|${email}`;
      links.delete(key);
      links.set(key, url);
      if (links.size > max) links.delete(links.keys().next().value!);
    },
    last: (siteId: string, email: string) => links.get(`${siteId}|${email}`),
  };
}

const HostSchema = safeText()
  .regex(/^[a-z0-9.-]+$/)
  .max(253);

/** The test-only route's body: the new site and its owner. */
export const TestSiteSchema = z.object({
  host: HostSchema,
  name: safeText().min(1),
  ownerEmail: z.email(),
  ownerPassword: safeText().min(8),
});

const DemoCopySchema = z.object({
  host: HostSchema,
  language: z.enum([...BLOG_LANGUAGES, PSEUDO_LANGUAGE]).optional(),
});

const PseudoLocaleFileSchema = z.object({ file: z.string().regex(/^[a-z-]+\.json$/) });

/** Registers the test-only site routes under the caller's prefix (normally `/api`). */
export async function testSiteRoutes(
  app: FastifyInstance,
  { db, dataDir, forgetHosts, lastResetLink }: TestSiteRoutesDeps,
) {
  app.get('/test/reset-links', async (request, reply) => {
    const { email } = z.object({ email: safeText().max(254) }).parse(request.query);
    const url = lastResetLink?.((await request.site).id, email.trim().toLowerCase());
    if (!url) return reply.status(404).send({ error: { code: 'not_found', message: 'No link' } });
    return { url };
  });

  app.post('/test/sites', async (request, reply) => {
    const input = TestSiteSchema.parse(request.body ?? {});
    const site = await createTestSite(db, {
      host: input.host,
      name: input.name,
      // Test sites are served by the e2e server over plain HTTP.
      scheme: 'http',
    });
    await createMemberWithPassword(db, site.id, {
      role: 'owner',
      name: 'Olivia Owner',
      email: input.ownerEmail,
      password: input.ownerPassword,
    });
    forgetHosts();
    return reply.status(201).send({ siteId: site.id, host: site.host });
  });

  app.post('/test/demo-sites', async (request, reply) => {
    const { host, language } = DemoCopySchema.parse(request.body ?? {});
    const [existing] = await db
      .select({ id: sites.id })
      .from(sites)
      .where(eq(sites.host, host))
      .limit(1);
    if (existing) return reply.status(200).send({ siteId: existing.id, host });
    // Loaded only when a spec asks: the seed brings sharp, which draws the images.
    const { seedDemoSite } = await import('../seed/seed.server');
    const seeded = await seedDemoSite({ db, dataDir, copyAt: { host } });
    if (language) await db.update(sites).set({ language }).where(eq(sites.id, seeded.siteId));
    forgetHosts();
    return reply.status(201).send({ siteId: seeded.siteId, host });
  });

  app.get('/test/pseudo-locales/:file', async (request, reply) => {
    const { file } = PseudoLocaleFileSchema.parse(request.params);
    const folder = enabledPseudoLocaleFolder();
    const namespace = file.replace(/\.json$/, '');
    const found = folder
      ? path.join(folder, ...(namespace === 'root' ? [] : [namespace]), `${PSEUDO_LANGUAGE}.json`)
      : null;
    if (!found || !existsSync(found)) {
      return reply.status(404).send({ error: { code: 'not_found', message: 'No such file' } });
    }
    return reply.type('application/json').send(readFileSync(found, 'utf8'));
  });
}
