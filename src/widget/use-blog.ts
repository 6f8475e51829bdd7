/**
 * The blog shell's data for any component under it: the blog's addresses, the category list,
 * the device and the resolved settings of that device (DESIGN.md "Settings": the widget reads
 * resolved values through one hook).
 */
import { useRouteLoaderData } from 'react-router';
import type { FeedSettingsView } from '../domain/settings';
import type { loader } from './routes/blog-layout';

/** The blog layout's route id (React Router names a route by its module). */
export const BLOG_LAYOUT_ROUTE_ID = 'widget/routes/blog-layout';

/** The blog shell's data; throws when used outside the blog (a programming error). */
export function useBlog() {
  const data = useRouteLoaderData<typeof loader>(BLOG_LAYOUT_ROUTE_ID);
  if (!data) throw new Error('useBlog() is only available inside the blog layout');
  return data;
}

/** The resolved settings of the current device. */
export function useBlogSettings(): FeedSettingsView {
  return useBlog().settings;
}
