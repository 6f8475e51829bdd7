/**
 * The post page's comments and the comment edit page (issue 6) through HTTP, on the production
 * build: the first threads in the server's HTML, the same page for every visitor from the page
 * cache with nothing of any member in it, a member's own page fresh with their box and rights, a
 * comment write that drops the cached page, the share bar's links built by the server, and the
 * comment edit route in both of SPEC §2's shapes with its refusals. Members act through the
 * test-only header.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentOf, paragraph } from '../../rich-content/document';
import { posts } from '../db/schema.server';
import { TEST_MEMBER_HEADER } from '../http/actor.server';
import { buildPost, createMember } from '../testing/factories.server';
import { setUpTestApp } from '../testing/test-app.server';
import { withoutCriticalCss } from './critical-css-head.server';

const harness = setUpTestApp({
  pages: true,
  withTestRoutes: true,
  site: { name: 'Comment Pages Site' },
});
const ids = { writer: '', ada: '', ben: '' };
const post = { id: '', slug: '', oldSlug: '' };
let adasComment = '';

async function page(url: string, member?: string) {
  const response = await harness.app.inject({
    method: 'GET',
    url,
    headers: { host: harness.site.host, ...(member ? { [TEST_MEMBER_HEADER]: member } : {}) },
  });
  return { status: response.statusCode, html: response.body, headers: response.headers };
}

async function comment(member: string, words: string) {
  const response = await harness.app.inject({
    method: 'POST',
    url: `/api/posts/${post.id}/comments`,
    headers: { host: harness.site.host, [TEST_MEMBER_HEADER]: member },
    payload: { content: documentOf([paragraph(words)]) },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ comment: { id: string } }>().comment.id;
}

beforeAll(async () => {
  const { app, db, site } = harness;
  ids.writer = (await createMember(db, site.id, { name: 'Wren Writer', role: 'writer' })).id;
  ids.ada = (await createMember(db, site.id, { name: 'Ada Reader', role: 'user' })).id;
  ids.ben = (await createMember(db, site.id, { name: 'Ben Reader', role: 'user' })).id;
  const written = buildPost(site.id, ids.writer, {
    title: 'Soup & bread',
    firstPublishedDate: new Date(Date.UTC(2025, 4, 6, 9)),
  });
  post.oldSlug = `${written.slug}-old`;
  await app.services.postWriter.insertPost(written);
  // A slug the post had before: old links keep working.
  await db
    .update(posts)
    .set({ slugs: [post.oldSlug, written.slug] })
    .where(and(eq(posts.siteId, site.id), eq(posts.id, written.id)));
  post.id = written.id;
  post.slug = written.slug;
  adasComment = await comment(ids.ada, 'The bread recipe is a keeper.');
});

describe('the post page’s comments', () => {
  it('are in the server’s HTML, the same for every visitor, with a way to log in', async () => {
    const first = await page(`/blog/${post.slug}`);
    expect(first.status).toBe(200);
    expect(first.html).toContain('id="comments"');
    expect(first.html).toContain('The bread recipe is a keeper.');
    expect(first.html).toContain(`id="comment-${adasComment}"`);
    expect(first.html).toContain('>1 comment<');
    expect(first.html).toContain(`href="/blog/login?next=%2Fblog%2F${post.slug}%23comments"`);
    // Nothing of any member, no box.
    expect(first.html).not.toContain('class="comment-composer"');
    expect(withoutCriticalCss(first.html)).not.toContain('comment__badge--you');
    const again = await page(`/blog/${post.slug}`);
    expect(again.headers['x-page-cache']).toBe('hit');
    expect(again.html).toBe(first.html);
  });

  it('are a member’s own on their page: their state laid over it, never cached, with their box', async () => {
    const mine = await page(`/blog/${post.slug}`, ids.ada);
    expect(mine.status).toBe(200);
    // The page every reader shares, with Ada's box and rights in its holes (decision 050).
    expect(mine.headers['x-page-cache']).toBe('overlay');
    expect(String(mine.headers['cache-control'])).toMatch(/private/);
    expect(mine.html).toContain('class="comment-composer"');
    expect(mine.html).toContain('comment__badge--you');
    expect(mine.html).not.toContain('Log in to comment');
    // The visitors' copy did not change for it.
    const visitor = await page(`/blog/${post.slug}`);
    expect(visitor.headers['x-page-cache']).toBe('hit');
    expect(withoutCriticalCss(visitor.html)).not.toContain('comment__badge--you');
  });

  it('show a new comment at once: a write drops the cached page', async () => {
    await page(`/blog/${post.slug}`);
    await comment(ids.ben, 'Made it twice this week.');
    const after = await page(`/blog/${post.slug}`);
    expect(after.headers['x-page-cache']).toBe('miss');
    expect(after.html).toContain('Made it twice this week.');
    expect(after.html).toContain('>2 comments<');
  });

  it('come with the share bar’s network links, built by the server with the absolute address', async () => {
    const { html } = await page(`/blog/${post.slug}`);
    const address = encodeURIComponent(`${harness.site.origin}/blog/${post.slug}`);
    expect(html).toContain(`https://www.facebook.com/sharer/sharer.php?u=${address}`);
    expect(html).toContain(
      `https://x.com/intent/post?url=${address}&amp;text=${encodeURIComponent('Soup & bread')}`,
    );
    expect(html).toContain(`https://www.linkedin.com/sharing/share-offsite/?url=${address}`);
    // SPEC §9: Pinterest and print are off by default.
    expect(html).not.toContain('pinterest.com/pin/create');
    expect(html).not.toContain('Print this post');
  });
});

describe('the comment edit page', () => {
  const editUrl = (slug = post.slug, id = adasComment) => `/blog/${slug}/edit-comment/${id}`;

  it('opens the author’s comment for editing, never cached', async () => {
    const { status, html, headers } = await page(editUrl(), ids.ada);
    expect(status).toBe(200);
    expect(headers['cache-control']).toBe('private, no-store');
    expect(html).toContain('Edit your comment');
    expect(html).toContain('On “Soup &amp; bread”');
    expect(html).toContain('name="robots" content="noindex"');
  });

  it('answers the dated shape of SPEC §2 too', async () => {
    const dated = await page(`/blog/2025/05/${post.slug}/edit-comment/${adasComment}`, ids.ada);
    expect(dated.status).toBe(200);
    expect(dated.html).toContain('Edit your comment');
    const withDay = await page(
      `/blog/2025/05/06/${post.slug}/edit-comment/${adasComment}`,
      ids.ada,
    );
    expect(withDay.status).toBe(200);
  });

  it('leads an old slug to the post’s current one', async () => {
    const moved = await page(editUrl(post.oldSlug), ids.ada);
    expect(moved.status).toBe(302);
    expect(moved.headers.location).toBe(editUrl());
  });

  it('asks a visitor to log in (401), refuses another member (403), 404 for none', async () => {
    const visitor = await page(editUrl());
    expect(visitor.status).toBe(401);
    expect(visitor.html).toContain('Log in to edit your comment');
    expect(visitor.html).toContain(`href="/blog/login?next=${encodeURIComponent(editUrl())}"`);
    const other = await page(editUrl(), ids.ben);
    expect(other.status).toBe(403);
    expect(other.html).toContain('You can’t edit this comment');
    const gone = await page(editUrl(post.slug, '00000000-0000-4000-8000-000000000000'), ids.ada);
    expect(gone.status).toBe(404);
    expect((await page(editUrl(post.slug, 'not-an-id'), ids.ada)).status).toBe(404);
  });
});
