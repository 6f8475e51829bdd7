/**
 * The eager half of SPEC §4 "asked to log in, then the action continues": after a navigation
 * (logging in ends with one), a member's page with a gated action waiting in this tab's session
 * storage loads the gated-action module, which presses that action's control again, once. Kept
 * tiny, and apart from the lazy code (which keeps its own copy of the key, checked by a test), so
 * that it stays in the blog layout's script (decision 020's budget).
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { readerOnPage } from '../reader/reader';

/** Where a gated action waits while the reader logs in (this tab only). */
export const PENDING_ACTION_KEY = 'inkwell:pending-action';

/**
 * Continues the waiting action once the page it returns to has rendered for a signed-in member
 * (a visitor back from the login page without logging in is not sent there again).
 */
export function usePendingActionReplay(): void {
  const { key } = useLocation();
  // Read in the browser only, after hydration: the layout is the same for every reader.
  const isSignedIn = typeof document !== 'undefined' && readerOnPage().member !== null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: every navigation may land on it
  useEffect(() => {
    let isWaiting = false;
    try {
      isWaiting = isSignedIn && sessionStorage.getItem(PENDING_ACTION_KEY) !== null;
    } catch {
      // No storage: nothing waits.
    }
    if (isWaiting) void import('./gated-action').then((m) => m.replayPendingAction());
  }, [key, isSignedIn]);
}
