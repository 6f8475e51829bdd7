/**
 * The editor page's saving (issue 4 "Saving": the work is never lost): a small state machine, no
 * React, so every path is unit-tested with a fake clock and a fake API.
 *
 * - Edits are debounced (`AUTOSAVE_DEBOUNCE_MS`); one save is in flight at a time and the latest
 *   state is queued behind it, so the server only ever gets whole states in order.
 * - The first save creates the draft (`onCreated` lets the page move the address bar to the edit
 *   URL), then saves everything into it.
 * - A failed save (offline, 5xx) keeps the edits and retries with backoff.
 * - A 409 `edit-conflict` stops autosaving until the writer reloads the newer version or chooses
 *   to save over it (`overwrite`), never a silent overwrite.
 * - A local copy of the edits goes to storage on every change and is removed once the server has
 *   them, so a reload or a crash loses nothing (`readLocalCopy` offers it back).
 */
import type { CoverInput, EditorPostView, PostSave } from '../../domain/post-editor';
import type { ApiResult, EditorApi } from './page-api';

/** Quiet time after the last edit before a save (issue 4: about a second). */
export const AUTOSAVE_DEBOUNCE_MS = 1000;
/** Waits between retries of a failed save; the last repeats. */
export const RETRY_DELAYS_MS: readonly number[] = [1000, 2000, 5000, 10_000, 30_000];

/** Everything the writer edits. `content` is the rich-content document (SPEC §3). */
export interface PostDraft {
  title: string;
  excerpt: string;
  content: unknown;
  coverImage: CoverInput;
  categoryIds: string[];
  tagIds: string[];
  language: string;
}

/**
 * Where saving stands: `idle` nothing to save; `pending` edits wait for the debounce; `saving` a
 * save is in flight; `saved`; `offline` the last save got no answer and will retry; `error` the
 * server refused (not retried until the next edit); `conflict` a newer revision exists.
 */
export type SaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'offline' | 'error' | 'conflict';

/** A snapshot of the machine for the page to render. */
export interface AutosaveState {
  status: SaveStatus;
  postId: string | null;
  /** The revision the next save starts from. */
  revision: number | null;
  draft: PostDraft;
  /** Edits the server does not have yet. */
  hasUnsavedChanges: boolean;
  /** Set with `conflict`: the newer revision on the server. */
  conflictRevision: number | null;
  /** Set with `error`: the server's code and field messages. */
  error: { code: string; fields: Record<string, string> } | null;
  /** When the server last took a save (ISO). */
  savedAt: string | null;
}

/** The local copy of unsaved edits. */
export interface LocalCopy {
  draft: PostDraft;
  /** When the copy was written (ISO). */
  savedAt: string;
  /** The revision the edits started from (null for a post not yet created). */
  baseRevision: number | null;
}

/** The part of `Storage` the machine uses (localStorage in the browser). */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Timers and time (real ones in the browser, fake ones in tests). */
export interface Clock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The storage key of a post's local copy: per site, and per post id or `new`. */
export function localCopyKey(siteId: string, postId: string | null): string {
  return `inkwell:post-draft:${siteId}:${postId ?? 'new'}`;
}

/** Reads a local copy; anything unreadable counts as none. */
export function readLocalCopy(storage: StorageLike | null, key: string): LocalCopy | null {
  try {
    const text = storage?.getItem(key);
    if (!text) return null;
    const value = JSON.parse(text) as Partial<LocalCopy>;
    if (!value || typeof value.savedAt !== 'string' || !value.draft) return null;
    if (typeof value.draft.title !== 'string') return null;
    return value as LocalCopy;
  } catch {
    return null;
  }
}

/** The editable part of a post as the server has it. */
export function draftOf(post: EditorPostView): PostDraft {
  return {
    title: post.title,
    excerpt: post.excerpt,
    content: post.content,
    coverImage: post.coverImage,
    categoryIds: post.categoryIds,
    tagIds: post.tagIds,
    language: post.language,
  };
}

function sameDraft(a: PostDraft, b: PostDraft): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Whether to offer "Restore unsaved changes": the copy was written after the server's version
 * and holds something different from it (for a new post: anything typed at all).
 */
export function isLocalCopyWorthRestoring(
  copy: LocalCopy | null,
  server: { draft: PostDraft; updatedAt: string | null },
): copy is LocalCopy {
  if (!copy) return false;
  if (server.updatedAt !== null && Date.parse(copy.savedAt) <= Date.parse(server.updatedAt)) {
    return false;
  }
  return !sameDraft(copy.draft, server.draft);
}

