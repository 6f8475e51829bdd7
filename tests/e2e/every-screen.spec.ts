/**
 * Every screen of the product, audited (issue 23 "Keep it fixed", decision 071): each screen of
 * SCREENS below, as its role, in both projects (the desktop at 1280, the phone at 375). One page
 * load per screen and project: axe with the WCAG 2.2 AA and best-practice rules (AXE_TAGS) at the
 * project's width, then the layout at two widths (desktop 1280 and 768, phone 375 and 320; the
 * page is reloaded at the second width, as script measures some layout after a debounce): nothing
 * wider than the viewport, no text cut by its box (expectNoOverflow), no control under another.
 * Every check is soft: a run lists every problem of every screen.
 *
 * A new screen is one line of SCREENS.
 */
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { CommentView } from '../../src/domain/comments';
import type { PostSummary } from '../../src/domain/views';
import {
  animationsSettled,
  DANIEL,
  type DemoMember,
  expectAxeClean,
  expectNoCoveredControls,
  expectNoOverflow,
  HANNAH,
  hydrated,
  logInThroughApi,
  MAYA,
  SOFIA,
  test,
} from './support';

type Role = 'visitor' | 'member' | 'writer' | 'editor' | 'owner';

/** Who each role is in the demo blog. */
const MEMBER_OF: Record<Exclude<Role, 'visitor'>, DemoMember> = {
  member: HANNAH,
  writer: SOFIA,
  editor: DANIEL,
  owner: MAYA,
};

/** What some addresses need from the seeded blog, found once per project (seed.server.ts). */
interface Seeded {
  /** A published post with comments. */
  commented: { slug: string; id: string };
  /** The post of every kind of block. */
  kitchenSink: string;
  /** The first post's category, one of its tags, one of its hashtags, its year and month. */
  category: string;
  tag: string;
  hashtag: string;
  archive: string;
  /** A published post of the writer's (Sofia), and its preview address (her revision). */
  writerPost: { slug: string; id: string; preview: string };
  /** A comment of the member's (Hannah), on the post with `slug`. */
  memberComment: { slug: string; id: string };
}

interface Screen {
  name: string;
  role: Role;
  path: string | ((seeded: Seeded) => string);
  /** What shows once the screen is ready, beyond its hydration (the builder's canvas). */
  ready?: (page: Page) => Promise<void>;
}

/** The builder's canvas has hydrated too. */
const canvasReady = async (page: Page) => {
  await expect(page.locator('iframe').first()).toBeVisible();
  const frame = page.frameLocator('iframe').first();
  await expect(frame.locator('html[data-hydrated="true"]')).toHaveCount(1);
};

