/**
 * The editor's saving machine with a fake clock and a fake server behind a fake fetch: debounce,
 * one save at a time, retry that keeps the text, conflict that stops autosaving, the local copy.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EditorPostView } from '../../domain/post-editor';
import { EMPTY_POST_SEO } from '../../domain/seo';
import {
  AUTOSAVE_DEBOUNCE_MS,
  type AutosaveState,
  createAutosave,
  isLocalCopyWorthRestoring,
  localCopyKey,
  type PostDraft,
  readLocalCopy,
  type StorageLike,
} from './autosave';
import { createEditorApi } from './page-api';
import { EMPTY_SEO_DRAFT } from './seo-draft';

const SITE = 'site-1';
const POST_ID = '6f1c1f5e-3a52-4a3e-9d7b-5d8f0a1b2c3d';

function buildView(overrides: Partial<EditorPostView> = {}): EditorPostView {
  return {
    id: POST_ID,
    slug: 'draft-6f1c1f5e',
    status: 'unpublished',
    revision: 1,
    title: '',
    excerpt: '',
    content: { nodes: [] },
    coverImage: { isEnabled: true, mediaId: null, alt: '', isDecorative: false },
    categoryIds: [],
    tagIds: [],
    language: 'en',
    isCommentsDisabled: false,
    seo: EMPTY_POST_SEO,
    ownerId: 'member-1',
    firstPublishedDate: null,
    lastPublishedDate: null,
    scheduledPublishDate: null,
    updatedAt: '2026-11-21T10:00:00.000Z',
    permissions: {
      canEdit: true,
      canEditSettings: true,
      canToggleComments: true,
      canChangeLanguage: true,
      canSubmit: false,
      canSendBack: false,
      canPublish: true,
      canRevertToDraft: true,
      canEditSeo: true,
    },
    review: null,
    ...overrides,
  };
}

function emptyDraft(overrides: Partial<PostDraft> = {}): PostDraft {
  return {
    title: '',
    excerpt: '',
    content: { nodes: [] },
    coverImage: { isEnabled: true, mediaId: null },
    categoryIds: [],
    tagIds: [],
    language: 'en',
    seo: EMPTY_SEO_DRAFT,
    ...overrides,
  };
}

interface Call {
  method: string;
  url: string;
  body: Record<string, unknown> | undefined;
}

type Reply = { status: number; body?: unknown } | 'network-error';

/**
 * A fake editor server: keeps a post and its revision like the real one (409 when stale), unless
 * a scripted reply is queued for the next call.
 */
function fakeServer() {
  const calls: Call[] = [];
  const scripted: Reply[] = [];
  let post: EditorPostView | null = null;
  const fetchFn = vi.fn(async (url: string, init?: RequestInit) => {
    const body = init?.body
      ? (JSON.parse(String(init.body)) as Record<string, unknown>)
      : undefined;
    calls.push({ method: init?.method ?? 'GET', url, body });
    const next = scripted.shift();
    if (next === 'network-error') throw new TypeError('Failed to fetch');
    if (next) return Response.json(next.body ?? {}, { status: next.status });
    if (init?.method === 'POST' && url === '/api/editor/posts') {
      post = buildView({ title: String(body?.title ?? '') });
      return Response.json(post, { status: 201 });
    }
    if (init?.method === 'PUT' && post) {
      if (body?.revision !== post.revision) {
        return Response.json(
          { error: { code: 'edit-conflict', message: 'x', revision: post.revision } },
          { status: 409 },
        );
      }
      const { revision: _revision, ...fields } = body;
      post = { ...post, ...(fields as Partial<EditorPostView>), revision: post.revision + 1 };
      return Response.json(post);
    }
    return Response.json({ error: { code: 'post_not_found' } }, { status: 404 });
  });
  return {
    calls,
    fetchFn,
    api: createEditorApi(fetchFn),
    queue: (...replies: Reply[]) => scripted.push(...replies),
    get post() {
      return post;
    },
    set post(value) {
      post = value;
    },
    puts: () => calls.filter((c) => c.method === 'PUT'),
  };
}

