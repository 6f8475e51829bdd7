/**
 * `npm run seed -- [--posts N] [--reset]`: seeds the demo blog into the database configured by
 * the environment (DATA_DIR, DATABASE_URL). Without `--reset` an existing demo site is left as
 * it is; with it, the demo site's rows and media files are deleted first.
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/connection.server';
import { parseEnv } from '../env.server';
import { DEMO_MIN_POSTS, DEMO_POST_COUNT, resetDemoSite, seedDemoSite } from './seed.server';

const USAGE = `Usage: npm run seed -- [--posts N] [--reset]

  --posts N   number of posts, drafts and the scheduled post included (default ${DEMO_POST_COUNT},
              at least ${DEMO_MIN_POSTS})
  --reset     delete the demo site's rows and media first, then seed again
  --help      show this help`;

/** Parses the command line; returns null (after printing why) when the seed should not run. */
function parseSeedArgs(argv: string[]): { posts: number; reset: boolean } | null {
  const { values } = parseArgs({
    args: argv,
    options: {
      posts: { type: 'string' },
      reset: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return null;
  }
  const posts = values.posts === undefined ? DEMO_POST_COUNT : Number(values.posts);
  if (!Number.isInteger(posts) || posts < DEMO_MIN_POSTS) {
    console.error(`--posts must be a whole number of at least ${DEMO_MIN_POSTS}\n\n${USAGE}`);
    process.exitCode = 2;
    return null;
  }
  return { posts, reset: values.reset ?? false };
}

/** Runs the seed command with `argv` (the arguments after the script name). */
async function main(argv: string[]): Promise<void> {
  let args: ReturnType<typeof parseSeedArgs>;
  try {
    args = parseSeedArgs(argv);
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  if (!args) return;

  const env = parseEnv();
  const started = performance.now();
  const handle = await openDatabase({ url: env.DATABASE_URL, dataDir: env.dataDir });
  const where =
    handle.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${env.dataDir}`;
  console.log(`Database: ${where}, opened in ${seconds(performance.now() - started)}`);
  try {
    if (args.reset) {
      const removed = await resetDemoSite({ db: handle.db, dataDir: env.dataDir });
      console.log(removed ? `Deleted the demo site ${removed}` : 'No demo site to delete');
    }
    const seedStarted = performance.now();
    const result = await seedDemoSite({ db: handle.db, dataDir: env.dataDir, posts: args.posts });
    const took = seconds(performance.now() - seedStarted);
    if (!result.created) {
      console.log(
        `The demo site ${result.siteId} already exists (${result.postCount} posts); nothing to do.` +
          ' Use --reset to seed it again.',
      );
    } else {
      const s = result.stats!;
      console.log(`Seeded the demo site ${result.siteId} in ${took}:`);
      console.log(
        `  ${s.posts} posts (${s.published} published), ${s.categories} categories, ${s.tags} tags,` +
          ` ${s.members} members`,
      );
      console.log(
        `  ${s.comments} comments, ${s.likes} likes, ${s.ratings} ratings, ${s.media} images`,
      );
    }
  } finally {
    await handle.close();
  }
  console.log(`Done in ${seconds(performance.now() - started)}.`);
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

await main(process.argv.slice(2));
