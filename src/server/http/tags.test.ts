/**
 * `POST /api/editor/tags` through HTTP (issue 4): a writer creates a tag, gets the existing one
 * for a label in another case, is told which field is wrong, and finds the tag on a published
 * post; visitors and members who may not create tags are refused.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EditorPostView } from '../../domain/post-editor';
import type { EditorTagView } from '../../domain/tags';
import { documentOf, paragraph } from '../../rich-content/document';
import { tags } from '../db/schema.server';
import {
  createMember,
  createTag,
  createTestSite,
  type TestSite,
} from '../testing/factories.server';
import { setUpTestApp } from '../testing/test-app.server';
import { TEST_MEMBER_HEADER } from './actor.server';

const harness = setUpTestApp({ withTestRoutes: true });
let otherSite: TestSite;
const members = { writer: '', guestWriter: '', user: '', otherSiteWriter: '' };

beforeAll(async () => {
  const { db, site } = harness;
  otherSite = await createTestSite(db);
  members.writer = (await createMember(db, site.id, { role: 'writer' })).id;
  members.guestWriter = (await createMember(db, site.id, { role: 'guest-writer' })).id;
  members.user = (await createMember(db, site.id, { role: 'user' })).id;
  members.otherSiteWriter = (await createMember(db, otherSite.id, { role: 'writer' })).id;
  await createTag(db, site.id, { slug: 'coffee', label: 'Coffee' });
  // Another site's tag of the same label does not count.
  await createTag(db, otherSite.id, { slug: 'tea', label: 'Tea' });
});

function createTagAs(member: string | null, payload: unknown, host = harness.site.host) {
  const headers: Record<string, string> = { host };
  if (member) headers[TEST_MEMBER_HEADER] = member;
  return harness.app.inject({
    method: 'POST',
    url: '/api/editor/tags',
    headers,
    payload: payload as object,
  });
}

async function siteTags(siteId: string) {
  return harness.db
    .select({ slug: tags.slug, label: tags.label })
    .from(tags)
    .where(eq(tags.siteId, siteId));
}

describe('POST /api/editor/tags', () => {
  it('creates a tag with a slug by the slug rules, and lists it on the API at once', async () => {
    const response = await createTagAs(members.writer, { label: '  Night   trains ' });
    expect(response.statusCode).toBe(201);
    const tag = response.json() as EditorTagView;
    expect(tag).toEqual({ id: expect.any(String), slug: 'night-trains', label: 'Night trains' });
    const [row] = await harness.db
      .select()
      .from(tags)
      .where(and(eq(tags.siteId, harness.site.id), eq(tags.id, tag.id)));
    expect(row).toMatchObject({ label: 'Night trains', slug: 'night-trains', postCount: 0 });
    // The reader's memoised tag list knows it at once.
    const listed = await harness.app.inject({
      method: 'GET',
      url: '/api/tags',
      headers: { host: harness.site.host },
    });
    expect(JSON.stringify(listed.json())).toContain('night-trains');
    // Guest-writers may create tags too (SPEC §6).
    expect((await createTagAs(members.guestWriter, { label: 'Sleepers' })).statusCode).toBe(201);
  });

  it('returns the existing tag for the same label in another case, never a twin', async () => {
    const response = await createTagAs(members.writer, { label: '#COFFEE' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ slug: 'coffee', label: 'Coffee' });
    expect(
      (await siteTags(harness.site.id)).filter((t) => t.label.toLowerCase() === 'coffee'),
    ).toHaveLength(1);
    // Another site's tag is not this site's: "Tea" is new here.
    expect((await createTagAs(members.writer, { label: 'tea' })).statusCode).toBe(201);
  });

  it('keeps slugs unique and clear of reserved words', async () => {
    const first = (await createTagAs(members.writer, { label: 'Café crème' })).json();
    const second = (await createTagAs(members.writer, { label: 'Cafe creme!' })).json();
    expect(first.slug).toBe('cafe-creme');
    expect(second.slug).toBe('cafe-creme-2');
    const reserved = await createTagAs(members.writer, { label: 'New' });
    expect(reserved.statusCode).toBe(201);
    expect(reserved.json().slug).toBe('new-tag');
  });

  it('refuses a bad label with 400 naming the field', async () => {
    for (const label of ['   ', '#', '!!!', 'x'.repeat(51)]) {
      const response = await createTagAs(members.writer, { label });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'validation_failed' });
      expect(Object.keys(response.json().error.fields)).toEqual(['label']);
    }
    expect((await createTagAs(members.writer, {})).statusCode).toBe(400);
    expect((await createTagAs(members.writer, { label: 'ok', slug: 'x' })).statusCode).toBe(400);
  });

  it('asks a visitor to log in and refuses members who may not create tags', async () => {
    const before = (await siteTags(harness.site.id)).length;
    const visitor = await createTagAs(null, { label: 'Visitors tag' });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error.code).toBe('login-required');
    const user = await createTagAs(members.user, { label: 'Readers tag' });
    expect(user.statusCode).toBe(403);
    expect(user.json().error.code).toBe('forbidden');
    // A member of another site is a visitor here.
    expect((await createTagAs(members.otherSiteWriter, { label: 'Strangers' })).statusCode).toBe(
      401,
    );
    expect((await siteTags(harness.site.id)).length).toBe(before);
  });

  it('a new tag can be put on a post at once and shows on the published post', async () => {
    const tag = (await createTagAs(members.writer, { label: 'Fresh tag' })).json() as EditorTagView;
    const headers = { host: harness.site.host, [TEST_MEMBER_HEADER]: members.writer };
    const created = await harness.app.inject({
      method: 'POST',
      url: '/api/editor/posts',
      headers,
      payload: { title: 'Tagged at once' },
    });
    const draft = created.json() as EditorPostView;
    const saved = await harness.app.inject({
      method: 'PUT',
      url: `/api/editor/posts/${draft.id}`,
      headers,
      payload: {
        revision: draft.revision,
        tagIds: [tag.id],
        content: documentOf([paragraph('Tagged the moment the tag was made.')]),
      },
    });
    expect(saved.statusCode).toBe(200);
    const published = await harness.app.inject({
      method: 'POST',
      url: `/api/editor/posts/${draft.id}/publish`,
      headers,
      payload: {},
    });
    expect(published.statusCode).toBe(200);
    const post = await harness.app.inject({
      method: 'GET',
      url: `/api/posts/slug/${published.json().slug}`,
      headers: { host: harness.site.host },
    });
    expect(post.statusCode).toBe(200);
    expect(post.json().tags).toEqual([expect.objectContaining({ id: tag.id, label: 'Fresh tag' })]);
  });
});
