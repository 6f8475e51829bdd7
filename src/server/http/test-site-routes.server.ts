/**
 * Test-only routes with which browser specs arrange their own blogs (ENABLE_TEST_ROUTES; never
 * registered in production), never cached, open to visitors (they arrange data without a
 * browser, and the anti-forgery guard lets `/api/test/` pass):
 *
 *   POST /test/sites            an empty site at a new host with an owner who logs in with the
 *                               password given
 *   POST /test/demo-sites       a copy of the demo blog at a new host (201), or the site already
 *                               there (200): a browser spec's own blog, which no other spec
 *                               changes (decision 031)
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { safeText } from '../../domain/text-input';
import type { Database } from '../db/connection.server';
import { sites } from '../db/schema.server';
import { createMemberWithPassword, createTestSite } from '../test-sites.server';

export interface TestSiteRoutesDeps {
  db: Database;
  /** Where the demo copy's media go. */
  dataDir: string;
  /** Forgets the host-to-site map, so that the new site's host is found. */
  forgetHosts(): void;
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

const DemoCopySchema = z.object({ host: HostSchema });

/** Registers the test-only site routes under the caller's prefix (normally `/api`). */
export async function testSiteRoutes(
  app: FastifyInstance,
  { db, dataDir, forgetHosts }: TestSiteRoutesDeps,
) {
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
    const { host } = DemoCopySchema.parse(request.body ?? {});
    const [existing] = await db
      .select({ id: sites.id })
      .from(sites)
      .where(eq(sites.host, host))
      .limit(1);
    if (existing) return reply.status(200).send({ siteId: existing.id, host });
    // Loaded only when a spec asks: the seed brings sharp, which draws the images.
    const { seedDemoSite } = await import('../seed/seed.server');
    const seeded = await seedDemoSite({ db, dataDir, copyAt: { host } });
    forgetHosts();
    return reply.status(201).send({ siteId: seeded.siteId, host });
  });
}
