/**
 * Command-line options of `npm run bench` (see bench/README.md).
 */
import { parseArgs } from 'node:util';

/** What one bench run does. */
export interface BenchOptions {
  /** Seconds of measured load per scenario. */
  duration: number;
  /** Seconds of unmeasured load before each measured run. */
  warmup: number;
  connections: number;
  posts: number;
  build: boolean;
  /** How many restarts the cold-start figure is the median of. */
  coldStarts: number;
  /** The first port the server may listen on (the next free one from it is taken). */
  port: number;
  quick: boolean;
  /** Only these scenarios are loaded (names as in the table: feed, post, search, ...); all when empty. */
  only: string[];
  /** Seconds of measured load per feed layout in the `layouts` group (after `layoutWarmup`). */
  layoutDuration: number;
  /** Seconds of unmeasured load before each layout run. */
  layoutWarmup: number;
  /** PostgreSQL instead of PGlite: the server and the seed use this URL (its database is emptied). */
  databaseUrl: string | null;
  /** Keep what the `--database-url` database holds (a blog an earlier run grew) instead of emptying it. */
  keepDatabase: boolean;
  /** The `dashboard` group's blog (dashboard-seed.ts): totals the seeded blog is grown to. */
  dashboardScale: { posts: number; comments: number; reports: number; members: number };
  /** Single requests per dashboard list, and seconds of its req/s run. */
  dashboardSamples: number;
  dashboardDuration: number;
}

/** The first port the server may listen on, unless `--port` says another. */
export const FIRST_PORT = 3900;

/** The load scenarios, by the names `--only` takes. */
export const SCENARIO_NAMES = [
  'feed',
  'page',
  'post',
  'category',
  'api feed',
  'search',
  'layouts',
  'likes',
  'dashboard',
  'members',
  'analytics',
  'feeds',
  'sitemap',
  'search-cjk',
] as const;

/** The `--only` name of the group that loads the feed page once per feed layout. */
export const LAYOUTS_GROUP = 'layouts';

export const USAGE = `Usage: npm run bench -- [options]
  --duration <s>       seconds of load per scenario (default 10; 3 with --quick)
  --connections <n>    concurrent connections (default 32)
  --posts <n>          posts to seed (default 10000; 2000 with --quick)
  --no-build           use the existing build/ instead of running \`npm run build\`
  --quick              a short try-out: duration 3, posts 2000, layout duration 2
  --only <names>       load only these scenarios, comma-separated: feed, page, post, category,
                       "api feed", search, layouts, likes, dashboard, members, analytics,
                       sitemap (the index of a 100,000-post blog, cold and from cache),
                       search-cjk (one post in ten rewritten in Chinese, Japanese or Thai;
                       "北京" uncached in process and over HTTP)
                       (e.g. --only search); targets of the
                       others are skipped
  --layout-duration <s>
                       seconds of load per feed layout in the layouts group, as a member, after
                       1 s warm-up (default 5; 2 with --quick)
  --database-url <url> run on PostgreSQL (seed and server); the database, whose name must contain
                       "bench", is EMPTIED first. Dashboard defaults then: 100,000 posts,
                       1,000,000 comments, 5,000 open reports
  --keep-database      with --database-url: do not empty it; reuse the blog an earlier run seeded
                       and grew (the seed leaves an existing blog alone, the growing tops it up)
  --dashboard-posts <n>, --dashboard-comments <n>, --dashboard-reports <n>
                       the dashboard group's blog (defaults on PGlite: 10,000 posts, 100,000
                       comments, 2,000 open reports)
  --dashboard-samples <n>
                       single requests per dashboard list (default 200; 50 with --quick)
  --dashboard-duration <s>
                       seconds of req/s load per dashboard list (default 3; 1 with --quick)
  --cold-starts <n>    restarts the cold-start figure is the median of (default 3; 0 skips it)
  --port <n>           first port the server may listen on (default ${FIRST_PORT}; the next free one)
  --help               this text`;