/** Every screen of the product, as the role that sees it. */
const SCREENS: Screen[] = [
  // The reader.
  { name: 'feed', role: 'visitor', path: '/blog' },
  { name: 'feed page 2', role: 'visitor', path: '/blog/page/2' },
  { name: 'category', role: 'visitor', path: (s) => `/blog/category/${s.category}` },
  { name: 'tag', role: 'visitor', path: (s) => `/blog/tags/${s.tag}` },
  { name: 'hashtag', role: 'visitor', path: (s) => `/blog/hashtags/${s.hashtag}` },
  { name: 'archive', role: 'visitor', path: (s) => `/blog/archive/${s.archive}` },
  { name: 'search', role: 'visitor', path: '/blog/search' },
  { name: 'search results', role: 'visitor', path: '/blog/search/coffee' },
  { name: 'search, nothing found', role: 'visitor', path: '/blog/search/zzqxj' },
  { name: 'post with comments', role: 'visitor', path: (s) => `/blog/${s.commented.slug}` },
  { name: 'post of every block', role: 'visitor', path: (s) => `/blog/${s.kitchenSink}` },
  { name: 'profile', role: 'visitor', path: `/blog/profiles/${MAYA.slug}` },
  { name: '404', role: 'visitor', path: '/blog/404' },
  { name: '404 unknown post', role: 'visitor', path: '/blog/no-post-by-this-slug' },
  { name: '404 unknown profile', role: 'visitor', path: '/blog/profiles/nobody-by-this-name' },
  { name: '404 empty hashtag', role: 'visitor', path: '/blog/hashtags/nothinghere' },
  { name: 'log in', role: 'visitor', path: '/blog/login' },
  { name: 'sign up', role: 'visitor', path: '/blog/login?mode=signup' },
  { name: 'forgot password', role: 'visitor', path: '/blog/login?mode=forgot' },
  // Login-required screens, as a visitor.
  { name: 'create post, logged out', role: 'visitor', path: '/blog/create-post' },
  { name: 'notifications, logged out', role: 'visitor', path: '/blog/notifications' },
  { name: 'my posts, logged out', role: 'visitor', path: '/my-posts' },
  { name: 'dashboard, logged out', role: 'visitor', path: '/dashboard' },
  { name: 'builder, logged out', role: 'visitor', path: '/editor' },
  // The site's own pages.
  { name: 'site home', role: 'visitor', path: '/' },
  { name: 'site about', role: 'visitor', path: '/about' },
  { name: 'site ui kit', role: 'visitor', path: '/ui-kit' },
  { name: 'site 404', role: 'visitor', path: '/no-page-by-this-name' },
  // The member.
  { name: 'feed as a member', role: 'member', path: '/blog' },
  { name: 'post as a member', role: 'member', path: (s) => `/blog/${s.commented.slug}` },
  { name: 'notifications', role: 'member', path: '/blog/notifications' },
  { name: 'profile edit', role: 'member', path: `/blog/profiles/${HANNAH.slug}/edit` },
  {
    name: 'comment edit',
    role: 'member',
    path: (s) => `/blog/${s.memberComment.slug}/edit-comment/${s.memberComment.id}`,
  },
  { name: 'my posts as a member', role: 'member', path: '/my-posts' },
  { name: 'preferences as a member', role: 'member', path: '/dashboard/preferences' },
  // The writer.
  { name: 'create post', role: 'writer', path: '/blog/create-post' },
  { name: 'post edit', role: 'writer', path: (s) => `/blog/${s.writerPost.slug}/edit` },
  { name: 'post preview', role: 'writer', path: (s) => s.writerPost.preview },
  { name: 'my posts', role: 'writer', path: '/my-posts' },
  { name: 'my drafts', role: 'writer', path: '/my-posts?status=drafts' },
  { name: 'dashboard as a writer', role: 'writer', path: '/dashboard' },
  { name: 'dashboard posts as a writer', role: 'writer', path: '/dashboard/posts' },
  { name: 'preferences', role: 'writer', path: '/dashboard/preferences' },
  // The editor.
  { name: 'dashboard as an editor', role: 'editor', path: '/dashboard' },
  { name: 'dashboard posts as an editor', role: 'editor', path: '/dashboard/posts' },
  { name: 'dashboard comments as an editor', role: 'editor', path: '/dashboard/comments' },
  { name: 'dashboard reports as an editor', role: 'editor', path: '/dashboard/reports' },
  // The owner: every dashboard route of src/routes.ts, and the builder.
  { name: 'dashboard overview', role: 'owner', path: '/dashboard' },
  { name: 'dashboard posts', role: 'owner', path: '/dashboard/posts' },
  { name: 'dashboard categories', role: 'owner', path: '/dashboard/categories' },
  { name: 'dashboard tags', role: 'owner', path: '/dashboard/tags' },
  { name: 'dashboard comments', role: 'owner', path: '/dashboard/comments' },
  { name: 'dashboard reports', role: 'owner', path: '/dashboard/reports' },
  { name: 'dashboard members', role: 'owner', path: '/dashboard/members' },
  { name: 'dashboard analytics', role: 'owner', path: '/dashboard/analytics' },
  {
    name: 'dashboard analytics of a post',
    role: 'owner',
    path: (s) => `/dashboard/analytics/posts/${s.commented.id}`,
  },
  { name: 'dashboard settings', role: 'owner', path: '/dashboard/settings' },
  { name: 'dashboard import', role: 'owner', path: '/dashboard/import' },
  { name: 'dashboard audit', role: 'owner', path: '/dashboard/audit' },
  { name: 'dashboard health', role: 'owner', path: '/dashboard/health' },
  { name: 'dashboard preferences', role: 'owner', path: '/dashboard/preferences' },
  { name: 'builder', role: 'owner', path: '/editor', ready: canvasReady },
];

/** The two widths each project's layout is checked at: its own first. */
const WIDTHS: Record<string, [number, number]> = { desktop: [1280, 768], mobile: [375, 320] };

