/**
 * Whether comments are off for a post after its menu switched them (SPEC §6 toggle-comments): the
 * post's menu writes it, the comments below read it and follow at once. A store of the module,
 * keyed by post, rather than a React context, because on a reader page the menu and the comments
 * are two separate islands (issue 20) with no common React parent; in the full React app they
 * share this module the same way.
 */
import { useEffect, useSyncExternalStore } from 'react';

/** The switches pressed on the page shown now, by post id. */
const switched = new Map<string, boolean>();
const listeners = new Set<() => void>();

function announce() {
  for (const listener of listeners) listener();
}

/** Calls `listener` after every switch; returns what stops it. */
export function subscribeToSwitches(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Records the menu's switch of `postId`. Browser only: the server renders every page as it was
 * made and never calls it, so nothing here outlives a request on the server.
 */
export function switchComments(postId: string, isOff: boolean): void {
  switched.set(postId, isOff);
  announce();
}

/** Forgets the switch of `postId`: the page that showed it is gone, the next one has the value. */
export function forgetSwitch(postId: string): void {
  if (switched.delete(postId)) announce();
}

/** Whether comments are off for `postId` now: the switch pressed on this page, or `fallback`. */
export function commentsOff(postId: string, fallback: boolean): boolean {
  return switched.get(postId) ?? fallback;
}

/** `commentsOff` for a component, which renders again after each switch. */
export function useCommentsOff(postId: string, fallback: boolean): boolean {
  return useSyncExternalStore(
    subscribeToSwitches,
    () => commentsOff(postId, fallback),
    () => fallback,
  );
}

/**
 * Keeps the switch of `postId` for as long as the calling component (the post's menu) is on the
 * page: in the React app a later visit to the post loads its value afresh, which the switch of
 * this visit must not hide. An island stays for the page's life.
 */
export function useSwitchOfThisPage(postId: string): void {
  useEffect(() => () => forgetSwitch(postId), [postId]);
}
