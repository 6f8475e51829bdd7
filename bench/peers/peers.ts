/**
 * `npm run bench:peers`: Inkwell, Ghost and WordPress side by side in one run (issue 20). Installs
 * the peers when missing (Ghost from npm, WordPress from Debian), seeds each product with the same
 * number of posts of the same writing and a member who logs in as a reader does, loads the same
 * pages on each (home, page 10, a post, a tag, search) as a visitor and as the member with the
 * same settings, checks every member page is that member's, and prints the figures and Inkwell's
 * ratios to each peer with PASS/FAIL against "≥ 20× both peers, p99 < 100 ms". Writes
 * `.bench/peers-results.json`. See bench/README.md.
 *
 * The exit code is 0 when targets fail (the bench reports); it is non-zero when Inkwell itself
 * cannot be measured. A peer that cannot be installed or started is reported as missing, with the
 * error, and the other products are still measured.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { coverArt } from '../../src/server/seed/cover-art.server';
import { type Audience, type LoadResult, measureReaders, type Scenario } from '../load';
import { measureMachineSpeed } from '../machine';
import { killAllNow, ROOT, runCommand, stopAll, stopProcess } from '../processes';
import { spawnServer, waitFor200, waitForReadyLine } from '../server';
import {
  checkMembersPages,
  giveLikesAndNotifications,
  type LikedPost,
  logInMembers,
} from '../sessions';
import { busiestTag, type PeerPost, type PeerTerm, peerPosts, searchWord } from './content';
import {
  GHOST_MEMBER,
  type GhostHandle,
  installGhost,
  logInGhostMember,
  notGhostMembersPage,
  searchKeyOf,
  startGhost,
} from './ghost';
import { aptInstall, type Daemon, PEERS_DIR, progress } from './install';
import { PEERS_USAGE, type PeersOptions, parsePeersOptions } from './options';
import {
  type PageName,
  PEER_TARGETS,
  type Product,
  type ProductRuns,
  ratioRows,
  renderFigures,
  renderRatios,
} from './ratios';
import {
  logInWordPressMember,
  notWordPressMembersPage,
  startWordPress,
  stopDaemons,
  WORDPRESS_MEMBER,
  WORDPRESS_PACKAGES,
} from './wordpress';

/** Ports given to this bench: Inkwell 3940, Ghost 3950, WordPress 3960 (127.0.0.1). */
const PORTS = { Inkwell: 3940, Ghost: 3950, WordPress: 3960 } as const;
const RESULTS_FILE = path.join(ROOT, '.bench/peers-results.json');
const SEED_CLI = 'src/server/seed/cli.server.ts';
const COVER_FILE = path.join(PEERS_DIR, 'cover.jpg');
/** The Inkwell feed's first posts each bench member likes (the post page's among them). */
const POSTS_LIKED = 3;

/**
 * What Chrome sends when it navigates to a page. Not `npm run bench`'s headers, whose Accept names
 * application/json for its API runs: WordPress takes any Accept naming JSON for a JSON request and
 * then leaves its toolbar out of a member's page.
 */
const NAVIGATION_HEADERS = {
  accept:
    'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br, zstd',
} as const;

/** A visitor's headers (no cookie). */
function visitorHeaders(): Record<string, string> {
  return { ...NAVIGATION_HEADERS };
}

/** A page of one product, with how to tell its member's page from anyone else's. */
interface ProductPage extends Scenario {
  name: PageName;
}

/** What loading one product needs. */
interface Target {
  product: Product;
  baseUrl: string;
  pages: ProductPage[];
  /** The member's request headers (one set per member the runs rotate through). */
  memberHeaders: Record<string, string>[];
  /** Who the member runs are, for the table. */
  memberNames: string[];
  /** Throws unless `path` answers the member with their own page (or JSON while signed in). */
  checkMember(path: string): Promise<void>;
}

/** The shared pages' paths on a WordPress or Ghost blog (the same URL shapes on both). */
function peerPages(post: PeerPost, tag: PeerTerm, searchPath: string): ProductPage[] {
  return [
    { name: 'home', path: '/' },
    { name: 'page 10', path: '/page/10/' },
    { name: 'post', path: `/${post.slug}/` },
    { name: 'tag', path: `/tag/${tag.slug}/` },
    { name: 'search', path: searchPath },
  ];
}