function memoryStorage(): StorageLike & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

const clock = {
  now: () => Date.now(),
  setTimeout: (run: () => void, ms: number) => setTimeout(run, ms),
  clearTimeout: (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

function setup(options: { post?: EditorPostView | null; draft?: PostDraft } = {}) {
  const server = fakeServer();
  if (options.post) server.post = options.post;
  const storage = memoryStorage();
  const states: AutosaveState[] = [];
  const created: EditorPostView[] = [];
  const autosave = createAutosave({
    api: server.api,
    siteId: SITE,
    post: options.post ?? null,
    draft: options.draft ?? emptyDraft(),
    storage,
    clock,
    onChange: (state) => states.push(state),
    onCreated: (post) => created.push(post),
  });
  return { server, storage, states, created, autosave };
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-21T12:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('debounce and order', () => {
  it('waits for a quiet second, then creates the draft and saves everything in one PUT', async () => {
    const { server, autosave, created } = setup();
    autosave.edit({ title: 'H' });
    autosave.edit({ title: 'He' });
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DEBOUNCE_MS - 10);
    autosave.edit({ title: 'Hello' });
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DEBOUNCE_MS - 10);
    expect(server.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(20);
    expect(server.calls.map((c) => c.method)).toEqual(['POST', 'PUT']);
    expect(server.puts()[0]?.body).toMatchObject({ revision: 1, title: 'Hello' });
    expect(created.map((p) => p.id)).toEqual([POST_ID]);
    expect(autosave.getState()).toMatchObject({
      status: 'saved',
      postId: POST_ID,
      revision: 2,
      hasUnsavedChanges: false,
    });
  });

  it('keeps one save in flight and sends the latest state after it, from the new revision', async () => {
    const { server, autosave } = setup({ post: buildView() });
    let release: (() => void) | undefined;
    const realFetch = server.fetchFn.getMockImplementation()!;
    server.fetchFn.mockImplementationOnce(async (url, init) => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return realFetch(url, init);
    });
    autosave.edit({ title: 'One' });
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DEBOUNCE_MS);
    expect(autosave.getState().status).toBe('saving');
    autosave.edit({ title: 'Two' });
    autosave.edit({ title: 'Three' });
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DEBOUNCE_MS * 3);
    // Still the one request, held by the server.
    expect(server.fetchFn).toHaveBeenCalledTimes(1);
    release?.();
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DEBOUNCE_MS);
    expect(server.puts().map((c) => [c.body?.title, c.body?.revision])).toEqual([
      ['One', 1],
      ['Three', 2],
    ]);
    expect(autosave.getState()).toMatchObject({ status: 'saved', revision: 3 });
  });

  it('flush saves at once and resolves when the server has every edit', async () => {
    const { server, autosave } = setup({ post: buildView() });
    expect(autosave.getState().status).toBe('saved');
    autosave.edit({ title: 'Now' });
    await expect(autosave.flush()).resolves.toBe(true);
    expect(server.puts()).toHaveLength(1);
    await expect(autosave.flush()).resolves.toBe(true);
    expect(server.puts()).toHaveLength(1);
  });
});

describe('live posts', () => {
  it('does not save edits on its own when automatic saving is off; flush (Update) saves them', async () => {
    const server = fakeServer();
    server.post = buildView({ status: 'published', title: 'Live' });
    const storage = memoryStorage();
    const autosave = createAutosave({
      api: server.api,
      siteId: SITE,
      post: server.post,
      draft: emptyDraft({ title: 'Live' }),
      isAutomatic: false,
      storage,
      clock,
      onChange: () => {},
    });
    autosave.edit({ title: 'Live, half edited' });
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DEBOUNCE_MS * 5);
    expect(server.puts()).toHaveLength(0);
    expect(autosave.getState()).toMatchObject({ status: 'pending', hasUnsavedChanges: true });
    expect(readLocalCopy(storage, localCopyKey(SITE, POST_ID))?.draft.title).toBe(
      'Live, half edited',
    );
    await expect(autosave.flush()).resolves.toBe(true);
    expect(server.post).toMatchObject({ title: 'Live, half edited', revision: 2 });
  });
});

