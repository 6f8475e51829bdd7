/**
 * `/dashboard/members` (issue 18 § Members and contributors): the blog's members, searched,
 * filtered and paged; editors add authors, owners change roles, block and delete. The first page
 * comes from the same service `GET /api/dashboard/members` calls; the screen asks the API for the
 * rest.
 */
import { useLoaderData } from 'react-router';
import membersEn from '../../../locales/dashboard-members/en.json';
import { addNamespace } from '../../rich-content/i18n';
import { dashboardHeaders, loadArea } from '../area-loader';
import { MembersScreen } from '../members/members-screen';
import type { Route } from './+types/members';

// The screen's words travel with it (locales/dashboard-members), not with the blog's pages.
addNamespace('dashboard-members', membersEn);

/** The first page of members, newest first, or the refusal the layout shows. */
export async function loader({ context }: Route.LoaderArgs) {
  return loadArea(context, 'members', () => context.dashboard.members.list({}));
}

export const headers = dashboardHeaders;

/** The members screen. */
export default function Screen() {
  const { value } = useLoaderData<typeof loader>();
  if (!value) return null;
  return <MembersScreen initial={value} />;
}
