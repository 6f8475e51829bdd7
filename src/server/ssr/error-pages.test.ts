/**
 * A page that fails on the server is recorded as a server error (decision 042): its loader threw
 * something that is no 4xx answer, React Router's `handleError` hands it to the recorder under the
 * request's site, with `GET <path>` as its sample's address. A 404 page records nothing.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { HealthPageView } from '../../domain/health';
import { TEST_MEMBER_HEADER } from '../http/actor.server';
import { createMember } from '../testing/factories.server';
import { setUpTestApp } from '../testing/test-app.server';

const harness = setUpTestApp({
  pages: true,
  withTestRoutes: true,
  app: { monitoring: { flushIntervalMs: 60_000 } },
});
let owner: string;
let restore: (() => void) | null = null;

beforeAll(async () => {
  owner = (await createMember(harness.db, harness.site.id, { role: 'owner' })).id;
});

afterEach(() => restore?.());

function get(url: string) {
  return harness.app.inject({
    method: 'GET',
    url,
    headers: { host: harness.site.host, [TEST_MEMBER_HEADER]: owner },
  });
}

async function groups(): Promise<HealthPageView['groups']> {
  await harness.app.errors.flush();
  return (await get('/api/dashboard/health')).json<HealthPageView>().groups;
}

describe('pages that fail on the server', () => {
  it('records a loader that threw, under the site, with the page’s path', async () => {
    const summary = harness.app.services.dashboardSummary;
    const original = summary.summary;
    summary.summary = async () => {
      throw new TypeError('summary exploded while rendering');
    };
    restore = () => {
      summary.summary = original;
    };
    const response = await get('/dashboard');
    expect(response.statusCode).toBe(500);
    restore();
    const group = (await groups()).find(
      (g) => g.message === 'TypeError: summary exploded while rendering',
    );
    expect(group).toMatchObject({ kind: 'server', count: 1 });
    expect(group?.location).toContain('error-pages.test.ts');
    const detail = await get(`/api/dashboard/health/${group?.id}`);
    expect(detail.json()).toMatchObject({ url: 'GET /dashboard' });
  });

  it('records nothing for a page that is not found', async () => {
    const before = (await groups()).length;
    expect((await get('/blog/no-such-post-anywhere')).statusCode).toBe(404);
    expect(await groups()).toHaveLength(before);
  });
});
