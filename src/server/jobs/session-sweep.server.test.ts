import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/connection.server';
import { passwordResetTokens, sessions } from '../db/schema.server';
import { createAccounts, SESSION_TTL_MS } from '../services/accounts.server';
import { createMemberWithPassword } from '../testing/auth.server';
import { createTestSite } from '../testing/factories.server';
import { openTestDatabase } from '../testing/test-database.server';
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

describe('session sweep runs', () => {
  it('outlive a failed run, and stop() waits for a run under way (graceful shutdown)', async () => {
    const errors: string[] = [];
    const events: string[] = [];
    let calls = 0;
    let finishRun: (count: number) => void = () => {};
    const sweep = startSessionSweep({
      accounts: {
        sweepExpired: () => {
          calls += 1;
          // The start-up run meets the database restarting.
          if (calls === 1) {
            return Promise.reject(
              Object.assign(new Error('terminating connection due to administrator command'), {
                code: '57P01',
              }),
            );
          }
          return new Promise<number>((resolve) => {
            finishRun = resolve;
          }).then((count) => {
            events.push('run finished');
            return count;
          });
        },
      },
      log: { error: (_error, message) => errors.push(message) },
      intervalMs: 60 * 60 * 1000,
    });
    // Everything already scheduled has run: the failure was caught and logged.
    await new Promise((resolve) => setImmediate(resolve));
    expect(errors).toEqual(['Sweeping expired sessions failed']);

    const run = sweep.runOnce();
    const stopped = sweep.stop().then(() => events.push('stopped'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual([]);
    finishRun(2);
    await stopped;
    expect(await run).toBe(2);
    expect(events).toEqual(['run finished', 'stopped']);
  });
});
