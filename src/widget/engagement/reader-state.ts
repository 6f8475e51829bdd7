/**
 * The reader's own state laid over a shared page (issue 15; decision 030). The server renders one
 * page for every reader, with nobody's likes; after hydration each like button (and the post's
 * rating) asks for its target here, the asks of one render go out as one request
 * (`reader-state-live.ts`, loaded then, so the feed's script carries only this), and the answer
 * re-renders just those controls. It runs again on every page a client navigation mounts.
 * Kept tiny: every feed page's script carries it (decision 009's budget).
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { PostReaderState } from '../../domain/reader-state';

/** What a page knows of one target: a post's full state, or a like's alone. */
export type ReaderState = Partial<PostReaderState> & Pick<PostReaderState, 'isLiked' | 'likeCount'>;

/** By `post:<id>` or `comment:<id>`. */
const states = new Map<string, ReaderState>();
const listeners = new Set<() => void>();
let asked: string[] | undefined;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Sets what a page shows of targets (the overlay's answer, or a like of the reader's own). */
export function layOver(key: string, state: ReaderState): void {
  states.set(key, { ...states.get(key), ...state });
  for (const listener of listeners) listener();
}

/**
 * The reader's state of a target (`post:<id>`, `comment:<id>`) once the overlay has it; undefined
 * before (and while the server renders, so hydration matches the shared page).
 */
export function useReaderState(key: string): ReaderState | undefined {
  useEffect(() => {
    if (!asked) {
      asked = [];
      setTimeout(() => {
        const keys = asked!;
        asked = undefined;
        // A chunk that fails to load leaves the shared page as it is.
        import('./reader-state-live').then((live) => live.load(keys), Boolean);
      });
    }
    asked.push(key);
  }, [key]);
  return useSyncExternalStore(
    subscribe,
    () => states.get(key),
    () => undefined,
  );
}
