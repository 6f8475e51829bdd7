/**
 * Test data with overrides (CONVENTIONS "Tests"): each test builds its own site and what it
 * needs in it, through the same write paths the product uses.
 */
import { randomUUID } from 'node:crypto';
import { documentOf, heading, paragraph } from '../../rich-content/document';
import type { Database } from '../db/connection.server';
import { categories, tags } from '../db/schema.server';
import type { PostWrite } from '../services/post-records.server';

export { createMember, createTestSite, type TestSite } from '../test-sites.server';

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
