/**
 * `/dashboard/import` (issue 21 "Moving in and out"): import a WordPress or Ghost export (dry run
 * first, then the import with its progress and report) and export the blog. Owners only. The
 * loader reads the site's latest jobs from the same service the API calls, so a reload finds a
 * running import where it was.
 */
import { useLoaderData } from 'react-router';
import importEn from '../../../locales/dashboard-import/en.json';
import { addNamespace } from '../../rich-content/i18n';
import { dashboardHeaders, loadArea } from '../area-loader';
import { ImportScreen } from '../import/import-screen';
import type { Route } from './+types/import';

// The screen's words travel with it (locales/dashboard-import), not with the blog's pages.
addNamespace('dashboard-import', importEn);

/** The site's latest import and export jobs, or the refusal the layout shows. */
export async function loader({ context }: Route.LoaderArgs) {
  return loadArea(context, 'import', () => context.dashboard.import.screen());
}

export const headers = dashboardHeaders;

/** The Import and export screen. */
export default function Screen() {
  const { value } = useLoaderData<typeof loader>();
  if (!value) return null;
  return <ImportScreen initial={value} />;
}
