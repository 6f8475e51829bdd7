/**
 * The server's HTML is valid HTML (issue 23 "Keep it fixed", decision 071): the W3C Nu HTML
 * checker (npm `vnu-jar`, run by Java) finds no error in the page of every reader page kind, the
 * member's and writer's pages, the site's own pages and every dashboard page, rendered by the
 * production build on a copy of the demo blog (what the browser specs visit). The pages are
 * written to a temporary folder and checked in ONE run of the checker (a JVM starts slowly).
 * Without Java the test fails and says how to install it (scripts/test.mjs installs it as root).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommentView } from '../domain/comments';
import type { PostSummary } from '../domain/views';
import { TestBrowser } from './testing/auth.server';
import { setUpTestApp } from './testing/test-app.server';

const harness = setUpTestApp({ pages: true, withTestRoutes: true, withDataDir: true });

/** The demo blog's copy this file reads, and its seeded members (seed.server.ts). */
const HOST = 'html-validity.test';
const DEMO_PASSWORD = 'inkwell-demo';
const OWNER = 'maya-lindqvist@example.com';
const WRITER = { slug: 'sofia-marchetti', email: 'sofia-marchetti@example.com' };
const MEMBER = { slug: 'hannah-becker', email: 'hannah-becker@example.com' };

const VNU_JAR = path.join(
  path.dirname(createRequire(import.meta.url).resolve('vnu-jar/package.json')),
  'build/dist/vnu.jar',
);

/** Java on the PATH, else Debian's; null when there is none. */
function findJava(): string | null {
  for (const folder of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(folder, 'java');
    if (folder !== '' && existsSync(candidate)) return candidate;
  }
  return existsSync('/usr/bin/java') ? '/usr/bin/java' : null;
}

/**
 * The checker's CSS parser predates container queries (CSS Containment 3, in every browser since
 * 2023), which the pages' critical CSS uses: what it says of them, and only that, is not an error
 * of ours. Everything else it says of the CSS stays an error.
 */
const OUTDATED_CSS = [
  /^CSS: Unrecognized at-rule “@container”/,
  /^CSS: “container(-type|-name)?”: Property “container(-type|-name)?” doesn't exist\./,
];

interface VnuMessage {
  type: string;
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/** Runs the checker once on `files`; its JSON report (on stderr) parsed. */
function checkHtml(java: string, files: string[]): Promise<VnuMessage[]> {
  return new Promise((resolve, reject) => {
    execFile(
      java,
      ['-jar', VNU_JAR, '--format', 'json', '--errors-only', ...files],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, _stdout, stderr) => {
        try {
          resolve((JSON.parse(stderr) as { messages: VnuMessage[] }).messages);
        } catch {
          reject(new Error(`The HTML checker failed: ${error?.message ?? ''}\n${stderr}`));
        }
      },
    );
  });
}

let visitor: TestBrowser;
let owner: TestBrowser;
let writer: TestBrowser;
let member: TestBrowser;
let folder: string;

async function loggedIn(email: string): Promise<TestBrowser> {
  const browser = new TestBrowser(harness.app, HOST);
  const response = await browser.logIn(email, DEMO_PASSWORD);
  if (response.statusCode !== 200) throw new Error(`Logging in as ${email}: ${response.body}`);
  return browser;
}

async function getJson<T>(browser: TestBrowser, url: string): Promise<T> {
  const response = await browser.request('GET', url);
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`);
  return response.json<T>();
}

beforeAll(async () => {
  // A copy of the demo blog, as the browser specs get (the test-only route seeds it).
  const made = await harness.app.inject({
    method: 'POST',
    url: '/api/test/demo-sites',
    headers: { host: harness.site.host },
    payload: { host: HOST },
  });
  if (made.statusCode !== 201) throw new Error(`The demo blog's copy: ${made.body}`);
  visitor = new TestBrowser(harness.app, HOST);
  owner = await loggedIn(OWNER);
  writer = await loggedIn(WRITER.email);
  member = await loggedIn(MEMBER.email);
  folder = mkdtempSync(path.join(os.tmpdir(), 'inkwell-html-'));
});