export interface AutosaveOptions {
  api: EditorApi;
  siteId: string;
  /** The post being edited, or null for a new one (created by the first save). */
  post: EditorPostView | null;
  /** The draft to start from (the post's, a restored local copy, or a new post's defaults). */
  draft: PostDraft;
  storage: StorageLike | null;
  clock: Clock;
  /**
   * Save on its own after edits (drafts). Off for a live post: its edits wait for the writer's
   * Update (`flush`), so readers never see a half-made change; the local copy still keeps them.
   */
  isAutomatic?: boolean;
  /** The draft holds edits the server does not have (a restored local copy). */
  isDirty?: boolean;
  /** Called on every change of state. */
  onChange(state: AutosaveState): void;
  /** Called once the first save has created the post. */
  onCreated?(post: EditorPostView): void;
  /** Called with the server's view after every successful save. */
  onSaved?(post: EditorPostView): void;
  debounceMs?: number;
  retryDelaysMs?: readonly number[];
}

/** The machine's controls. */
export interface Autosave {
  getState(): AutosaveState;
  /** Applies the writer's change and schedules a save. */
  edit(patch: Partial<PostDraft>): void;
  /**
   * Saves now (no debounce) and resolves once the server has every edit (true), or the save
   * failed or conflicted (false). Publish and preview call this first.
   */
  flush(): Promise<boolean>;
  /** Turns saving on its own on or off (see `isAutomatic`). */
  setAutomatic(value: boolean): void;
  /** Saves on top of the newer revision (the writer confirmed the overwrite). */
  overwrite(): Promise<boolean>;
  /** Takes the server's version as the new starting point (after reload, publish, unpublish). */
  accept(post: EditorPostView, options?: { replaceDraft?: boolean }): void;
  /** Stops timers; nothing runs after it. */
  dispose(): void;
}