/** GET with headers; the status, content type and body. */
async function get(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; type: string; body: string }> {
  const response = await fetch(url, { headers, redirect: 'manual' });
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    body: await response.text(),
  };
}

/** A member check from a page test: 200 and, for HTML, `problem(html)` null; else `json()`. */
function memberChecker(
  baseUrl: string,
  headers: Record<string, string>,
  name: string,
  problem: (html: string) => string | null,
  json: () => Promise<void>,
): (path: string) => Promise<void> {
  return async (pathname) => {
    const page = await get(`${baseUrl}${pathname}`, headers);
    if (page.status !== 200) throw new Error(`GET ${pathname} as ${name} answered ${page.status}`);
    if (!page.type.startsWith('text/html')) return await json();
    const why = problem(page.body);
    if (why) {
      const end = page.body.includes('</html>') ? 'ends with </html>' : 'cut short: no </html>';
      throw new Error(
        `GET ${pathname} as ${name} is not their page: ${why} (${page.body.length} characters, ${end})`,
      );
    }
  };
}

/** Loads every page of a product as a visitor and as its member, after checking each answer. */
async function loadProduct(target: Target, options: PeersOptions): Promise<LoadResult[]> {
  const runs: LoadResult[] = [];
  for (const page of target.pages) {
    for (const audience of ['visitor', 'member'] as const satisfies Audience[]) {
      if (audience === 'member') await target.checkMember(page.path);
      else {
        const answer = await get(`${target.baseUrl}${page.path}`, visitorHeaders());
        if (answer.status !== 200) {
          throw new Error(`${target.product}: GET ${page.path} answered ${answer.status}`);
        }
      }
      progress(
        `${target.product} ${page.name} (${page.path}) as ${audience}: ${options.warmup} s ` +
          `warm-up + ${options.duration} s, ${options.connections} connections`,
      );
      const headers = audience === 'member' ? target.memberHeaders : [visitorHeaders()];
      const names = audience === 'member' ? target.memberNames : null;
      const run = await measureReaders(target.baseUrl, page, audience, headers, options, names);
      progress(
        `  ${run.requestsPerSecond.toFixed(1)} req/s, p50 ${run.latencyMs.p50} ms, ` +
          `p99 ${run.latencyMs.p99} ms, ${run.errors} errors, ${run.non2xx} non-2xx`,
      );
      runs.push(run);
    }
  }
  return runs;
}

/** The member's browser headers: a browser's with their cookies. */
function withCookie(cookie: string): Record<string, string> {
  return { ...visitorHeaders(), cookie };
}

// Inkwell ----------------------------------------------------------------------------------------

/** Builds (unless `--no-build`) and checks the build is there. */
async function ensureBuild(options: PeersOptions): Promise<void> {
  if (options.build) {
    progress('Inkwell: npm run build');
    await runCommand('npm', ['run', 'build', '--silent']);
  }
  for (const file of ['build/main.js', 'build/server/index.js']) {
    if (!existsSync(path.join(ROOT, file))) {
      throw new Error(`${file} is missing: run \`npm run build\` (or drop --no-build)`);
    }
  }
}

/** Reads JSON from Inkwell, failing with the URL and status when it is not a 200. */
async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
  return (await response.json()) as T;
}

/** Inkwell's pages: the newest post, the peers' busiest tag (the seed has the same tags). */
async function inkwellPages(baseUrl: string, tag: PeerTerm, word: string): Promise<ProductPage[]> {
  const feed = await getJson<{ posts: { slug: string; link?: string }[] }>(
    `${baseUrl}/api/posts?page=1`,
  );
  const post = feed.posts[0];
  if (!post) throw new Error('Inkwell: GET /api/posts?page=1 gave no posts: did the seed work?');
  const postPath = post.link ? new URL(post.link, baseUrl).pathname : `/blog/${post.slug}`;
  return [
    { name: 'home', path: '/blog' },
    { name: 'page 10', path: '/blog/page/10' },
    { name: 'post', path: postPath },
    { name: 'tag', path: `/blog/tags/${tag.slug}` },
    { name: 'search', path: `/blog/search/${encodeURIComponent(word)}` },
  ];
}

