/**
 * The members API (issue 5 profiles) through HTTP: `GET /api/members/:slug` shows a public
 * profile's member (an allowlist), their published posts newest first and paged, and their latest
 * comments a reader may see; a private profile only to its owner; nothing of another site.
 * `PATCH /api/members/me` changes one's own name, bio, privacy, picture and cover, with SPEC §5's
 * name-required error; visitors are asked to log in, blocked members refused. Pictures are
 * uploaded through the media API with `purpose=profile`, which readers may use too. Members act
 * through the test-only header.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { UploadedMediaSchema } from '../../domain/media-upload';
import type { OwnProfileView, ProfilePageView } from '../../domain/profiles';
import { documentOf, paragraph } from '../../rich-content/document';
import { comments, media } from '../db/schema.server';
import {
  buildPost,
  createMember,
  createTestSite,
  type TestSite,
} from '../testing/factories.server';
import { pngFixture } from '../testing/media-fixtures.server';
import { setUpTestApp } from '../testing/test-app.server';
import { TEST_MEMBER_HEADER } from './actor.server';

// Uploaded pictures are written to the file's own data folder.
const harness = setUpTestApp({ withTestRoutes: true, withDataDir: true });
let otherSite: TestSite;
const ids = { writer: '', reader: '', private: '', blocked: '', editor: '', elsewhere: '' };
const postIds = { newest: '', draft: '', paid: '' };

const at = (day: number) => new Date(Date.UTC(2025, 2, day, 12));

beforeAll(async () => {
  const { db, site } = harness;
  otherSite = await createTestSite(db);
  const member = (overrides: Parameters<typeof createMember>[2]) =>
    createMember(db, site.id, overrides).then((row) => row.id);
  ids.writer = await member({
    slug: 'wanda-writer',
    name: 'Wanda Writer',
    email: 'wanda@example.com',
    about: 'Writes about gardens.',
    role: 'writer',
    createdAt: new Date('2024-02-10T09:00:00Z'),
  });
  ids.reader = await member({ slug: 'rita-reader', name: 'Rita Reader', role: 'user' });
  ids.private = await member({
    slug: 'paula-private',
    name: 'Paula Private',
    role: 'writer',
    privacyStatus: 'PRIVATE',
    about: 'Nobody should read this bio.',
  });
  ids.blocked = await member({ slug: 'bo-blocked', name: 'Bo', role: 'writer', isBlocked: true });
  ids.editor = await member({ slug: 'ed-editor', name: 'Ed Editor', role: 'editor' });
  ids.elsewhere = (
    await createMember(db, otherSite.id, { slug: 'olga-other', name: 'Olga Other' })
  ).id;

  // Wanda: 13 published posts (two pages of 12), a draft, and a post behind a paid plan.
  const writes = Array.from({ length: 13 }, (_, i) =>
    buildPost(site.id, ids.writer, {
      title: `Garden note ${String(i + 1).padStart(2, '0')}`,
      firstPublishedDate: at(i + 1),
      counters: { viewCount: 10, commentCount: 0, likeCount: i + 1 },
    }),
  );
  const draft = buildPost(site.id, ids.writer, {
    title: 'Unfinished draft',
    status: 'unpublished',
    firstPublishedDate: null,
  });
  const paid = buildPost(site.id, ids.writer, {
    title: 'For subscribers',
    paidPlansGroupIds: ['plan-gold'],
    firstPublishedDate: at(20),
  });
  const privatesPost = buildPost(site.id, ids.private, { title: 'Paula’s public post' });
  for (const post of [...writes, draft, paid, privatesPost]) {
    await harness.app.services.postWriter.insertPost(post);
  }
  postIds.newest = writes[12]!.id;
  postIds.draft = draft.id;
  postIds.paid = paid.id;

  // Wanda's comments: three a reader may see, one on the draft, one behind the paid plan, one
  // held for moderation.
  const comment = (postId: string, text: string, day: number, status = 'published') => ({
    siteId: site.id,
    id: randomUUID(),
    postId,
    authorId: ids.writer,
    content: documentOf([paragraph(text)]),
    contentText: text,
    status,
    createdAt: at(day),
  });
  await db
    .insert(comments)
    .values([
      comment(writes[0]!.id, 'First thoughts on tomatoes.', 2),
      comment(writes[1]!.id, 'Second thoughts on tomatoes.', 3),
      comment(writes[2]!.id, `A long one: ${'compost '.repeat(60)}`, 4),
      comment(draft.id, 'Comment on a draft', 5),
      comment(paid.id, 'Comment behind a paid plan', 6),
      comment(writes[3]!.id, 'Held for moderation', 7, 'pending'),
    ]);
});

function get(url: string, as?: string, host = harness.site.host) {
  return harness.app.inject({
    method: 'GET',
    url,
    headers: { host, ...(as ? { [TEST_MEMBER_HEADER]: as } : {}) },
  });
}

function patch(body: unknown, as?: string, host = harness.site.host) {
  return harness.app.inject({
    method: 'PATCH',
    url: '/api/members/me',
    headers: { host, ...(as ? { [TEST_MEMBER_HEADER]: as } : {}) },
    payload: body as Record<string, unknown>,
  });
}

describe('GET /api/members/:slug', () => {
  it('shows a public profile: the member as an allowlist, their counters, posts and comments', async () => {
    const response = await get('/api/members/wanda-writer');
    expect(response.statusCode).toBe(200);
    const view = response.json() as ProfilePageView;
    expect(view.isOwn).toBe(false);
    expect(view.member).toEqual({
      siteMemberId: ids.writer,
      slug: 'wanda-writer',
      name: 'Wanda Writer',
      image: null,
      cover: null,
      about: 'Writes about gardens.',
      badge: 'writer',
      privacyStatus: 'PUBLIC',
      memberSince: '2024-02-10T09:00:00.000Z',
      link: '/blog/profiles/wanda-writer',
      // 14 published posts (the paid one included: its card is public); likes 1..13 + 0.
      counters: { posts: 14, comments: 3, likesReceived: 91 },
    });
    expect(JSON.stringify(view)).not.toContain('wanda@example.com');
    // Newest first: the paid post (day 20), then the garden notes from the 13th down.
    expect(view.posts.posts.map((p) => p.title).slice(0, 3)).toEqual([
      'For subscribers',
      'Garden note 13',
      'Garden note 12',
    ]);
    expect(view.posts).toMatchObject({
      currentPage: 1,
      pageSize: 12,
      entityCount: 14,
      lastPage: 2,
    });
    expect(view.posts.posts[1]!.owner?.link).toBe('/blog/profiles/wanda-writer');
    expect(view.posts.posts.map((p) => p.title)).not.toContain('Unfinished draft');
    // Comments: newest first, only those a reader may see, cut at a word.
    expect(view.comments.map((c) => c.text.slice(0, 20))).toEqual([
      'A long one: compost ',
      'Second thoughts on t',
      'First thoughts on to',
    ]);
    expect(view.comments[0]!.text.length).toBeLessThanOrEqual(280);
    expect(view.comments[0]!.text.endsWith('…')).toBe(true);
    expect(view.comments[1]).toMatchObject({
      text: 'Second thoughts on tomatoes.',
      createdAt: at(3).toISOString(),
      post: { title: 'Garden note 02', link: expect.stringMatching(/^\/blog\/post-number-/) },
    });
  });

  it('pages the posts', async () => {
    const view = (await get('/api/members/wanda-writer?page=2')).json() as ProfilePageView;
    expect(view.posts.currentPage).toBe(2);
    expect(view.posts.posts.map((p) => p.title)).toEqual(['Garden note 02', 'Garden note 01']);
    expect((await get('/api/members/wanda-writer?page=0')).statusCode).toBe(400);
  });

  it('finds a member by id too', async () => {
    const view = (await get(`/api/members/${ids.writer}`)).json() as ProfilePageView;
    expect(view.member.slug).toBe('wanda-writer');
  });

  it('hides a private profile from visitors and other members, editors included (403)', async () => {
    for (const as of [undefined, ids.reader, ids.editor]) {
      const response = await get('/api/members/paula-private', as);
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('profile_private');
      expect(response.body).not.toContain('Paula');
      expect(response.body).not.toContain('Nobody should read');
    }
  });

  it('shows a private profile to its owner, never to be cached', async () => {
    const response = await get('/api/members/paula-private', ids.private);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const view = response.json() as ProfilePageView;
    expect(view).toMatchObject({ isOwn: true, member: { privacyStatus: 'PRIVATE' } });
    expect(view.member.about).toBe('Nobody should read this bio.');
  });

  it('answers 404 for an unknown member and for another site’s', async () => {
    for (const slug of ['nobody', 'olga-other', ids.elsewhere]) {
      const response = await get(`/api/members/${slug}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('member_not_found');
    }
    expect((await get('/api/members/olga-other', undefined, otherSite.host)).statusCode).toBe(200);
  });
});

describe('PATCH /api/members/me', () => {
  it('asks a visitor to log in (401) and refuses a blocked member (403)', async () => {
    const visitor = await patch({ name: 'Someone' });
    expect(visitor.statusCode, visitor.body).toBe(401);
    expect(visitor.json().error.code).toBe('login-required');
    const blocked = await patch({ name: 'Someone' }, ids.blocked);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error.code).toBe('forbidden');
  });

  it('refuses an empty name with SPEC §5’s error, naming the field', async () => {
    for (const name of ['', '   ']) {
      const response = await patch({ name, about: 'New bio' }, ids.reader);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'profile_name_required',
        fields: { name: 'is required' },
      });
    }
    // Nothing was saved, the bio neither.
    const view = (await get('/api/members/rita-reader')).json() as ProfilePageView;
    expect(view.member).toMatchObject({ name: 'Rita Reader', about: '' });
  });

  it('refuses bad input, naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ name: 'x'.repeat(81) }, 'name'],
      [{ about: 'x'.repeat(501) }, 'about'],
      [{ privacyStatus: 'FRIENDS' }, 'privacyStatus'],
      [{ imageId: 'not-an-id' }, 'imageId'],
      [{ role: 'owner' }, '_'],
    ];
    for (const [body, field] of cases) {
      const response = await patch(body, ids.reader);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.json().error.fields)).toContain(field);
    }
  });

  it('saves the name, bio and privacy, trimmed; the slug stays; the feed shows the new name', async () => {
    const before = await get('/api/posts?page=1', undefined);
    expect(before.body).toContain('Wanda Writer');
    const response = await patch(
      { name: '  Wanda W. Writer ', about: ' Gardens, mostly. ', privacyStatus: 'PUBLIC' },
      ids.writer,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.json() as OwnProfileView).toMatchObject({
      siteMemberId: ids.writer,
      slug: 'wanda-writer',
      name: 'Wanda W. Writer',
      about: 'Gardens, mostly.',
      privacyStatus: 'PUBLIC',
      link: '/blog/profiles/wanda-writer',
    });
    const after = await get('/api/posts?page=1', undefined);
    expect(after.body).toContain('Wanda W. Writer');
    expect(after.body).not.toContain('"Wanda Writer"');
  });

  it('turns a profile private and back', async () => {
    expect((await patch({ privacyStatus: 'PRIVATE' }, ids.reader)).statusCode).toBe(200);
    expect((await get('/api/members/rita-reader')).statusCode).toBe(403);
    expect((await patch({ privacyStatus: 'PUBLIC' }, ids.reader)).statusCode).toBe(200);
    expect((await get('/api/members/rita-reader')).statusCode).toBe(200);
  });

  it('takes a picture and a cover the member uploaded (readers too), and removes them', async () => {
    // A reader may not upload files for posts, but may for their own profile.
    const forPost = await uploadPng(ids.reader, '');
    expect(forPost.statusCode).toBe(403);
    const picture = UploadedMediaSchema.parse((await uploadPng(ids.reader, 'profile')).json());
    const cover = UploadedMediaSchema.parse((await uploadPng(ids.reader, 'profile')).json());
    const response = await patch({ imageId: picture.id, coverImageId: cover.id }, ids.reader);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      image: { id: picture.id, width: 40, height: 30 },
      cover: { id: cover.id, width: 40, height: 30 },
    });
    const view = (await get('/api/members/rita-reader')).json() as ProfilePageView;
    expect(view.member.image?.id).toBe(picture.id);
    // Saving again with the same picture keeps it; null removes it.
    expect((await patch({ imageId: picture.id }, ids.reader)).statusCode).toBe(200);
    const removed = await patch({ imageId: null, coverImageId: null }, ids.reader);
    expect(removed.json()).toMatchObject({ image: null, cover: null });
  });

  it('refuses a picture the member did not upload, or that is not an image', async () => {
    const theirs = UploadedMediaSchema.parse((await uploadPng(ids.writer, 'profile')).json());
    const notMine = await patch({ imageId: theirs.id }, ids.reader);
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json().error.fields).toHaveProperty('imageId');
    const fileId = randomUUID();
    await harness.db.insert(media).values({
      siteId: harness.site.id,
      id: fileId,
      kind: 'file',
      fileName: 'notes.pdf',
      mimeType: 'application/pdf',
      ownerId: ids.reader,
    });
    const notImage = await patch({ coverImageId: fileId }, ids.reader);
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().error.fields).toHaveProperty('coverImageId');
    // A profile upload is an image or nothing.
    const pdf = await harness.app.inject({
      method: 'POST',
      url: '/api/editor/media?purpose=profile',
      headers: {
        host: harness.site.host,
        [TEST_MEMBER_HEADER]: ids.reader,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      },
      payload: multipart('file', Buffer.from('%PDF-1.4\n'), 'notes.pdf'),
    });
    expect(pdf.statusCode).toBe(400);
  });

  it('changes nothing of another site’s member', async () => {
    const response = await patch({ name: 'Hijack' }, ids.elsewhere);
    // The header names no member of this site: a visitor.
    expect(response.statusCode).toBe(401);
    const view = (await get('/api/members/olga-other', undefined, otherSite.host)).json();
    expect(view.member.name).toBe('Olga Other');
  });
});

const BOUNDARY = '----inkwell-members-boundary';

function multipart(kind: string, content: Buffer, fileName: string): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\ncontent-disposition: form-data; name="kind"\r\n\r\n${kind}\r\n` +
        `--${BOUNDARY}\r\ncontent-disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        'content-type: application/octet-stream\r\n\r\n',
    ),
    content,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

async function uploadPng(as: string, purpose: string) {
  return harness.app.inject({
    method: 'POST',
    url: purpose ? `/api/editor/media?purpose=${purpose}` : '/api/editor/media',
    headers: {
      host: harness.site.host,
      [TEST_MEMBER_HEADER]: as,
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    },
    payload: multipart('image', await pngFixture(), 'me.png'),
  });
}
