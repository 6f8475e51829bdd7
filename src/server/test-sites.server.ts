/**
 * Sites and members made on request for tests: the integration tests' factories
 * (`testing/factories.ts`, `testing/auth.ts` re-export these) and the test-only routes that browser
 * specs arrange their own blogs with (`http/test-site-routes.ts`, ENABLE_TEST_ROUTES). Production
 * code that needs them imports this module, never `server/testing/` (issue 16 §2).
 */
import { randomUUID } from 'node:crypto';
import type { SiteView } from '../domain/views';
import { hashPassword } from './auth/password.server';
import type { Database } from './db/connection.server';
import { memberCredentials, members, sites } from './db/schema.server';
import { siteViewOf } from './services/sites.server';

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

/** The password test members get unless told otherwise. */
export const TEST_PASSWORD = 'correct horse battery';

let sharedHash: Promise<string> | undefined;

/** A member of the site with an email and a password (a writer unless told otherwise). */
export async function createMemberWithPassword(
  db: Database,
  siteId: string,
  overrides: Parameters<typeof createMember>[2] & { password?: string } = {},
) {
  const { password, ...rest } = overrides;
  const member = await createMember(db, siteId, {
    email: `member-${randomUUID().slice(0, 8)}@example.test`,
    ...rest,
  });
  // One hash for every member with the default password: scrypt is slow on purpose.
  sharedHash ??= hashPassword(TEST_PASSWORD);
  const passwordHash = password === undefined ? await sharedHash : await hashPassword(password);
  await db.insert(memberCredentials).values({ siteId, memberId: member.id, passwordHash });
  return { ...member, email: member.email!, password: password ?? TEST_PASSWORD };
}
