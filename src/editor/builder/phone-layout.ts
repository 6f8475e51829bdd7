/**
 * When the builder's editor takes its phone layout (issue 23; decision 068): below SPEC §9's 746 px
 * breakpoint the settings panel no longer fits beside a canvas, so it becomes a bottom sheet and
 * the top bar keeps only the device switch, Publish and a More menu. This is the one home of that
 * width: the editor marks its root `is-phone` from it and builder.css styles by that class.
 */
import { useSyncExternalStore } from 'react';

/** SPEC §9 breakpoint 746: narrower windows get the phone layout. */
export const PHONE_LAYOUT_QUERY = '(max-width: 745.98px)';

/** The sheet's three heights: a bar at the bottom, half the workspace, all of it. */
export type SheetState = 'closed' | 'half' | 'full';

/**
 * The state a dragged sheet settles in, from the height it was let go at (`height`, px) in a
 * workspace `available` px tall: under a quarter closes it, over three quarters fills it.
 */
export function settleSheet(height: number, available: number): SheetState {
  if (available <= 0) return 'closed';
  const share = height / available;
  if (share < 0.25) return 'closed';
  if (share > 0.75) return 'full';
  return 'half';
}

/** The next state when the sheet's handle is pressed: half and full alternate. */
export function toggledSheet(state: SheetState): SheetState {
  return state === 'half' ? 'full' : 'half';
}

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(PHONE_LAYOUT_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * Whether the window is phone-narrow. The server (and the hydrating render) say no: the editor is
 * drawn for desktops first and takes its phone layout once its scripts run.
 */
export function usePhoneLayout(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(PHONE_LAYOUT_QUERY).matches,
    () => false,
  );
}
