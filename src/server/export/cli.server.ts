/**
 * `npm run export -- --format wxr|inkwell [--site <host or id>] [--out FILE]` (issue 21): wires the
 * process (arguments, output, environment, exit code) to `runExportCommand`.
 */
import { openDatabase } from '../db/connection.server';
import { parseEnv } from '../env.server';
import { runExportCommand } from './cli/command.server';

try {
  process.exitCode = await runExportCommand(process.argv.slice(2), {
    stdout: process.stdout,
    stderr: process.stderr,
    openDatabase: async () => {
      const env = parseEnv();
      const handle = await openDatabase({ url: env.DATABASE_URL, dataDir: env.dataDir });
      const where =
        handle.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${env.dataDir}`;
      return { db: handle.db, where, close: () => handle.close(), dataDir: env.dataDir };
    },
  });
} catch (error) {
  // The database unreachable, the environment invalid: the reason, and 1.
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  console.error(`The export stopped: ${cause instanceof Error ? cause.message : String(cause)}`);
  if (process.env.DEBUG) console.error(error);
  process.exitCode = 1;
}
