/**
 * The review flow and the revision history (issue 17, decision 034) through HTTP, on PGlite and
 * PostgreSQL: a guest-writer submits (never publishes, schedules or sends back, even with the UI
 * bypassed), editors and owners are told, an editor sends back with a note or publishes, the
 * writer is told; every save keeps a revision, autosaves coalesce, restore is a new revision.
 * Every action × role: allowed roles succeed, others 403, a visitor 401.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { NotificationsPageView } from '../../domain/notifications';
import type { Role } from '../../domain/permissions';
import type { EditorPostView } from '../../domain/post-editor';
import { REVIEW_NOTE_MAX_LENGTH } from '../../domain/post-review';
import type { PostRevisionDetailView, PostRevisionsPageView } from '../../domain/post-revisions';
import type { FeedPageView } from '../../domain/views';
import { documentOf, heading, paragraph } from '../../rich-content/document';
import { notifications, postRevisions, posts } from '../db/schema.server';
import { countInReview } from '../services/post-editor.server';
import { buildPost, createMember, createTestSite } from '../testing/factories.server';
import { setUpTestApp } from '../testing/test-app.server';
import { TEST_MEMBER_HEADER } from './actor.server';

const harness = setUpTestApp({ withTestRoutes: true });

type Who = { id: string } | null;
const members: Partial<Record<Role, { id: string }>> = {};
let guestWriter: { id: string };
let otherGuestWriter: { id: string };
let blockedEditor: { id: string };

const bodyOf = (words: string) => documentOf([heading(2, 'Draft'), paragraph(words)]);

beforeAll(async () => {
  const { db, site } = harness;
  for (const role of ['user', 'guest-writer', 'writer', 'editor', 'owner'] as const) {
    members[role] = await createMember(db, site.id, { role });
  }
  guestWriter = members['guest-writer']!;
  otherGuestWriter = await createMember(db, site.id, { role: 'guest-writer' });
  blockedEditor = await createMember(db, site.id, { role: 'editor', isBlocked: true });
});

const as = (role: Role) => members[role]!;

function call(method: 'GET' | 'POST' | 'PUT', url: string, who: Who, payload?: object) {
  const headers: Record<string, string> = { host: harness.site.host };
  if (who) headers[TEST_MEMBER_HEADER] = who.id;
  return harness.app.inject({ method, url, headers, payload });
}

/** A guest-writer's complete draft, saved once (so its history has a first revision). */
async function draftOf(who: { id: string }, title = 'Notes from the night ferry') {
  const created = await call('POST', '/api/editor/posts', who, { title });
  expect(created.statusCode).toBe(201);
  const draft: EditorPostView = created.json();
  const saved = await call('PUT', `/api/editor/posts/${draft.id}`, who, {
    revision: draft.revision,
    content: bodyOf('The ferry left at midnight and the gulls followed it.'),
  });
  expect(saved.statusCode).toBe(200);
  return saved.json<EditorPostView>();
}

async function submitted(who = guestWriter, title?: string) {
  const draft = await draftOf(who, title);
  const response = await call('POST', `/api/editor/posts/${draft.id}/submit`, who, {
    revision: draft.revision,
  });
  expect(response.statusCode).toBe(200);
  return response.json<EditorPostView>();
}

async function notificationsOf(who: { id: string }) {
  const response = await call('GET', '/api/notifications?page=1&pageSize=50', who);
  expect(response.statusCode).toBe(200);
  return response.json<NotificationsPageView>().notifications;
}

async function revisionsOf(postId: string, who: Who = guestWriter, query = '') {
  const response = await call('GET', `/api/editor/posts/${postId}/revisions${query}`, who);
  expect(response.statusCode).toBe(200);
  return response.json<PostRevisionsPageView>();
}

async function feedIds(): Promise<string[]> {
  const response = await call('GET', '/api/posts?pageSize=50', null);
  return response.json<FeedPageView>().posts.map((p) => p.id);
}