async function json<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(url);
  expect(response.ok(), `${url}: ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

/**
 * Reads what SCREENS' addresses need from the seeded blog (read only: nothing is written), the
 * writer's post's revision as the writer (the session stays in `request`).
 */
async function findSeeded(request: APIRequestContext): Promise<Seeded> {
  const { posts } = await json<{ posts: PostSummary[] }>(request, '/api/posts?page=1&pageSize=50');
  const { tags } = await json<{ tags: { id: string; slug: string }[] }>(request, '/api/tags');
  const first = posts.find((p) => p.mainCategory && p.tagIds.length > 0 && p.hashtags.length > 0);
  const commented = posts.find((p) => p.counters.totalComments > 0);
  const writers = posts.filter((p) => p.owner?.slug === SOFIA.slug);
  if (!first || !commented || writers.length === 0) throw new Error('The seeded feed changed');
  const date = new Date(first.firstPublishedDate!);
  let memberComment: Seeded['memberComment'] | null = null;
  for (const post of posts.filter((p) => p.counters.totalComments > 0)) {
    const { comments } = await json<{ comments: CommentView[] }>(
      request,
      `/api/posts/${post.id}/comments`,
    );
    const all = comments.flatMap((c) => [c, ...(c.replies ?? [])]);
    const hers = all.find((c) => c.author?.slug === HANNAH.slug);
    if (hers) {
      memberComment = { slug: post.slug, id: hers.id };
      break;
    }
  }
  if (!memberComment) throw new Error(`No seeded comment of ${HANNAH.name}'s`);
  const writerPost = writers[0]!;
  // The preview's instance is the post's revision (postPreviewUrl), which the writer's own
  // editor API gives.
  await logInThroughApi(request, SOFIA);
  const { revision } = await json<{ revision: number }>(
    request,
    `/api/editor/posts/${writerPost.id}`,
  );
  return {
    commented: { slug: commented.slug, id: commented.id },
    kitchenSink: 'every-kind-of-block-a-post-can-hold',
    category: first.mainCategory!.slug,
    tag: tags.find((t) => t.id === first.tagIds[0])!.slug,
    hashtag: first.hashtags[0]!,
    archive: `${date.getUTCFullYear()}/${String(date.getUTCMonth() + 1).padStart(2, '0')}`,
    writerPost: {
      slug: writerPost.slug,
      id: writerPost.id,
      preview: `/blog/${writerPost.id}/preview/${revision}`,
    },
    memberComment,
  };
}

let seeded: Seeded | null = null;

test.beforeAll(async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  seeded = await findSeeded(request);
  await request.dispose();
});

/**
 * One screen: loaded as the page's member, audited by axe at the project's width, then its
 * layout at both of the project's widths.
 */
async function auditScreen(page: Page, screen: Screen, widths: [number, number]): Promise<void> {
  const [wide, narrow] = widths;
  const { height } = page.viewportSize()!;
  if (page.viewportSize()!.width !== wide) await page.setViewportSize({ width: wide, height });
  const path = typeof screen.path === 'string' ? screen.path : screen.path(seeded!);
  const response = await page.goto(path);
  expect(response, path).not.toBeNull();
  await hydrated(page);
  await screen.ready?.(page);
  await page.evaluate(() => document.fonts.ready);
  await animationsSettled(page);
  const label = `${screen.name} as ${screen.role}`;
  await expectAxeClean(page, `${label} at ${wide}`);
  for (const width of [wide, narrow]) {
    if (width !== page.viewportSize()!.width) {
      // Reloaded at the new width: some layout is measured by script after a debounce (the
      // header's category navigation moves what does not fit into More, SPEC §4), which a
      // resize alone would catch halfway.
      await page.setViewportSize({ width, height });
      await page.reload();
      await hydrated(page);
      await screen.ready?.(page);
      await animationsSettled(page);
    }
    await test.step(`layout at ${width} px`, async () => {
      await expectNoOverflow(page, { soft: true });
      await expectNoCoveredControls(page, `${label} at ${width}`);
    });
  }
}

// One test per role: one session, its screens in turn, every problem of every screen listed
// (a failing test restarts the worker, which makes a new blog: one per role, not per screen).
for (const role of ['visitor', 'member', 'writer', 'editor', 'owner'] as const) {
  const screens = SCREENS.filter((screen) => screen.role === role);
  test(`every screen as ${role}`, async ({ page }, info) => {
    test.setTimeout(screens.length * 20_000);
    if (role !== 'visitor') await logInThroughApi(page.context().request, MEMBER_OF[role]);
    for (const screen of screens) {
      await test.step(screen.name, async () => {
        try {
          await auditScreen(page, screen, WIDTHS[info.project.name]!);
        } catch (error) {
          // A screen that cannot be audited (it never loads or hydrates) is a failure of its own;
          // the walk goes on to the next screen.
          expect.soft(String(error), `${screen.name} could not be audited`).toBe('');
        }
      });
    }
  });
}