afterAll(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** Every page to check: a name, who asks, its address. */
async function pagesToCheck(): Promise<[string, TestBrowser, string][]> {
  const { posts } = await getJson<{ posts: PostSummary[] }>(visitor, '/api/posts?pageSize=50');
  const { tags } = await getJson<{ tags: { id: string; slug: string }[] }>(visitor, '/api/tags');
  const first = posts.find((p) => p.mainCategory && p.tagIds.length > 0 && p.hashtags.length > 0);
  const commented = posts.find((p) => p.counters.totalComments > 0);
  const hers = posts.find((p) => p.owner?.slug === WRITER.slug);
  if (!first || !commented || !hers) throw new Error('The seeded feed changed');
  const date = new Date(first.firstPublishedDate!);
  const month = `${date.getUTCFullYear()}/${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
  const { revision } = await getJson<{ revision: number }>(writer, `/api/editor/posts/${hers.id}`);
  let comment = '';
  for (const post of posts.filter((p) => p.counters.totalComments > 0)) {
    const { comments } = await getJson<{ comments: CommentView[] }>(
      visitor,
      `/api/posts/${post.id}/comments`,
    );
    const found = comments
      .flatMap((c) => [c, ...(c.replies ?? [])])
      .find((c) => c.author?.slug === MEMBER.slug);
    if (found) {
      comment = `/blog/${post.slug}/edit-comment/${found.id}`;
      break;
    }
  }
  if (!comment) throw new Error('No seeded comment of the member’s');
  const tag = tags.find((t) => t.id === first.tagIds[0])!.slug;
  const dashboard = [
    '',
    '/posts',
    '/categories',
    '/tags',
    '/comments',
    '/reports',
    '/members',
    '/analytics',
    `/analytics/posts/${commented.id}`,
    '/settings',
    '/import',
    '/audit',
    '/health',
    '/preferences',
  ];
  return [
    ['feed', visitor, '/blog'],
    ['feed page 2', visitor, '/blog/page/2'],
    ['category', visitor, `/blog/category/${first.mainCategory!.slug}`],
    ['tag', visitor, `/blog/tags/${tag}`],
    ['hashtag', visitor, `/blog/hashtags/${first.hashtags[0]}`],
    ['archive', visitor, `/blog/archive/${month}`],
    ['search', visitor, '/blog/search'],
    ['search results', visitor, '/blog/search/coffee'],
    ['post with comments', visitor, `/blog/${commented.slug}`],
    ['post of every block', visitor, '/blog/every-kind-of-block-a-post-can-hold'],
    ['profile', visitor, '/blog/profiles/maya-lindqvist'],
    ['404', visitor, '/blog/404'],
    ['404 unknown post', visitor, '/blog/no-post-by-this-slug'],
    ['log in', visitor, '/blog/login'],
    ['sign up', visitor, '/blog/login?mode=signup'],
    ['forgot password', visitor, '/blog/login?mode=forgot'],
    ['create post, logged out', visitor, '/blog/create-post'],
    ['dashboard, logged out', visitor, '/dashboard'],
    ['site home', visitor, '/'],
    ['site about', visitor, '/about'],
    ['site 404', visitor, '/no-page-by-this-name'],
    ['post as a member', member, `/blog/${commented.slug}`],
    ['notifications', member, '/blog/notifications'],
    ['profile edit', member, `/blog/profiles/${MEMBER.slug}/edit`],
    ['comment edit', member, comment],
    ['create post', writer, '/blog/create-post'],
    ['post edit', writer, `/blog/${hers.slug}/edit`],
    ['post preview', writer, `/blog/${hers.id}/preview/${revision}`],
    ['my posts', writer, '/my-posts'],
    ['builder', owner, '/editor'],
    ...dashboard.map((route): [string, TestBrowser, string] => [
      `dashboard${route || ' overview'}`,
      owner,
      `/dashboard${route}`,
    ]),
  ];
}

describe('the server’s HTML', () => {
  it('has no error for the W3C HTML checker, on every page kind', async () => {
    const java = findJava();
    if (!java) {
      throw new Error(
        'The HTML check needs Java (17 or later): install Debian’s default-jre-headless ' +
          '(`sudo apt-get install -y default-jre-headless`; scripts/test.mjs installs it as root).',
      );
    }
    const pages = await pagesToCheck();
    const names = new Map<string, string>();
    const files: string[] = [];
    for (const [index, [name, browser, url]] of pages.entries()) {
      const response = await browser.request('GET', url);
      expect(response.headers['content-type'], `${name} (${url})`).toMatch(/^text\/html/);
      const file = path.join(folder, `${String(index).padStart(2, '0')}.html`);
      writeFileSync(file, response.body);
      names.set(path.basename(file), `${name} (${url})`);
      files.push(file);
    }
    const messages = await checkHtml(java, files);
    const errors = messages
      .filter((m) => m.type === 'error' || m.subType === 'fatal')
      .filter((m) => !OUTDATED_CSS.some((pattern) => pattern.test(m.message)))
      .map(
        (m) =>
          `${names.get(path.basename(m.url ?? '')) ?? m.url}, line ${m.lastLine}: ${m.message}` +
          (m.extract ? ` — ${m.extract.replace(/\s+/g, ' ').slice(0, 120)}` : ''),
      );
    // Every page was read: the checker names none it could not open.
    expect(messages.filter((m) => m.type === 'non-document-error')).toEqual([]);
    expect(errors).toEqual([]);
  });
});
