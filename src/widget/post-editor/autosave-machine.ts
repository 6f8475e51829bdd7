/**
 * The autosave machine's inner steps (see `autosave.ts`, whose `createAutosave` is the facade):
 * its state lives in one `AutosaveMachine` object, and every step is a function of it, so that no
 * closure grows to the size of a module (issue 16 §3).
 */
import type { EditorPostView, PostSave } from '../../domain/post-editor';
import type { AutosaveOptions, AutosaveState, LocalCopy, PostDraft } from './autosave';
import type { ApiResult } from './page-api';
import { seoSaveFields } from './seo-draft';

/** The machine's state: what the page sees (`state`) and the counters and timers behind it. */
export interface AutosaveMachine {
  options: AutosaveOptions;
  debounceMs: number;
  retryDelays: readonly number[];
  isAutomatic: boolean;
  state: AutosaveState;
  /** Counts edits; `savedVersion` is the edit count the server has. */
  version: number;
  savedVersion: number;
  timer: unknown;
  inFlight: boolean;
  retryAttempt: number;
  isDisposed: boolean;
  waiters: ((ok: boolean) => void)[];
  /** The storage key of the local copy of the post being edited (`localCopyKey`). */
  key(): string;
}

/** Applies a change of state and tells the page. */
export function set(m: AutosaveMachine, patch: Partial<AutosaveState>) {
  m.state = { ...m.state, ...patch };
  m.options.onChange(m.state);
}

/** Resolves everyone waiting on `flush`. */
export function settleWaiters(m: AutosaveMachine, ok: boolean) {
  const pending = m.waiters;
  m.waiters = [];
  for (const resolve of pending) resolve(ok);
}

/** Writes the local copy of the edits (the reload safety net). */
export function writeLocalCopy(m: AutosaveMachine) {
  const copy: LocalCopy = {
    draft: m.state.draft,
    savedAt: new Date(m.options.clock.now()).toISOString(),
    baseRevision: m.state.revision,
  };
  try {
    m.options.storage?.setItem(m.key(), JSON.stringify(copy));
  } catch {
    // A full or blocked storage only loses the reload safety net; saving goes on.
  }
}

/** Removes the local copy once the server has the edits. */
export function clearLocalCopy(m: AutosaveMachine) {
  try {
    m.options.storage?.removeItem(m.key());
  } catch {
    // See writeLocalCopy.
  }
}

/** Stops the pending timer, if any. */
export function clearTimer(m: AutosaveMachine) {
  if (m.timer !== null) m.options.clock.clearTimeout(m.timer);
  m.timer = null;
}

/** Runs a save after `ms` (replacing a pending one). */
export function schedule(m: AutosaveMachine, ms: number) {
  if (m.timer !== null) m.options.clock.clearTimeout(m.timer);
  m.timer = m.options.clock.setTimeout(() => {
    m.timer = null;
    void run(m);
  }, ms);
}

function saveBody(draft: PostDraft, revision: number): PostSave {
  return {
    revision,
    title: draft.title,
    excerpt: draft.excerpt,
    content: draft.content,
    coverImage: draft.coverImage,
    categoryIds: draft.categoryIds,
    tagIds: draft.tagIds,
    language: draft.language,
    ...seoSaveFields(draft.seo),
  };
}

/** Handles a failed call; true when the machine should stop here. */
function fail(m: AutosaveMachine, result: Exclude<ApiResult, { kind: 'ok' }>) {
  if (result.kind === 'conflict') {
    set(m, { status: 'conflict', conflictRevision: result.revision });
    settleWaiters(m, false);
    return;
  }
  if (result.kind === 'network') {
    const delay = m.retryDelays[Math.min(m.retryAttempt, m.retryDelays.length - 1)] ?? 30_000;
    m.retryAttempt += 1;
    set(m, { status: 'offline' });
    settleWaiters(m, false);
    schedule(m, delay);
    return;
  }
  set(m, { status: 'error', error: { code: result.code, fields: result.fields } });
  settleWaiters(m, false);
}

