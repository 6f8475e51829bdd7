/**
 * Migration 0008's hand-reviewed backfill: notifications stored before it keep whether they were
 * read (read_at), and get the actor and the fold key their payload names, as
 * domain/notifications.ts derives them for new rows. On a throw-away PGlite migrated to 0007 by
 * the migration files themselves (PostgreSQL's test database is shared and already migrated).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type NotificationEvent, notificationGroupKey } from '../../domain/notifications';

const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
  entries: { idx: number; tag: string }[];
};

async function apply(client: PGlite, tag: string) {
  const text = readFileSync(path.join(folder, `${tag}.sql`), 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) {
    if (statement.trim()) await client.exec(statement);
  }
}

let client: PGlite;
const siteId = crypto.randomUUID();
const memberId = crypto.randomUUID();
const actorId = crypto.randomUUID();
const post = { id: crypto.randomUUID(), slug: 'p', title: 'P' };
const actor = { id: actorId, name: 'Ana', slug: 'ana' };
const events: NotificationEvent[] = [
  { kind: 'post-like', actor, post },
  { kind: 'post-like', actor: null, post },
  { kind: 'comment-like', actor, post, comment: { id: 'c9', excerpt: 'x' } },
  {
    kind: 'comment-reply',
    actor,
    post,
    comment: { id: 'c2', excerpt: 'y' },
    parentCommentId: 'c1',
  },
  {
    kind: 'new-post-in-subscription',
    actor,
    post,
    via: { type: 'blog', id: siteId, label: 'Blog' },
  },
  { kind: 'role-changed', actor: null, from: 'user', to: 'writer' },
];

beforeAll(async () => {
  client = new PGlite();
  for (const entry of journal.entries.filter((e) => e.idx < 8)) await apply(client, entry.tag);
  await client.query(`insert into sites (id, host, name) values ($1, 'old.test', 'Old')`, [siteId]);
  await client.query(
    `insert into members (site_id, id, slug, name, role) values ($1, $2, 'm', 'M', 'writer')`,
    [siteId, memberId],
  );
  for (const [i, { kind, ...payload }] of events.entries()) {
    await client.query(
      `insert into notifications (site_id, id, member_id, type, payload, is_read, created_at)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [
        siteId,
        crypto.randomUUID(),
        memberId,
        kind,
        JSON.stringify({ ...payload, n: i }),
        i % 2 === 0,
        new Date(Date.UTC(2030, 0, 1 + i)),
      ],
    );
  }
  // A payload whose actor id is no uuid must not stop the migration.
  await client.query(
    `insert into notifications (site_id, id, member_id, type, payload, is_read)
     values ($1, $2, $3, 'post-like', $4, false)`,
    [siteId, crypto.randomUUID(), memberId, JSON.stringify({ actor: { id: 'legacy-7' }, n: 99 })],
  );
  await apply(client, journal.entries.find((e) => e.idx === 8)!.tag);
});

afterAll(async () => {
  await client?.close();
});

describe('migration 0008', () => {
  it('keeps read notifications read (at the time they came) and unread ones unread', async () => {
    const { rows } = await client.query<{ n: number; read_at: Date | null; created_at: Date }>(
      `select (payload->>'n')::int as n, read_at, created_at from notifications order by 1`,
    );
    for (const row of rows.filter((r) => r.n < 99)) {
      expect(row.read_at?.getTime() ?? null, `row ${row.n}`).toBe(
        row.n % 2 === 0 ? row.created_at.getTime() : null,
      );
    }
    const columns = await client.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_name = 'notifications'`,
    );
    expect(columns.rows.map((c) => c.column_name)).not.toContain('is_read');
  });

  it('fills the actor and the fold key from the payload, as new rows get them', async () => {
    const { rows } = await client.query<{ n: number; actor_id: string | null; group_key: string }>(
      `select (payload->>'n')::int as n, actor_id, group_key from notifications order by 1`,
    );
    const expected = events.map((event) => ({
      actor_id: event.actor?.id ?? null,
      group_key: notificationGroupKey(event),
    }));
    expect(
      rows.slice(0, events.length).map(({ actor_id, group_key }) => ({ actor_id, group_key })),
    ).toEqual(expected);
    expect(rows.at(-1)).toMatchObject({ n: 99, actor_id: null, group_key: null });
  });

  it('adds sites.demo_mode, false for existing sites', async () => {
    const { rows } = await client.query<{ demo_mode: boolean }>(`select demo_mode from sites`);
    expect(rows).toEqual([{ demo_mode: false }]);
  });
});
