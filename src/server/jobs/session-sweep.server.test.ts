import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/connection.server';
import { passwordResetTokens, sessions } from '../db/schema';
import { createAccounts, SESSION_TTL_MS } from '../services/accounts.server';
import { createMemberWithPassword } from '../testing/auth';
import { createTestSite } from '../testing/factories';
import { openTestDatabase } from '../testing/test-database';
import { startSessionSweep } from './session-sweep.server';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database.close();
});

describe('session sweep', () => {
  it('deletes expired sessions and reset tokens, keeps live ones', async () => {
    const { db } = database;
    let now = Date.now();
    const accounts = createAccounts({ db, now: () => new Date(now), deliverResetLink: () => {} });
    const site = await createTestSite(db);
    const member = await createMemberWithPassword(db, site.id);
    const client = { ip: '198.51.100.7' };
    await accounts.logIn(site, { email: member.email, password: member.password }, client);
    await accounts.requestReset(site, { email: member.email }, client, (t) => t);
    now += SESSION_TTL_MS + 1000;
    const fresh = await accounts.logIn(
      site,
      { email: member.email, password: member.password },
      client,
    );

    const sweep = startSessionSweep({ accounts, log: { error: () => {} }, intervalMs: 60_000 });
    try {
      await sweep.runOnce();
    } finally {
      sweep.stop();
    }
    const left = await db
      .select({ memberId: sessions.memberId })
      .from(sessions)
      .where(and(eq(sessions.siteId, site.id), eq(sessions.memberId, member.id)));
    expect(left).toHaveLength(1);
    expect(await accounts.findSession(site, fresh.token)).not.toBeNull();
    const tokens = await db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.siteId, site.id));
    expect(tokens).toHaveLength(0);
  });
});
