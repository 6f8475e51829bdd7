/**
 * The editor page's autosave machine (autosave.ts) as a React hook: built once when the page goes
 * live, with the browser's clock and storage; the post as the server last answered; the local
 * copy worth offering back (issue 4 "Writing"); and the browser's "leave the page?" question
 * while changes are unsaved.
 */
import { type RefObject, useEffect, useRef, useState } from 'react';
import type { EditorPostView } from '../../domain/post-editor';
import { isInReview } from '../../domain/post-review';
import { postEditUrl } from '../../domain/routes';
import {
  type Autosave,
  type AutosaveState,
  type Clock,
  createAutosave,
  isLocalCopyWorthRestoring,
  type LocalCopy,
  localCopyKey,
  type PostDraft,
  readLocalCopy,
  type StorageLike,
} from './autosave';
import type { EditorApi } from './page-api';

const browserClock: Clock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => window.setTimeout(run, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
};

/** The browser's local storage, or null where the browser refuses it. */
export function localStorageOrNull(): StorageLike | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Whether a post is live for readers (published, or scheduled to be). */
export function isLive(status: string | undefined): boolean {
  return status === 'published' || status === 'scheduled';
}

/**
 * Whether the page saves only when asked (Update): a live post, whose edits readers would see, and
 * a post waiting for review, whose reviewer should not watch it change (decision 034). Drafts
 * autosave.
 */
export function savesByHand(status: string | undefined): boolean {
  return isLive(status) || (status !== undefined && isInReview(status));
}

/** What the page hands the machine when it starts. */
export interface PageAutosaveOptions {
  api: EditorApi;
  base: string;
  siteId: string;
  /** The post as the loader read it; null for a new post. */
  post: EditorPostView | null;
  /** The first draft, fixed for the page's life. */
  initialDraft: PostDraft;
}

/** The machine and what the page shows of it. */
export interface PageAutosave {
  /** The machine, once the page is live (null before hydration). */
  machine: RefObject<Autosave | null>;
  /** The machine's state; null until the page is live. */
  save: AutosaveState | null;
  /** The post as the server last answered. */
  post: EditorPostView | null;
  setPost(post: EditorPostView): void;
  /** A local copy newer than the server's, offered back until restored or discarded. */
  restore: LocalCopy | null;
  setRestore(copy: LocalCopy | null): void;
}

/** Starts the page's autosave machine once and follows its state. */
export function usePageAutosave(options: PageAutosaveOptions): PageAutosave {
  const { api, base, siteId, initialDraft } = options;
  const [post, setPost] = useState<EditorPostView | null>(options.post);
  const [save, setSave] = useState<AutosaveState | null>(null);
  const machine = useRef<Autosave | null>(null);
  const [restore, setRestore] = useState<LocalCopy | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: built once per page; the machine owns the state from then on.
  useEffect(() => {
    const storage = localStorageOrNull();
    const autosave = createAutosave({
      api,
      siteId,
      post: options.post,
      draft: initialDraft,
      storage,
      clock: browserClock,
      isAutomatic: !savesByHand(options.post?.status),
      onChange: setSave,
      onCreated: (created) => {
        setPost(created);
        // The new draft's own address, by id: a draft's slug follows its title as it changes.
        window.history.replaceState(window.history.state, '', postEditUrl(base, created.id));
      },
      onSaved: setPost,
    });
    machine.current = autosave;
    setSave(autosave.getState());
    const copy = readLocalCopy(storage, localCopyKey(siteId, options.post?.id ?? null));
    const server = { draft: initialDraft, updatedAt: options.post?.updatedAt ?? null };
    if (isLocalCopyWorthRestoring(copy, server)) setRestore(copy);
    return () => autosave.dispose();
  }, []);

  // Leaving with unsaved changes asks first.
  useEffect(() => {
    function handleBeforeUnload(event: BeforeUnloadEvent) {
      if (machine.current?.getState().hasUnsavedChanges) {
        event.preventDefault();
        event.returnValue = '';
      }
    }
    window.addEventListener('beforeunload', handleBeforeUnload);
    return () => window.removeEventListener('beforeunload', handleBeforeUnload);
  }, []);

  return { machine, save, post, setPost, restore, setRestore };
}