/** One save (creating the post first when it is new); the next one is queued behind it. */
export async function run(m: AutosaveMachine): Promise<void> {
  const { api, clock } = m.options;
  if (m.isDisposed || m.inFlight || m.state.status === 'conflict') return;
  if (m.savedVersion === m.version) {
    if (m.state.status === 'pending') set(m, { status: m.state.postId ? 'saved' : 'idle' });
    settleWaiters(m, true);
    return;
  }
  m.inFlight = true;
  const target = m.version;
  set(m, { status: 'saving', error: null });
  try {
    if (m.state.postId === null) {
      const created = await api.create({
        title: m.state.draft.title,
        language: m.state.draft.language,
      });
      if (m.isDisposed) return;
      if (created.kind !== 'ok') return fail(m, created);
      // The copy written under 'new' moves to the post's own key.
      clearLocalCopy(m);
      set(m, { postId: created.post.id, revision: created.post.revision });
      writeLocalCopy(m);
      m.options.onCreated?.(created.post);
    }
    const result = await api.save(m.state.postId!, saveBody(m.state.draft, m.state.revision!));
    if (m.isDisposed) return;
    if (result.kind !== 'ok') return fail(m, result);
    m.retryAttempt = 0;
    m.savedVersion = target;
    const isCurrent = m.savedVersion === m.version;
    if (isCurrent) clearLocalCopy(m);
    set(m, {
      revision: result.post.revision,
      status: isCurrent ? 'saved' : 'pending',
      hasUnsavedChanges: !isCurrent,
      savedAt: new Date(clock.now()).toISOString(),
      error: null,
    });
    m.options.onSaved?.(result.post);
    if (isCurrent) settleWaiters(m, true);
  } finally {
    m.inFlight = false;
    // Edits made while the save was in flight go next (without another debounce if waited on).
    if (!m.isDisposed && m.savedVersion !== m.version && m.state.status === 'pending') {
      if (m.waiters.length > 0) schedule(m, 0);
      else if (m.isAutomatic) schedule(m, m.debounceMs);
    }
  }
}

/** Applies the writer's change and schedules a save. */
export function edit(m: AutosaveMachine, patch: Partial<PostDraft>) {
  if (m.isDisposed) return;
  m.version += 1;
  const isConflict = m.state.status === 'conflict';
  set(m, {
    draft: { ...m.state.draft, ...patch },
    hasUnsavedChanges: true,
    status: isConflict ? 'conflict' : m.inFlight ? 'saving' : 'pending',
  });
  writeLocalCopy(m);
  if (isConflict) return;
  m.retryAttempt = 0;
  // While a save is in flight the new state waits for it (see run's finally).
  if (!m.inFlight && m.isAutomatic) schedule(m, m.debounceMs);
}

/** Saves now; resolves once the server has every edit (true), or not (false). */
export function flush(m: AutosaveMachine): Promise<boolean> {
  if (m.isDisposed) return Promise.resolve(false);
  if (m.state.status === 'conflict') return Promise.resolve(false);
  if (m.savedVersion === m.version && !m.inFlight) return Promise.resolve(true);
  const done = new Promise<boolean>((resolve) => m.waiters.push(resolve));
  clearTimer(m);
  if (!m.inFlight) {
    if (m.state.status !== 'saving') set(m, { status: 'pending' });
    void run(m);
  }
  return done;
}

/** Saves on top of the newer revision (the writer confirmed the overwrite). */
export function overwrite(m: AutosaveMachine): Promise<boolean> {
  if (m.state.status !== 'conflict' || m.state.conflictRevision === null) {
    return Promise.resolve(false);
  }
  // The writer chose their version: save it on top of the newer revision.
  if (m.savedVersion === m.version) m.version += 1;
  set(m, { status: 'pending', revision: m.state.conflictRevision, conflictRevision: null });
  return flush(m);
}

/**
 * Takes the server's version as the new starting point; `draft` replaces the writer's draft
 * (the post's own, `draftOf(post)`) or is null to keep it.
 */
export function accept(m: AutosaveMachine, post: EditorPostView, draft: PostDraft | null): void {
  clearTimer(m);
  m.retryAttempt = 0;
  if (draft) {
    m.version += 1;
    m.savedVersion = m.version;
    clearLocalCopy(m);
  }
  const isCurrent = m.savedVersion === m.version;
  set(m, {
    postId: post.id,
    revision: post.revision,
    draft: draft ?? m.state.draft,
    status: isCurrent ? 'saved' : 'pending',
    hasUnsavedChanges: !isCurrent,
    conflictRevision: null,
    error: null,
  });
  if (!isCurrent) schedule(m, m.debounceMs);
}
