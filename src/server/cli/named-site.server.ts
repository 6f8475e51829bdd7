/**
 * What the import and export commands share (issue 21): the site a command works on, named by
 * `--site <host or id>` or the database's default site, and the refusal that ends a command with
 * exit code 2 before anything was written.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../db/connection.server';
import { sites } from '../db/schema.server';
import { findDefaultSite, hostNameOf } from '../services/sites.server';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A command refused before anything was written: its message, then exit code 2. */
export class RefusedError extends Error {}

/** The site named by host or id, or the default site; a RefusedError when there is none. */
export async function findNamedSite(db: Database, named: string | undefined) {
  const columns = { id: sites.id, host: sites.host, language: sites.language };
  if (named === undefined) {
    const id = await findDefaultSite(db);
    if (!id) {
      throw new RefusedError(
        'The database has no default site: name one with --site <host or id>.',
      );
    }
    const [row] = await db.select(columns).from(sites).where(eq(sites.id, id));
    return row!;
  }
  const where = UUID.test(named) ? eq(sites.id, named) : eq(sites.host, hostNameOf(named));
  const [row] = await db.select(columns).from(sites).where(where).limit(1);
  if (!row) throw new RefusedError(`No site with the host or id "${named}".`);
  return row;
}
