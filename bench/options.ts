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
  quick: boolean;
}

export const USAGE = `Usage: npm run bench -- [options]
  --duration <s>       seconds of load per scenario (default 10; 3 with --quick)
  --connections <n>    concurrent connections (default 32)
  --posts <n>          posts to seed (default 10000; 2000 with --quick)
  --no-build           use the existing build/ instead of running \`npm run build\`
  --quick              a short try-out: duration 3, posts 2000
  --help               this text`;

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
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) return 'help';
  const quick = values.quick === true;
  return {
    duration: positiveInt('duration', values.duration, quick ? 3 : 10),
    warmup: 2,
    connections: positiveInt('connections', values.connections, 32),
    posts: positiveInt('posts', values.posts, quick ? 2000 : 10_000),
    build: values['no-build'] !== true,
    coldStarts: 3,
    quick,
  };
}
