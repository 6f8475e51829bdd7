/**
 * Command-line options of `npm run bench:peers` (see bench/README.md, "Inkwell, Ghost and
 * WordPress side by side").
 */
import { parseArgs } from 'node:util';
import { PRODUCTS, type Product } from './ratios';

export interface PeersOptions {
  /** Seconds of measured load per page and reader. */
  duration: number;
  /** Seconds of unmeasured load before each measured run. */
  warmup: number;
  connections: number;
  /** Posts each product is seeded with. */
  posts: number;
  /** Run `npm run build` first (else use the existing build/). */
  build: boolean;
  /** The products measured (all three unless `--only`). */
  products: Product[];
  /** Install the peers (when missing) and stop: no seeding, no load. */
  installOnly: boolean;
  /** Print the last run's tables again (ratios recomputed) from .bench/peers-results.json. */
  report: boolean;
}

export const PEERS_USAGE = `Usage: npm run bench:peers -- [options]
  --duration <s>      seconds of measured load per page and reader (default 20; 3 with --quick)
  --warmup <s>        seconds of load before each measured run (default 5; 1 with --quick)
  --connections <n>   concurrent connections (default 32)
  --posts <n>         posts each product is seeded with (default 1000)
  --quick             a short try-out: duration 3, warm-up 1
  --no-build          use Inkwell's existing build/ instead of running \`npm run build\`
  --only <products>   comma-separated: inkwell, ghost, wordpress (default all three)
  --install-only      install the peers when missing, then stop
  --report            print the last run's tables again from .bench/peers-results.json
  --help              this text`;

/** Parses a positive integer option, naming the option when it is not one. */
function positiveInt(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    throw new Error(`--${name} must be a positive integer, got "${raw}"`);
  }
  return value;
}

/** Parses `--only`: product names, any case, comma-separated. */
function productList(raw: string | undefined): Product[] {
  if (raw === undefined) return [...PRODUCTS];
  const names = raw
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '');
  const products = names.map((name) => PRODUCTS.find((p) => p.toLowerCase() === name));
  if (names.length === 0 || products.some((p) => p === undefined)) {
    throw new Error(`--only takes inkwell, ghost, wordpress; got "${raw}"`);
  }
  return PRODUCTS.filter((product) => products.includes(product));
}

/** Parses the arguments; explicit options win over the ones `--quick` implies. */
export function parsePeersOptions(argv: string[]): PeersOptions | 'help' {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      duration: { type: 'string' },
      warmup: { type: 'string' },
      connections: { type: 'string' },
      posts: { type: 'string' },
      quick: { type: 'boolean', default: false },
      'no-build': { type: 'boolean', default: false },
      only: { type: 'string' },
      'install-only': { type: 'boolean', default: false },
      report: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) return 'help';
  const quick = values.quick === true;
  return {
    duration: positiveInt('duration', values.duration, quick ? 3 : 20),
    warmup: positiveInt('warmup', values.warmup, quick ? 1 : 5),
    connections: positiveInt('connections', values.connections, 32),
    posts: positiveInt('posts', values.posts, 1000),
    build: values['no-build'] !== true,
    products: productList(values.only),
    installOnly: values['install-only'] === true,
    report: values.report === true,
  };
}