/** Parses `--only`: known scenario names, comma-separated. */
function scenarioList(raw: string | undefined): string[] {
  if (raw === undefined) return [];
  const names = raw
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const unknown = names.filter((name) => !(SCENARIO_NAMES as readonly string[]).includes(name));
  if (unknown.length > 0 || names.length === 0) {
    throw new Error(`--only takes ${SCENARIO_NAMES.join(', ')}; got "${raw}"`);
  }
  return names;
}

/** Parses a non-negative integer option. */
function countOption(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    throw new Error(`--${name} must be a whole number, got "${raw}"`);
  }
  return value;
}

/** Parses a positive integer option, throwing with the option's name when it is not one. */
function positiveInt(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    throw new Error(`--${name} must be a positive integer, got "${raw}"`);
  }
  return value;
}

/** Parses the bench's arguments; explicit options win over the ones `--quick` implies. */
export function parseOptions(argv: string[]): BenchOptions | 'help' {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      duration: { type: 'string' },
      connections: { type: 'string' },
      posts: { type: 'string' },
      'no-build': { type: 'boolean', default: false },
      quick: { type: 'boolean', default: false },
      only: { type: 'string' },
      'cold-starts': { type: 'string' },
      port: { type: 'string' },
      'layout-duration': { type: 'string' },
      'database-url': { type: 'string' },
      'keep-database': { type: 'boolean', default: false },
      'dashboard-posts': { type: 'string' },
      'dashboard-comments': { type: 'string' },
      'dashboard-reports': { type: 'string' },
      'dashboard-samples': { type: 'string' },
      'dashboard-duration': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) return 'help';
  const quick = values.quick === true;
  const databaseUrl = values['database-url'] ?? null;
  if (databaseUrl !== null && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error(`--database-url must be a postgres:// URL, got "${databaseUrl}"`);
  }
  const onPostgres = databaseUrl !== null;
  const only = scenarioList(values.only);
  // The dashboard and members groups grow their own data: a small seed is enough for them alone.
  const onlyDashboard =
    only.length > 0 &&
    only.every((name) => name === 'dashboard' || name === 'members' || name === 'sitemap');
  const posts = positiveInt('posts', values.posts, quick ? 2000 : 10_000);
  const dashboardPosts = positiveInt(
    'dashboard-posts',
    values['dashboard-posts'],
    onPostgres ? 100_000 : quick ? 2000 : 10_000,
  );
  return {
    duration: positiveInt('duration', values.duration, quick ? 3 : 10),
    warmup: 2,
    connections: positiveInt('connections', values.connections, 32),
    // With `--only dashboard`, a small seed (its posts all but a few published) that the
    // dashboard group grows with a spread of statuses; otherwise the other scenarios' seed.
    posts: onlyDashboard && values.posts === undefined ? Math.min(posts, 2000) : posts,
    build: values['no-build'] !== true,
    coldStarts: countOption('cold-starts', values['cold-starts'], 3),
    port: positiveInt('port', values.port, FIRST_PORT),
    quick,
    only,
    layoutDuration: positiveInt('layout-duration', values['layout-duration'], quick ? 2 : 5),
    layoutWarmup: 1,
    databaseUrl,
    keepDatabase: values['keep-database'] === true,
    dashboardScale: {
      posts: dashboardPosts,
      comments: countOption(
        'dashboard-comments',
        values['dashboard-comments'],
        onPostgres ? 1_000_000 : quick ? 20_000 : 100_000,
      ),
      reports: countOption(
        'dashboard-reports',
        values['dashboard-reports'],
        onPostgres ? 5000 : quick ? 500 : 2000,
      ),
      members: onPostgres ? 5000 : 1000,
    },
    dashboardSamples: positiveInt(
      'dashboard-samples',
      values['dashboard-samples'],
      quick ? 50 : 200,
    ),
    dashboardDuration: positiveInt(
      'dashboard-duration',
      values['dashboard-duration'],
      quick ? 1 : 3,
    ),
  };
}
