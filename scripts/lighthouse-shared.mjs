// What the Lighthouse scripts share (seo:lighthouse, perf:lighthouse): start the built server
// (`node build/main.js`) on a fresh PGlite data folder with the demo blog seeded, find the pages
// to audit through the feed's own JSON-LD and header, and launch Debian's Chromium headless.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import * as chromeLauncher from 'chrome-launcher';

const root = path.resolve(import.meta.dirname, '..');
/** ms the server may take to start (a fresh database migrates and seeds). */
const START_TIMEOUT_MS = 180_000;

/** The port from `--port N`, else `fallback`. */
export function portFromArgs(fallback) {
  const at = process.argv.indexOf('--port');
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
}

/**
 * Starts the built server on `port` with a fresh seeded data folder and waits for /readyz.
 * Returns its origin and a `stop()` that ends it and deletes the folder.
 */
export async function startSeededServer(port) {
  const origin = `http://127.0.0.1:${port}`;
  // A server left on the port (another run's) would answer /readyz for ours: audit the wrong build.
  const isTaken = await fetch(`${origin}/readyz`).then(
    () => true,
    () => false,
  );
  if (isTaken) throw new Error(`Port ${port} is in use: stop what listens there or pass --port`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'inkwell-lighthouse-'));
  const child = spawn(process.execPath, [path.join(root, 'build/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_ON_START: 'true',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: origin,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = [];
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => log.push(chunk));
  }
  // A crash of this script (Chromium missing, say) must not leave the server running.
  process.once('exit', () => child.kill('SIGTERM'));
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => {
      if (child.exitCode !== null) resolve();
      else child.once('exit', resolve);
    });
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      const response = await fetch(`${origin}/readyz`);
      if (response.ok) return { origin, stop };
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  await stop();
  throw new Error(`The server did not get ready:\n${log.join('')}`);
}

/** The blog's pages to audit: the feed, its first post, a category from the header, a search. */
export async function blogPages(origin) {
  const feedUrl = `${origin}/blog`;
  const html = await (await fetch(feedUrl)).text();
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  const collection = blocks
    .map((match) => JSON.parse(match[1]))
    .find((block) => block['@type'] === 'CollectionPage');
  const postUrl = collection?.mainEntity?.itemListElement?.[0]?.url;
  const category = /href="(\/blog\/[^"/]+\/[^"/]+)"[^>]*class="[^"]*category/.exec(html)?.[1];
  const categoryHref = category ?? /href="(\/blog\/category\/[^"]+)"/.exec(html)?.[1] ?? null;
  if (!postUrl || !categoryHref) throw new Error('The seeded feed names no post or no category');
  const word = /<title>([^<\s]+)/.exec(await (await fetch(postUrl)).text())?.[1] ?? 'blog';
  return {
    feed: { name: 'feed', url: feedUrl },
    post: { name: 'post', url: postUrl },
    category: { name: 'category', url: new URL(categoryHref, origin).href },
    search: {
      name: 'search',
      url: `${origin}/blog/search/${encodeURIComponent(word.toLowerCase())}`,
    },
  };
}

/** Debian's Chromium (or CHROME_PATH), headless, for Lighthouse. */
export function launchChromium() {
  return chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
}
