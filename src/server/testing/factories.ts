/**
 * Test data with overrides (CONVENTIONS "Tests"): each test builds its own site and what it
 * needs in it, through the same write paths the product uses.
 */
import { randomUUID } from 'node:crypto';
import type { SiteView } from '../../domain/views';
import { documentOf, heading, paragraph } from '../../rich-content/document';
import type { Database } from '../db/connection.server';
import { categories, members, sites, tags } from '../db/schema';
import type { PostWrite } from '../services/post-records.server';
import { siteViewOf } from '../services/sites.server';

/** A site made for a test, with the host tests address it by. */
export type TestSite = SiteView & { host: string };

/** A new site with a unique host; tests address it with that Host header. */
export async function createTestSite(
  db: Database,
  overrides: Partial<typeof sites.$inferInsert> = {},
): Promise<TestSite> {
  const id = randomUUID();
  const host = `site-${id.slice(0, 8)}.test`;
  const [row] = await db
    .insert(sites)
    .values({ id, host, name: 'Test Site', ...overrides })
    .returning();
  return { ...siteViewOf(row!), host: row!.host };
}

/** A member of the site (a writer unless told otherwise). */
export async function createMember(
  db: Database,
  siteId: string,
  overrides: Partial<typeof members.$inferInsert> = {},
) {
  const id = randomUUID();
  const [row] = await db
    .insert(members)
    .values({
      siteId,
      id,
      slug: `member-${id.slice(0, 8)}`,
      name: 'Ada Writer',
      role: 'writer',
      ...overrides,
    })
    .returning();
  return row!;
}

/** A category of the site. */
export async function createCategory(
  db: Database,
  siteId: string,
  overrides: Partial<typeof categories.$inferInsert> = {},
) {
  const id = randomUUID();
  const slug = overrides.slug ?? `category-${id.slice(0, 8)}`;
  const [row] = await db
    .insert(categories)
    .values({ siteId, id, slug, label: slug, menuLabel: slug, ...overrides })
    .returning();
  return row!;
}

/** A tag of the site. */
export async function createTag(
  db: Database,
  siteId: string,
  overrides: Partial<typeof tags.$inferInsert> = {},
) {
  const id = randomUUID();
  const slug = overrides.slug ?? `tag-${id.slice(0, 8)}`;
  const [row] = await db
    .insert(tags)
    .values({ siteId, id, slug, label: slug, ...overrides })
    .returning();
  return row!;
}

let postNumber = 0;

/** A published post for `siteId` by `ownerId`, with a short real document; override anything. */
export function buildPost(
  siteId: string,
  ownerId: string,
  overrides: Partial<PostWrite> & { body?: string } = {},
): PostWrite {
  postNumber += 1;
  const { body, ...rest } = overrides;
  const title = rest.title ?? `Post number ${postNumber}`;
  return {
    id: randomUUID(),
    siteId,
    ownerId,
    slug: `post-number-${postNumber}-${randomUUID().slice(0, 6)}`,
    title,
    status: 'published',
    firstPublishedDate: new Date(Date.UTC(2025, 0, 1) + postNumber * 3_600_000),
    content: documentOf([
      heading(2, 'A heading'),
      paragraph(body ?? `The body of ${title}, written in a few plain words.`),
    ]),
    ...rest,
  };
}
