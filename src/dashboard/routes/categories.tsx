/**
 * `/dashboard/categories` (issue 17 § Categories): the site's categories as a two-level tree,
 * reordered by drag and drop or the keyboard, created, edited and deleted in dialogs. The data
 * comes from the same service `GET /api/dashboard/categories` calls.
 */
import { useLoaderData } from 'react-router';
import categoriesEn from '../../../locales/dashboard-categories/en.json';
import { addNamespace } from '../../rich-content/i18n';
import { dashboardHeaders, loadArea } from '../area-loader';
import { CategoriesScreen } from '../categories/categories-screen';
import type { Route } from './+types/categories';

// The screen's words travel with it (locales/dashboard-categories), not with the blog's pages.
addNamespace('dashboard-categories', categoriesEn);

/** The site's categories, or the refusal the layout shows. */
export async function loader({ context }: Route.LoaderArgs) {
  return loadArea(context, 'categories', () => context.dashboard.categories.list());
}

export const headers = dashboardHeaders;

/** The categories screen. */
export default function Screen() {
  const { value } = useLoaderData<typeof loader>();
  if (!value) return null;
  return <CategoriesScreen initial={value.categories} />;
}
