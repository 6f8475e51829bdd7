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
import type { CoverInput, EditorPostView } from '../../domain/post-editor';
import {
  type AutosaveMachine,
  accept,
  clearTimer,
  edit,
  flush,
  overwrite,
  schedule,
  settleWaiters,
} from './autosave-machine';
import type { EditorApi } from './page-api';
import { EMPTY_SEO_DRAFT, type SeoDraft, seoDraftOf } from './seo-draft';

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
  /** The per-post SEO fields and the slug (issue 19). */
  seo: SeoDraft;
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
    // A copy written before issue 19 has no SEO part: the post had none then.
    if (!value.draft.seo)
      return { ...value, draft: { ...value.draft, seo: EMPTY_SEO_DRAFT } } as LocalCopy;
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
    seo: seoDraftOf(post),
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

/** Builds the autosave machine (its steps are in `autosave-machine.ts`). */
export function createAutosave(options: AutosaveOptions): Autosave {
  const m: AutosaveMachine = {
    options,
    debounceMs: options.debounceMs ?? AUTOSAVE_DEBOUNCE_MS,
    retryDelays: options.retryDelaysMs ?? RETRY_DELAYS_MS,
    isAutomatic: options.isAutomatic ?? true,
    state: {
      // A loaded post is what the server has; a new one has nothing saved yet.
      status: options.isDirty ? 'pending' : options.post ? 'saved' : 'idle',
      postId: options.post?.id ?? null,
      revision: options.post?.revision ?? null,
      draft: options.draft,
      hasUnsavedChanges: options.isDirty ?? false,
      conflictRevision: null,
      error: null,
      savedAt: null,
    },
    version: 0,
    savedVersion: 0,
    timer: null,
    inFlight: false,
    retryAttempt: 0,
    isDisposed: false,
    waiters: [],
    key: () => localCopyKey(options.siteId, m.state.postId),
  };

  // A restored local copy is an edit the server has not seen: it saves like one.
  if (m.state.hasUnsavedChanges) {
    m.version = 1;
    if (m.isAutomatic) schedule(m, m.debounceMs);
  }

  return {
    getState: () => m.state,
    edit: (patch) => edit(m, patch),
    setAutomatic(value) {
      m.isAutomatic = value;
      if (!value && m.timer !== null && m.state.status === 'pending') clearTimer(m);
    },
    flush: () => flush(m),
    overwrite: () => overwrite(m),
    accept: (post, { replaceDraft = false } = {}) =>
      accept(m, post, replaceDraft ? draftOf(post) : null),
    dispose() {
      m.isDisposed = true;
      clearTimer(m);
      settleWaiters(m, false);
    },
  };
}