describe('failures keep the text', () => {
  it('retries a save that got no answer, with backoff, and keeps the edits meanwhile', async () => {
    const { server, autosave, storage } = setup({ post: buildView() });
    server.queue('network-error', 'network-error');
    autosave.edit({ title: 'Precious words' });
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DEBOUNCE_MS);
    expect(autosave.getState()).toMatchObject({
      status: 'offline',
      hasUnsavedChanges: true,
      draft: { title: 'Precious words' },
    });
    expect(readLocalCopy(storage, localCopyKey(SITE, POST_ID))?.draft.title).toBe('Precious words');
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.puts()).toHaveLength(2);
    expect(autosave.getState().status).toBe('offline');
    // The second wait is longer.
    await vi.advanceTimersByTimeAsync(1900);
    expect(server.puts()).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(100);
    expect(server.puts()).toHaveLength(3);
    expect(server.puts()[2]?.body?.title).toBe('Precious words');
    expect(autosave.getState()).toMatchObject({ status: 'saved', hasUnsavedChanges: false });
    expect(server.post?.title).toBe('Precious words');
    expect(storage.data.size).toBe(0);
  });

  it('treats a 5xx like no answer, and a refusal as an error it does not retry', async () => {
    const { server, autosave } = setup({ post: buildView() });
    server.queue({ status: 503 });
    autosave.edit({ title: 'A' });
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DEBOUNCE_MS);
    expect(autosave.getState().status).toBe('offline');
    server.queue({
      status: 400,
      body: { error: { code: 'validation_failed', fields: { title: 'Too long' } } },
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(autosave.getState()).toMatchObject({
      status: 'error',
      error: { code: 'validation_failed', fields: { title: 'Too long' } },
      draft: { title: 'A' },
    });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.puts()).toHaveLength(2);
    autosave.edit({ title: 'AB' });
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DEBOUNCE_MS);
    expect(autosave.getState().status).toBe('saved');
  });

  it('retries creating the draft when the first POST fails', async () => {
    const { server, autosave } = setup();
    server.queue('network-error');
    autosave.edit({ title: 'New' });
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DEBOUNCE_MS);
    expect(autosave.getState()).toMatchObject({ status: 'offline', postId: null });
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.calls.map((c) => c.method)).toEqual(['POST', 'POST', 'PUT']);
    expect(autosave.getState()).toMatchObject({ status: 'saved', postId: POST_ID });
  });
});

describe('conflicts', () => {
  it('stops autosaving on 409 edit-conflict and saves over the newer revision only when told', async () => {
    const { server, autosave } = setup({ post: buildView() });
    // Another writer saved twice meanwhile.
    server.post = { ...server.post!, title: 'Theirs', revision: 3 };
    autosave.edit({ title: 'Mine' });
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DEBOUNCE_MS);
    expect(autosave.getState()).toMatchObject({ status: 'conflict', conflictRevision: 3 });
    autosave.edit({ title: 'Mine, still' });
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DEBOUNCE_MS * 10);
    expect(server.puts()).toHaveLength(1);
    expect(server.post?.title).toBe('Theirs');
    await expect(autosave.flush()).resolves.toBe(false);

    await expect(autosave.overwrite()).resolves.toBe(true);
    expect(server.puts().at(-1)?.body).toMatchObject({ revision: 3, title: 'Mine, still' });
    expect(server.post).toMatchObject({ title: 'Mine, still', revision: 4 });
    expect(autosave.getState()).toMatchObject({ status: 'saved', revision: 4 });
  });

  it('reloading the newer version replaces the draft and clears the local copy', async () => {
    const { server, autosave, storage } = setup({ post: buildView() });
    server.post = { ...server.post!, title: 'Theirs', revision: 2 };
    autosave.edit({ title: 'Mine' });
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DEBOUNCE_MS);
    expect(autosave.getState().status).toBe('conflict');
    autosave.accept(server.post!, { replaceDraft: true });
    expect(autosave.getState()).toMatchObject({
      status: 'saved',
      revision: 2,
      draft: { title: 'Theirs' },
      hasUnsavedChanges: false,
    });
    expect(storage.data.size).toBe(0);
    autosave.edit({ title: 'Theirs, edited' });
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DEBOUNCE_MS);
    expect(server.post).toMatchObject({ title: 'Theirs, edited', revision: 3 });
  });
});