describe('submitting for review (SPEC §6 guest-writer, decision 034)', () => {
  it('a guest-writer submits; editors and owners are told; saving keeps it in review', async () => {
    const draft = await draftOf(guestWriter, 'A ferry at midnight');
    expect(draft.permissions).toMatchObject({ canPublish: false, canSubmit: true });

    const response = await call('POST', `/api/editor/posts/${draft.id}/submit`, guestWriter, {
      revision: draft.revision,
    });
    expect(response.statusCode).toBe(200);
    const post: EditorPostView = response.json();
    expect(post).toMatchObject({ status: 'in_review', revision: draft.revision + 1 });
    expect(post.permissions).toMatchObject({ canEdit: true, canSubmit: false, canPublish: false });
    expect(await feedIds()).not.toContain(draft.id);

    for (const role of ['editor', 'owner'] as const) {
      const told = (await notificationsOf(as(role))).filter(
        (n) => n.event.kind === 'post-submitted' && n.event.post.id === draft.id,
      );
      expect(told).toHaveLength(1);
      expect(told[0]!.link).toBe(`/blog/${draft.id}/edit`);
      expect(told[0]!.event.actor?.id).toBe(guestWriter.id);
    }
    // A blocked editor is a guest (SPEC §6): no notification is stored for them.
    const blockedRows = await harness.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(
        and(
          eq(notifications.siteId, harness.site.id),
          eq(notifications.memberId, blockedEditor.id),
        ),
      );
    expect(blockedRows).toEqual([]);
    for (const who of [as('writer'), as('user'), guestWriter]) {
      const told = (await notificationsOf(who)).filter((n) => n.event.kind === 'post-submitted');
      expect(told.filter((n) => 'post' in n.event && n.event.post.id === draft.id)).toEqual([]);
    }

    // Editing a submitted post keeps it waiting ("updated in moderation").
    const saved = await call('PUT', `/api/editor/posts/${draft.id}`, guestWriter, {
      revision: post.revision,
      title: 'A ferry at midnight, revised',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      status: 'in_review',
      title: 'A ferry at midnight, revised',
    });

    const again = await call('POST', `/api/editor/posts/${draft.id}/submit`, guestWriter, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('post_in_review');
  });

  it('a guest-writer never publishes nor schedules, before or after submitting (UI bypassed)', async () => {
    const draft = await draftOf(guestWriter);
    const scheduledFor = new Date(Date.now() + 86_400_000).toISOString();
    for (const payload of [{}, { scheduledFor }]) {
      const publish = await call(
        'POST',
        `/api/editor/posts/${draft.id}/publish`,
        guestWriter,
        payload,
      );
      expect(publish.statusCode).toBe(403);
      expect(publish.json().error.code).toBe('forbidden');
    }
    const post = await submitted();
    for (const payload of [{}, { scheduledFor }]) {
      const publish = await call(
        'POST',
        `/api/editor/posts/${post.id}/publish`,
        guestWriter,
        payload,
      );
      expect(publish.statusCode).toBe(403);
    }
    const sendBack = await call('POST', `/api/editor/posts/${post.id}/send-back`, guestWriter, {
      note: 'Looks good to me',
    });
    expect(sendBack.statusCode).toBe(403);
    const [row] = await harness.db
      .select({ status: posts.status })
      .from(posts)
      .where(and(eq(posts.siteId, harness.site.id), eq(posts.id, post.id)));
    expect(row!.status).toBe('in_review');
  });

  it('refuses a submission to others (403), a visitor (401), an incomplete draft (400)', async () => {
    const draft = await draftOf(guestWriter);
    const url = `/api/editor/posts/${draft.id}/submit`;
    for (const who of [otherGuestWriter, as('user'), as('writer')]) {
      expect((await call('POST', url, who, {})).statusCode).toBe(403);
    }
    expect((await call('POST', url, null, {})).statusCode).toBe(401);
    // A writer and an editor may submit their own drafts too (they may also publish them).
    const writerDraft = await draftOf(as('writer'));
    const own = await call('POST', `/api/editor/posts/${writerDraft.id}/submit`, as('writer'), {});
    expect(own.statusCode).toBe(200);

    const empty = await call('POST', '/api/editor/posts', guestWriter, { title: 'Only a title' });
    const emptyId = empty.json<EditorPostView>().id;
    const incomplete = await call('POST', `/api/editor/posts/${emptyId}/submit`, guestWriter, {});
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().error).toMatchObject({
      code: 'post_content_required',
      fields: { content: 'is required' },
    });
    // A stale revision is the usual conflict.
    const stale = await call('POST', url, guestWriter, { revision: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('edit-conflict');
  });
});

describe('answering a submission (editors: publish, schedule, send back)', () => {
  it('an editor sends back with a note; the writer is told and reads it in the editor', async () => {
    const post = await submitted(guestWriter, 'Gulls over the harbour');
    const note = 'Lovely start. Could you add where the ferry was going?';
    const url = `/api/editor/posts/${post.id}/send-back`;
    for (const who of [as('user'), as('writer'), guestWriter, blockedEditor]) {
      expect((await call('POST', url, who, { note })).statusCode).toBe(403);
    }
    expect((await call('POST', url, null, { note })).statusCode).toBe(401);

    const response = await call('POST', url, as('editor'), { note: `  ${note}  ` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'unpublished', review: { note } });

    const told = (await notificationsOf(guestWriter)).find(
      (n) => n.event.kind === 'post-reviewed' && n.event.post.id === post.id,
    );
    expect(told?.event).toMatchObject({
      outcome: 'sent-back',
      note,
      actor: { id: as('editor').id },
    });
    expect(told?.link).toBe(`/blog/${post.id}/edit`);

    const opened = await call('GET', `/api/editor/posts/${post.id}`, guestWriter);
    expect(opened.json<EditorPostView>().review).toMatchObject({
      note,
      by: { id: as('editor').id },
    });
    const history = await revisionsOf(post.id);
    expect(history.revisions[0]).toMatchObject({
      kind: 'send-back',
      note,
      summary: { statusFrom: 'in_review', statusTo: 'unpublished' },
    });

    // Submitting again clears the note from the editor.
    const resubmitted = await call('POST', `/api/editor/posts/${post.id}/submit`, guestWriter, {});
    expect(resubmitted.statusCode).toBe(200);
    const reopened = await call('GET', `/api/editor/posts/${post.id}`, as('editor'));
    expect(reopened.json<EditorPostView>().review).toBeNull();
    expect(reopened.json<EditorPostView>().permissions).toMatchObject({ canSendBack: true });

    // A draft is not sent back.
    const draft = await draftOf(guestWriter);
    const notWaiting = await call('POST', `/api/editor/posts/${draft.id}/send-back`, as('editor'), {
      note,
    });
    expect(notWaiting.statusCode).toBe(409);
    expect(notWaiting.json().error.code).toBe('post_not_in_review');
  });

  it('refuses a missing, blank or too long note with a 400 naming note', async () => {
    const post = await submitted();
    const url = `/api/editor/posts/${post.id}/send-back`;
    for (const payload of [
      {},
      { note: '' },
      { note: '   ' },
      { note: 'x'.repeat(REVIEW_NOTE_MAX_LENGTH + 1) },
    ]) {
      const response = await call('POST', url, as('editor'), payload);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().error.fields)).toEqual(['note']);
    }
    const longest = await call('POST', url, as('editor'), {
      note: 'y'.repeat(REVIEW_NOTE_MAX_LENGTH),
    });
    expect(longest.statusCode).toBe(200);
  });

  it('an editor publishes and an owner schedules; the writer hears each outcome', async () => {
    const first = await submitted(guestWriter, 'Published after review');
    const published = await call('POST', `/api/editor/posts/${first.id}/publish`, as('editor'), {
      revision: first.revision,
    });
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ status: 'published' });
    expect(await feedIds()).toContain(first.id);
    // A published post is locked for its guest-writer (SPEC §6).
    const locked = await call('PUT', `/api/editor/posts/${first.id}`, guestWriter, {
      revision: published.json().revision,
      title: 'Changed after publishing',
    });
    expect(locked.statusCode).toBe(403);

    const second = await submitted(guestWriter, 'Scheduled after review');
    const scheduledFor = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const scheduled = await call('POST', `/api/editor/posts/${second.id}/publish`, as('owner'), {
      scheduledFor,
    });
    expect(scheduled.json()).toMatchObject({ status: 'scheduled' });

    const outcomes = (await notificationsOf(guestWriter))
      .filter((n) => n.event.kind === 'post-reviewed')
      .map((n) =>
        n.event.kind === 'post-reviewed' ? [n.event.post.id, n.event.outcome, n.link] : [],
      );
    expect(outcomes).toContainEqual([first.id, 'published', `/blog/${published.json().slug}`]);
    expect(outcomes).toContainEqual([second.id, 'scheduled', `/blog/${second.id}/edit`]);
    expect((await revisionsOf(first.id, as('editor'))).revisions[0]).toMatchObject({
      kind: 'publish',
      author: { id: as('editor').id },
    });
  });

  it('counts the posts waiting, in review or in moderation, on its site only', async () => {
    const site = await createTestSite(harness.db);
    const owner = await createMember(harness.db, site.id, { role: 'writer' });
    expect(await countInReview(harness.db, site)).toBe(0);
    for (const status of ['in_review', 'in_moderation', 'unpublished', 'published'] as const) {
      await harness.app.services.postWriter.insertPost(buildPost(site.id, owner.id, { status }));
    }
    expect(await countInReview(harness.db, site)).toBe(2);
    expect(await harness.app.services.postEditor.countInReview(site)).toBe(2);
  });
});

