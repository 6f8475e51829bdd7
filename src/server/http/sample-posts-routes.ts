/**
 * The onboarding screen's API (SPEC §1 onboarding; issue 7), owners only (`can()`:
 * sample-posts:add), never cached, and like every state-changing /api route it needs the
 * anti-forgery token (decision 017).
 *
 *   POST /editor/sample-posts   fills an empty blog with sample posts (409 once it has posts)
 *   POST /test/sites            only with test routes (the e2e suite): an empty site at a new
 *                               host with an owner who logs in with the password given
 *   POST /test/demo-sites       only with test routes: a copy of the demo blog at a new host
 *                               (201), or the site already there (200): a browser spec's own
 *                               blog, which no other spec changes (decision 031)
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { safeText } from '../../domain/text-input';
import type { SiteView } from '../../domain/views';
import type { Database } from '../db/connection.server';
import { sites } from '../db/schema';
import type { SamplePostsService } from '../services/sample-posts.server';
import { createMemberWithPassword } from '../testing/auth';
import { createTestSite } from '../testing/factories';
import type { ResolveActor } from './actor.server';

export interface SamplePostsRoutesDeps {
  samplePosts: SamplePostsService;
  siteOf(request: FastifyRequest): Promise<SiteView>;
  resolveActor: ResolveActor;
  /** Registers `POST /test/sites` with this database (never in production). */
  testSites?: { db: Database; dataDir: string; forgetHosts(): void };
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

/** Registers the route under the caller's prefix (normally `/api`). */
export async function samplePostsRoutes(
  app: FastifyInstance,
  { samplePosts, siteOf, resolveActor, testSites }: SamplePostsRoutesDeps,
) {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.post('/editor/sample-posts', async (request, reply) => {
    const site = await siteOf(request);
    const actor = await resolveActor(request, site);
    const result = await samplePosts.addSamplePosts(actor, site);
    return reply.status(201).send(result);
  });

  if (testSites) {
    app.post('/test/sites', async (request, reply) => {
      const input = TestSiteSchema.parse(request.body ?? {});
      const site = await createTestSite(testSites.db, {
        host: input.host,
        name: input.name,
        // Test sites are served by the e2e server over plain HTTP.
        scheme: 'http',
      });
      await createMemberWithPassword(testSites.db, site.id, {
        role: 'owner',
        name: 'Olivia Owner',
        email: input.ownerEmail,
        password: input.ownerPassword,
      });
      testSites.forgetHosts();
      return reply.status(201).send({ siteId: site.id, host: site.host });
    });

    app.post('/test/demo-sites', async (request, reply) => {
      const { host } = DemoCopySchema.parse(request.body ?? {});
      const [existing] = await testSites.db
        .select({ id: sites.id })
        .from(sites)
        .where(eq(sites.host, host))
        .limit(1);
      if (existing) return reply.status(200).send({ siteId: existing.id, host });
      // Loaded only when a spec asks: the seed brings sharp, which draws the images.
      const { seedDemoSite } = await import('../seed/seed.server');
      const seeded = await seedDemoSite({
        db: testSites.db,
        dataDir: testSites.dataDir,
        copyAt: { host },
      });
      testSites.forgetHosts();
      return reply.status(201).send({ siteId: seeded.siteId, host });
    });
  }
}