describe('the local copy', () => {
  it('is written on every change under the site and post, and moves from new to the post id', async () => {
    const { server, autosave, storage } = setup();
    server.queue('network-error');
    autosave.edit({ title: 'Draft one' });
    expect(readLocalCopy(storage, localCopyKey(SITE, null))).toMatchObject({
      draft: { title: 'Draft one' },
      baseRevision: null,
      savedAt: '2026-11-21T12:00:00.000Z',
    });
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DEBOUNCE_MS);
    expect(readLocalCopy(storage, localCopyKey(SITE, null))).not.toBeNull();
    server.queue({ status: 201, body: buildView() }, 'network-error');
    await vi.advanceTimersByTimeAsync(1000);
    expect(readLocalCopy(storage, localCopyKey(SITE, null))).toBeNull();
    expect(readLocalCopy(storage, localCopyKey(SITE, POST_ID))?.draft.title).toBe('Draft one');
  });

  it('is offered back only when it is newer than the server version and differs from it', () => {
    const server = { draft: emptyDraft({ title: 'Saved' }), updatedAt: '2026-11-21T10:00:00Z' };
    const newer = {
      draft: emptyDraft({ title: 'Unsaved' }),
      savedAt: '2026-11-21T11:00:00Z',
      baseRevision: 1,
    };
    expect(isLocalCopyWorthRestoring(newer, server)).toBe(true);
    expect(isLocalCopyWorthRestoring({ ...newer, savedAt: '2026-11-21T09:00:00Z' }, server)).toBe(
      false,
    );
    expect(isLocalCopyWorthRestoring({ ...newer, draft: server.draft }, server)).toBe(false);
    expect(isLocalCopyWorthRestoring(null, server)).toBe(false);
    // A new post: anything typed is worth offering.
    expect(isLocalCopyWorthRestoring(newer, { draft: emptyDraft(), updatedAt: null })).toBe(true);
  });

  it('ignores unreadable copies', () => {
    const storage = memoryStorage();
    storage.setItem('k', '{not json');
    expect(readLocalCopy(storage, 'k')).toBeNull();
    storage.setItem('k', JSON.stringify({ savedAt: 1 }));
    expect(readLocalCopy(storage, 'k')).toBeNull();
    expect(readLocalCopy(null, 'k')).toBeNull();
  });

  it('a restored copy counts as unsaved and is saved after the debounce', async () => {
    const server = fakeServer();
    server.post = buildView();
    const autosave = createAutosave({
      api: server.api,
      siteId: SITE,
      post: server.post,
      draft: emptyDraft({ title: 'Restored' }),
      isDirty: true,
      storage: memoryStorage(),
      clock,
      onChange: () => {},
    });
    expect(autosave.getState()).toMatchObject({ hasUnsavedChanges: true, status: 'pending' });
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DEBOUNCE_MS);
    expect(server.post).toMatchObject({ title: 'Restored', revision: 2 });
    autosave.dispose();
  });
});
