/**
 * `/dashboard/tags` (issue 17 § Tags): the site's tags with their post counts, searched and
 * paged, renamed, merged and deleted in dialogs. The first page comes from the same service
 * `GET /api/dashboard/tags` calls; the screen asks the API for the rest.
 */
import { useLoaderData } from 'react-router';
import tagsEn from '../../../locales/dashboard-tags/en.json';
import { addNamespace } from '../../rich-content/i18n';
import { dashboardHeaders, loadArea } from '../area-loader';
import { TagsScreen } from '../tags/tags-screen';
import type { Route } from './+types/tags';

// The screen's words travel with it (locales/dashboard-tags), not with the blog's pages.
addNamespace('dashboard-tags', tagsEn);

/** The first page of tags by name, or the refusal the layout shows. */
export async function loader({ context }: Route.LoaderArgs) {
  return loadArea(context, 'tags', () => context.dashboard.tags.list({}));
}

export const headers = dashboardHeaders;

/** The tags screen. */
export default function Screen() {
  const { value } = useLoaderData<typeof loader>();
  if (!value) return null;
  return <TagsScreen initial={value} />;
}
