/**
 * The blog shell's data for any component under it: the blog's addresses, the category list,
 * the device and the resolved settings of that device (DESIGN.md "Settings": the widget reads
 * resolved values through one hook).
 */
import { useSyncExternalStore } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { FeedSettingsView } from '../domain/settings';
import type { loadBlogShell as loader } from './blog-shell';

/** The blog layout's route id (React Router names a route by its module). */
export const BLOG_LAYOUT_ROUTE_ID = 'widget/routes/blog-layout';

/** The blog shell's data; throws when used outside the blog (a programming error). */
export function useBlog() {
  const data = useRouteLoaderData<typeof loader>(BLOG_LAYOUT_ROUTE_ID);
  if (!data) throw new Error('useBlog() is only available inside the blog layout');
  return data;
}

// Issue 7: the builder editor's canvas shows a change at once, before any save or reload. Its
// bridge (editor/builder/canvas-bridge.ts, loaded only in the editor) puts the view on the window
// and announces it (canvas-protocol's SETTINGS_GLOBAL and SETTINGS_EVENT, written out here so the
// feed's script imports nothing more); visitors' pages never have one (decision 022).
function subscribe(listener: () => void) {
  addEventListener('inkwell:settings', listener);
  return () => removeEventListener('inkwell:settings', listener);
}

/** The resolved settings of the current device (the editor's unsaved ones in its canvas). */
export function useBlogSettings(): FeedSettingsView {
  const own = useBlog().settings;
  return useSyncExternalStore(
    subscribe,
    () => (window as { inkwellSettings?: FeedSettingsView }).inkwellSettings ?? own,
    () => own,
  );
}