/** Builds the autosave machine. */
export function createAutosave(options: AutosaveOptions): Autosave {
  const { api, storage, clock, siteId } = options;
  const debounceMs = options.debounceMs ?? AUTOSAVE_DEBOUNCE_MS;
  const retryDelays = options.retryDelaysMs ?? RETRY_DELAYS_MS;
  let isAutomatic = options.isAutomatic ?? true;

  let state: AutosaveState = {
    // A loaded post is what the server has; a new one has nothing saved yet.
    status: options.isDirty ? 'pending' : options.post ? 'saved' : 'idle',
    postId: options.post?.id ?? null,
    revision: options.post?.revision ?? null,
    draft: options.draft,
    hasUnsavedChanges: options.isDirty ?? false,
    conflictRevision: null,
    error: null,
    savedAt: null,
  };
  /** Counts edits; `savedVersion` is the edit count the server has. */
  let version = 0;
  let savedVersion = 0;
  let timer: unknown = null;
  let inFlight = false;
  let retryAttempt = 0;
  let isDisposed = false;
  let waiters: ((ok: boolean) => void)[] = [];

  // A restored local copy is an edit the server has not seen: it saves like one.
  if (state.hasUnsavedChanges) {
    version = 1;
    if (isAutomatic) schedule(debounceMs);
  }

  function set(patch: Partial<AutosaveState>) {
    state = { ...state, ...patch };
    options.onChange(state);
  }

  function settleWaiters(ok: boolean) {
    const pending = waiters;
    waiters = [];
    for (const resolve of pending) resolve(ok);
  }

  function key() {
    return localCopyKey(siteId, state.postId);
  }

  function writeLocalCopy() {
    const copy: LocalCopy = {
      draft: state.draft,
      savedAt: new Date(clock.now()).toISOString(),
      baseRevision: state.revision,
    };
    try {
      storage?.setItem(key(), JSON.stringify(copy));
    } catch {
      // A full or blocked storage only loses the reload safety net; saving goes on.
    }
  }

  function clearLocalCopy() {
    try {
      storage?.removeItem(key());
    } catch {
      // See writeLocalCopy.
    }
  }

  function schedule(ms: number) {
    if (timer !== null) clock.clearTimeout(timer);
    timer = clock.setTimeout(() => {
      timer = null;
      void run();
    }, ms);
  }

  function saveBody(revision: number): PostSave {
    const { draft } = state;
    return {
      revision,
      title: draft.title,
      excerpt: draft.excerpt,
      content: draft.content,
      coverImage: draft.coverImage,
      categoryIds: draft.categoryIds,
      tagIds: draft.tagIds,
      language: draft.language,
    };
  }

  /** Handles a failed call; true when the machine should stop here. */
  function fail(result: Exclude<ApiResult, { kind: 'ok' }>) {
    if (result.kind === 'conflict') {
      set({ status: 'conflict', conflictRevision: result.revision });
      settleWaiters(false);
      return;
    }
    if (result.kind === 'network') {
      const delay = retryDelays[Math.min(retryAttempt, retryDelays.length - 1)] ?? 30_000;
      retryAttempt += 1;
      set({ status: 'offline' });
      settleWaiters(false);
      schedule(delay);
      return;
    }
    set({ status: 'error', error: { code: result.code, fields: result.fields } });
    settleWaiters(false);
  }

  async function run(): Promise<void> {
    if (isDisposed || inFlight || state.status === 'conflict') return;
    if (savedVersion === version) {
      if (state.status === 'pending') set({ status: state.postId ? 'saved' : 'idle' });
      settleWaiters(true);
      return;
    }
    inFlight = true;
    const target = version;
    set({ status: 'saving', error: null });
    try {
      if (state.postId === null) {
        const created = await api.create({
          title: state.draft.title,
          language: state.draft.language,
        });
        if (isDisposed) return;
        if (created.kind !== 'ok') return fail(created);
        // The copy written under 'new' moves to the post's own key.
        clearLocalCopy();
        set({ postId: created.post.id, revision: created.post.revision });
        writeLocalCopy();
        options.onCreated?.(created.post);
      }
      const result = await api.save(state.postId!, saveBody(state.revision!));
      if (isDisposed) return;
      if (result.kind !== 'ok') return fail(result);
      retryAttempt = 0;
      savedVersion = target;
      const isCurrent = savedVersion === version;
      if (isCurrent) clearLocalCopy();
      set({
        revision: result.post.revision,
        status: isCurrent ? 'saved' : 'pending',
        hasUnsavedChanges: !isCurrent,
        savedAt: new Date(clock.now()).toISOString(),
        error: null,
      });
      options.onSaved?.(result.post);
      if (isCurrent) settleWaiters(true);
    } finally {
      inFlight = false;
      // Edits made while the save was in flight go next (without another debounce if waited on).
      if (!isDisposed && savedVersion !== version && state.status === 'pending') {
        if (waiters.length > 0) schedule(0);
        else if (isAutomatic) schedule(debounceMs);
      }
    }
  }

  return {
    getState: () => state,
    edit(patch) {
      if (isDisposed) return;
      version += 1;
      const isConflict = state.status === 'conflict';
      set({
        draft: { ...state.draft, ...patch },
        hasUnsavedChanges: true,
        status: isConflict ? 'conflict' : inFlight ? 'saving' : 'pending',
      });
      writeLocalCopy();
      if (isConflict) return;
      retryAttempt = 0;
      // While a save is in flight the new state waits for it (see run's finally).
      if (!inFlight && isAutomatic) schedule(debounceMs);
    },
    setAutomatic(value) {
      isAutomatic = value;
      if (!value && timer !== null && state.status === 'pending') {
        clock.clearTimeout(timer);
        timer = null;
      }
    },
    flush,
    overwrite() {
      if (state.status !== 'conflict' || state.conflictRevision === null) {
        return Promise.resolve(false);
      }
      // The writer chose their version: save it on top of the newer revision.
      if (savedVersion === version) version += 1;
      set({ status: 'pending', revision: state.conflictRevision, conflictRevision: null });
      return flush();
    },
    accept,
    dispose() {
      isDisposed = true;
      if (timer !== null) clock.clearTimeout(timer);
      timer = null;
      settleWaiters(false);
    },
  };

  function flush(): Promise<boolean> {
    if (isDisposed) return Promise.resolve(false);
    if (state.status === 'conflict') return Promise.resolve(false);
    if (savedVersion === version && !inFlight) return Promise.resolve(true);
    const done = new Promise<boolean>((resolve) => waiters.push(resolve));
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
    if (!inFlight) {
      if (state.status !== 'saving') set({ status: 'pending' });
      void run();
    }
    return done;
  }

  function accept(post: EditorPostView, { replaceDraft = false } = {}): void {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
    retryAttempt = 0;
    if (replaceDraft) {
      version += 1;
      savedVersion = version;
      clearLocalCopy();
    }
    const isCurrent = savedVersion === version;
    set({
      postId: post.id,
      revision: post.revision,
      draft: replaceDraft ? draftOf(post) : state.draft,
      status: isCurrent ? 'saved' : 'pending',
      hasUnsavedChanges: !isCurrent,
      conflictRevision: null,
      error: null,
    });
    if (!isCurrent) schedule(debounceMs);
  }
}
