/**
 * `npm run import -- FILE [--dry-run] [--site <host or id>] [--old-url <url>] [--media DIR|ZIP]
 * [--no-fetch-media]` (issue 21): wires
 * the process (arguments, output, environment, exit code) to `runImportCommand`.
 */
import { openDatabase } from '../db/connection.server';
import { parseEnv } from '../env.server';
import { runImportCommand } from './cli/command.server';

try {
  process.exitCode = await runImportCommand(process.argv.slice(2), {
    stdout: process.stdout,
    stderr: process.stderr,
    openDatabase: async () => {
      const env = parseEnv();
      const handle = await openDatabase({ url: env.DATABASE_URL, dataDir: env.dataDir });
      const where =
        handle.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${env.dataDir}`;
      return { db: handle.db, where, dataDir: env.dataDir, close: () => handle.close() };
    },
  });
} catch (error) {
  // Not the file's fault (the database unreachable, the environment invalid): the reason, and 1.
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  console.error(`The import stopped: ${cause instanceof Error ? cause.message : String(cause)}`);
  if (process.env.DEBUG) console.error(error);
  process.exitCode = 1;
}