describe('the revision history (issue 17)', () => {
  it('keeps a revision per save, coalesces one writer’s saves within 5 minutes', async () => {
    const draft = await draftOf(as('writer'), 'Coalescing');
    const url = `/api/editor/posts/${draft.id}`;
    const second = await call('PUT', url, as('writer'), {
      revision: draft.revision,
      content: bodyOf('The ferry left at midnight and the gulls followed it home.'),
    });
    let history = await revisionsOf(draft.id, as('writer'));
    expect(history.revisions).toHaveLength(1);
    expect(history.revisions[0]).toMatchObject({
      number: 1,
      kind: 'save',
      author: { id: as('writer').id },
      summary: { wordsAdded: 12, wordsRemoved: 0 },
    });
    // A settings-only save changes no text: no revision.
    const settingsOnly = await call('PUT', url, as('writer'), {
      revision: second.json().revision,
      excerpt: 'A night crossing.',
    });
    expect(settingsOnly.statusCode).toBe(200);
    expect((await revisionsOf(draft.id, as('writer'))).revisions).toHaveLength(1);

    // Six minutes later (the revision backdated), the next save starts a new revision.
    await harness.db
      .update(postRevisions)
      .set({ createdAt: new Date(Date.now() - 6 * 60_000) })
      .where(and(eq(postRevisions.siteId, harness.site.id), eq(postRevisions.postId, draft.id)));
    const third = await call('PUT', url, as('writer'), {
      revision: settingsOnly.json().revision,
      title: 'Coalescing, later',
    });
    // Another member's save never folds into the writer's.
    await call('PUT', url, as('editor'), {
      revision: third.json().revision,
      content: bodyOf('An editor rewrote it.'),
    });
    history = await revisionsOf(draft.id, as('writer'));
    expect(history.revisions.map((r) => [r.number, r.kind, r.author?.id])).toEqual([
      [3, 'save', as('editor').id],
      [2, 'save', as('writer').id],
      [1, 'save', as('writer').id],
    ]);
    expect(history.revisions[1]!.summary).toMatchObject({ isTitleChanged: true, wordsAdded: 0 });
    expect(history.revisions[0]!.summary.wordsRemoved).toBeGreaterThan(0);

    // Paged newest first by number.
    const page = await revisionsOf(draft.id, as('writer'), '?limit=2');
    expect(page.revisions.map((r) => r.number)).toEqual([3, 2]);
    expect(page.nextCursor).toBe(2);
    const rest = await revisionsOf(draft.id, as('writer'), `?limit=2&cursor=${page.nextCursor}`);
    expect(rest.revisions.map((r) => r.number)).toEqual([1]);
    expect(rest.nextCursor).toBeNull();
    const bad = await call(
      'GET',
      `/api/editor/posts/${draft.id}/revisions?limit=500`,
      as('writer'),
    );
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(['limit']);
  });

  it('keeps the post as it was before its first recorded change (a baseline)', async () => {
    const seeded = buildPost(harness.site.id, as('writer').id, { title: 'Seeded long ago' });
    await harness.app.services.postWriter.insertPost(seeded);
    const opened = await call('GET', `/api/editor/posts/${seeded.id}`, as('writer'));
    await call('PUT', `/api/editor/posts/${seeded.id}`, as('writer'), {
      revision: opened.json().revision,
      title: 'Seeded, edited',
    });
    const history = await revisionsOf(seeded.id, as('writer'));
    expect(history.revisions.map((r) => [r.number, r.kind, r.title])).toEqual([
      [2, 'save', 'Seeded, edited'],
      [1, 'baseline', 'Seeded long ago'],
    ]);
  });

  it('restores an older revision as a new one; a stale base is a 409', async () => {
    const draft = await draftOf(as('writer'), 'Before');
    await harness.db
      .update(postRevisions)
      .set({ createdAt: new Date(Date.now() - 6 * 60_000) })
      .where(and(eq(postRevisions.siteId, harness.site.id), eq(postRevisions.postId, draft.id)));
    const changed = await call('PUT', `/api/editor/posts/${draft.id}`, as('writer'), {
      revision: draft.revision,
      title: 'After',
      content: bodyOf('Entirely different words now.'),
    });
    const current: EditorPostView = changed.json();

    const one = await call('GET', `/api/editor/posts/${draft.id}/revisions/1`, as('writer'));
    expect(one.statusCode).toBe(200);
    const detail: PostRevisionDetailView = one.json();
    expect(detail).toMatchObject({ number: 1, title: 'Before' });
    expect(JSON.stringify(detail.content)).toContain('gulls followed it');
    const missing = await call('GET', `/api/editor/posts/${draft.id}/revisions/99`, as('writer'));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('revision_not_found');

    const url = `/api/editor/posts/${draft.id}/revisions/1/restore`;
    const stale = await call('POST', url, as('writer'), { revision: draft.revision });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({ code: 'edit-conflict', revision: current.revision });
    const noBase = await call('POST', url, as('writer'), {});
    expect(noBase.statusCode).toBe(400);
    expect(Object.keys(noBase.json().error.fields)).toEqual(['revision']);

    const restored = await call('POST', url, as('writer'), { revision: current.revision });
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ title: 'Before', revision: current.revision + 1 });
    expect(JSON.stringify(restored.json().content)).toContain('gulls followed it');
    const history = await revisionsOf(draft.id, as('writer'));
    expect(history.revisions[0]).toMatchObject({
      number: 3,
      kind: 'restore',
      title: 'Before',
      summary: { restoredFrom: 1, isTitleChanged: true },
    });
  });

  it('lets whoever may edit the post read and restore its history, nobody else', async () => {
    const post = await draftOf(guestWriter, 'Whose history');
    const list = `/api/editor/posts/${post.id}/revisions`;
    const restore = `${list}/1/restore`;
    for (const who of [guestWriter, as('editor'), as('owner')]) {
      expect((await call('GET', list, who)).statusCode).toBe(200);
      expect((await call('GET', `${list}/1`, who)).statusCode).toBe(200);
    }
    for (const who of [otherGuestWriter, as('user'), as('writer'), blockedEditor]) {
      expect((await call('GET', list, who)).statusCode).toBe(403);
      expect((await call('GET', `${list}/1`, who)).statusCode).toBe(403);
      expect((await call('POST', restore, who, { revision: post.revision })).statusCode).toBe(403);
    }
    expect((await call('GET', list, null)).statusCode).toBe(401);
    expect((await call('POST', restore, null, { revision: post.revision })).statusCode).toBe(401);
    const byEditor = await call('POST', restore, as('editor'), { revision: post.revision });
    expect(byEditor.statusCode).toBe(200);

    // Once published, a guest-writer may not edit it, so not restore it either (SPEC §6).
    const sent = await submitted(guestWriter, 'Locked history');
    await call('POST', `/api/editor/posts/${sent.id}/publish`, as('editor'), {});
    const lockedList = `/api/editor/posts/${sent.id}/revisions`;
    expect((await call('GET', lockedList, guestWriter)).statusCode).toBe(403);
    expect((await call('GET', lockedList, as('editor'))).statusCode).toBe(200);
  });
});