/** Seeds Inkwell, starts it, signs the bench members in, measures it, stops it. */
async function measureInkwell(
  options: PeersOptions,
  tag: PeerTerm,
  word: string,
): Promise<ProductRuns> {
  await ensureBuild(options);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'inkwell-peers-'));
  try {
    progress(`Inkwell: seeding ${options.posts} posts into ${dataDir}`);
    await runCommand(
      process.execPath,
      ['--import', 'tsx', SEED_CLI, '--posts', String(options.posts)],
      {
        ...process.env,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
      },
    );
    const server = spawnServer(dataDir, PORTS.Inkwell);
    try {
      await waitForReadyLine(server);
      await waitFor200(server, '/blog');
      const members = await logInMembers(server.baseUrl);
      const feed = await getJson<{ posts: LikedPost[] }>(`${server.baseUrl}/api/posts?page=1`);
      const liked = feed.posts
        .slice(0, POSTS_LIKED)
        .map(({ id, slug, title }) => ({ id, slug, title }));
      await giveLikesAndNotifications(server.baseUrl, members, liked);
      progress(
        `Inkwell: members ${members.map((m) => m.name).join(', ')} (real sessions, likes, notifications)`,
      );
      const pages = await inkwellPages(server.baseUrl, tag, word);
      const runs: LoadResult[] = [];
      for (const page of pages) {
        for (const audience of ['visitor', 'member'] as const) {
          progress(
            `Inkwell ${page.name} (${page.path}) as ${audience}: ${options.warmup} s warm-up + ` +
              `${options.duration} s, ${options.connections} connections`,
          );
          // Each member's page must be theirs (their name, the bell, no Log In) before it loads.
          if (audience === 'member') {
            await checkMembersPages(server.baseUrl, page.path, members, visitorHeaders());
          }
          const readers =
            audience === 'member' ? members.map((m) => withCookie(m.cookie)) : [visitorHeaders()];
          const names = audience === 'member' ? members.map((m) => m.name) : null;
          const run = await measureReaders(server.baseUrl, page, audience, readers, options, names);
          progress(
            `  ${run.requestsPerSecond.toFixed(1)} req/s, p50 ${run.latencyMs.p50} ms, ` +
              `p99 ${run.latencyMs.p99} ms, ${run.errors} errors, ${run.non2xx} non-2xx`,
          );
          runs.push(run);
        }
      }
      return { product: 'Inkwell', version: inkwellVersion(), missing: null, runs };
    } finally {
      await stopProcess(server.child);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Inkwell's git commit ("-dirty" with local changes). */
function inkwellVersion(): string | null {
  try {
    const git = (args: string[]) =>
      execFileSync('git', args, {
        cwd: ROOT,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      });
    const commit = git(['rev-parse', '--short', 'HEAD']).trim();
    return git(['status', '--porcelain']).trim() ? `${commit}-dirty` : commit;
  } catch {
    return null;
  }
}

// The peers --------------------------------------------------------------------------------------

/** Ghost's target: its pages, its member's magic-link session. */
async function ghostTarget(ghost: GhostHandle, post: PeerPost, tag: PeerTerm): Promise<Target> {
  const cookie = await logInGhostMember(ghost);
  const headers = withCookie(cookie);
  const home = await get(`${ghost.baseUrl}/`, visitorHeaders());
  // Ghost's search runs in the browser over the index its search script fetches once: that
  // request is the server's part of a search.
  const searchPath = `/ghost/api/content/search-index/posts/?key=${searchKeyOf(home.body)}`;
  return {
    product: 'Ghost',
    baseUrl: ghost.baseUrl,
    pages: peerPages(post, tag, searchPath),
    memberHeaders: [headers],
    memberNames: [GHOST_MEMBER.name],
    checkMember: memberChecker(
      ghost.baseUrl,
      headers,
      GHOST_MEMBER.name,
      notGhostMembersPage,
      async () => {
        // JSON shows no header: the member's session must be live (Portal's own check).
        const member = await get(`${ghost.baseUrl}/members/api/member/`, headers);
        if (member.status !== 200 || !member.body.includes(GHOST_MEMBER.email)) {
          throw new Error(
            `Ghost: the member's session is not live (GET /members/api/member/ ${member.status})`,
          );
        }
      },
    ),
  };
}

/** WordPress's target: its pages, its subscriber's wp-login.php session. */
async function wordpressTarget(
  baseUrl: string,
  post: PeerPost,
  tag: PeerTerm,
  word: string,
): Promise<Target> {
  const headers = withCookie(await logInWordPressMember(baseUrl));
  return {
    product: 'WordPress',
    baseUrl,
    pages: peerPages(post, tag, `/?s=${encodeURIComponent(word)}`),
    memberHeaders: [headers],
    memberNames: [WORDPRESS_MEMBER.name],
    checkMember: memberChecker(
      baseUrl,
      headers,
      WORDPRESS_MEMBER.name,
      notWordPressMembersPage,
      async () => {
        throw new Error('WordPress answered a page that is not HTML');
      },
    ),
  };
}

/** Measures one peer: starts it (installing and seeding when needed), loads it, stops it. */
async function measurePeer(
  product: 'Ghost' | 'WordPress',
  options: PeersOptions,
  posts: PeerPost[],
  tag: PeerTerm,
  word: string,
): Promise<ProductRuns> {
  let daemons: Daemon[] = [];
  try {
    if (product === 'Ghost') {
      const ghost = await startGhost(PORTS.Ghost, posts, COVER_FILE);
      daemons = ghost.daemons;
      const runs = await loadProduct(await ghostTarget(ghost, posts[0]!, tag), options);
      return { product, version: ghost.version, missing: null, runs };
    }
    const wordpress = await startWordPress(PORTS.WordPress, posts, COVER_FILE);
    daemons = wordpress.daemons;
    const target = await wordpressTarget(wordpress.baseUrl, posts[0]!, tag, word);
    const runs = await loadProduct(target, options);
    return { product, version: wordpress.version, missing: null, runs };
  } catch (error) {
    const message = (error as Error).message;
    progress(`${product} NOT MEASURED: ${message}`);
    return { product, version: null, missing: message, runs: [] };
  } finally {
    await stopDaemons(daemons);
  }
}

/** The cover every peer post carries (one image, uploaded once), as Inkwell's seed draws them. */
async function writeCover(): Promise<void> {
  if (existsSync(COVER_FILE)) return;
  await mkdir(PEERS_DIR, { recursive: true });
  const { svg } = coverArt({ seed: 2026, theme: 'travel' });
  await sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toFile(COVER_FILE);
}

/** Installs what the chosen peers need; a failure is kept as that peer's reason. */
async function installPeers(products: Product[]): Promise<Map<Product, string>> {
  const failed = new Map<Product, string>();
  const steps: [Product, () => Promise<void>][] = [
    ['Ghost', installGhost],
    ['WordPress', () => aptInstall(WORDPRESS_PACKAGES)],
  ];
  for (const [product, install] of steps) {
    if (!products.includes(product)) continue;
    try {
      await install();
    } catch (error) {
      const message = `could not be installed: ${(error as Error).message}`;
      progress(`${product} ${message}`);
      failed.set(product, message);
    }
  }
  return failed;
}

async function main(): Promise<void> {
  const parsed = parsePeersOptions(process.argv.slice(2));
  if (parsed === 'help') {
    console.log(PEERS_USAGE);
    return;
  }
  const options = parsed;
  if (options.report) return await reprint();
  const startedAt = new Date().toISOString();
  const failedInstalls = await installPeers(options.products);
  if (options.installOnly) {
    progress(failedInstalls.size === 0 ? 'installed' : 'some installs failed (above)');
    if (failedInstalls.size > 0) process.exitCode = 1;
    return;
  }
  const posts = peerPosts(options.posts);
  const tag = busiestTag(posts);
  const word = searchWord(posts);
  await writeCover();
  const machineSpeedMs = measureMachineSpeed().medianMs;
  const loadBefore = os.loadavg();
  const products: ProductRuns[] = [];
  for (const product of options.products) {
    const missing = failedInstalls.get(product);
    if (missing) {
      products.push({ product, version: null, missing, runs: [] });
      continue;
    }
    const runs =
      product === 'Inkwell'
        ? await measureInkwell(options, tag, word)
        : await measurePeer(product, options, posts, tag, word);
    products.push(runs);
  }
  const results: PeersResults = {
    startedAt,
    options,
    environment: {
      node: process.version,
      cpus: os.cpus().length,
      machineSpeedMs,
      loadAverageBefore: loadBefore,
      loadAverageAfter: os.loadavg(),
    },
    content: { posts: options.posts, tag: tag.slug, searchWord: word },
    targets: PEER_TARGETS,
    products,
    ratios: ratioRows(products),
  };
  await mkdir(path.dirname(RESULTS_FILE), { recursive: true });
  await writeFile(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
  printReport(results);
}

/** What one run measured (`.bench/peers-results.json`). */
interface PeersResults {
  startedAt: string;
  options: PeersOptions;
  environment: {
    node: string;
    cpus: number;
    machineSpeedMs: number;
    loadAverageBefore: number[];
    loadAverageAfter: number[];
  };
  content: { posts: number; tag: string; searchWord: string };
  targets: typeof PEER_TARGETS;
  products: ProductRuns[];
  ratios: ReturnType<typeof ratioRows>;
}

/** `--report`: the tables again from the last run's results, the ratios recomputed. */
async function reprint(): Promise<void> {
  if (!existsSync(RESULTS_FILE)) throw new Error(`${RESULTS_FILE} is missing: run the bench first`);
  const results = JSON.parse(readFileSync(RESULTS_FILE, 'utf8')) as PeersResults;
  results.ratios = ratioRows(results.products);
  await writeFile(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
  printReport(results);
}

/** Formats load averages. */
function loads(values: number[]): string {
  return values.map((value) => value.toFixed(1)).join(' ');
}

/** Prints the two tables, the products' versions and what was not measured. */
function printReport(results: PeersResults): void {
  const { options, products, ratios: rows, environment } = results;
  const versions = products.map((p) => `${p.product} ${p.version ?? '(not measured)'}`).join(', ');
  console.log(
    `\nInkwell, Ghost and WordPress side by side (${results.startedAt}): ${options.posts} posts ` +
      `each, ${options.connections} connections, ${options.warmup} s warm-up + ` +
      `${options.duration} s per page and reader; machine speed ${environment.machineSpeedMs} ms, ` +
      `load average before ${loads(environment.loadAverageBefore)}, after ` +
      `${loads(environment.loadAverageAfter)} (${environment.cpus} CPUs)`,
  );
  console.log(`${versions}\n`);
  console.log(renderFigures(products));
  console.log(
    `\nInkwell's req/s as a multiple of each peer's (target: >= ${PEER_TARGETS.minRatio}× both, ` +
      `p99 < ${PEER_TARGETS.maxP99Ms} ms; ">" where the peer answered nothing in the run)\n`,
  );
  console.log(renderRatios(rows));
  const passed = rows.filter((row) => row.pass).length;
  console.log(
    `\n${passed} of ${rows.length} rows pass. Results: ${path.relative(ROOT, RESULTS_FILE)}`,
  );
  for (const product of products.filter((p) => p.missing)) {
    console.log(`\n${product.product} NOT MEASURED: ${product.missing}`);
  }
}

/** Stops every child, also on Ctrl-C. */
async function shutdown(code: number): Promise<never> {
  await stopAll();
  process.exit(code);
}

process.on('SIGINT', () => void shutdown(130));
process.on('SIGTERM', () => void shutdown(143));
process.on('exit', killAllNow);

try {
  await main();
  await stopAll();
} catch (error) {
  console.error(`[peers] failed: ${(error as Error).stack ?? error}`);
  await stopAll();
  process.exitCode = 1;
}
