/**
 * `/dashboard/audit` (issue 18): the owners' audit log, newest first: who changed whose role,
 * created an author, blocked, unblocked or deleted a member, and when. The first page comes from
 * the same service `GET /api/dashboard/audit` calls; older pages from the API.
 */
import { useLoaderData } from 'react-router';
import membersEn from '../../../locales/dashboard-members/en.json';
import { addNamespace } from '../../rich-content/i18n';
import { dashboardHeaders, loadArea } from '../area-loader';
import { AuditScreen } from '../members/audit-screen';
import type { Route } from './+types/audit';

addNamespace('dashboard-members', membersEn);

/** The newest page of the log, or the refusal the layout shows. */
export async function loader({ context }: Route.LoaderArgs) {
  return loadArea(context, 'audit', () => context.dashboard.members.audit.list({}));
}

export const headers = dashboardHeaders;

/** The audit log screen. */
export default function Screen() {
  const { value } = useLoaderData<typeof loader>();
  if (!value) return null;
  return <AuditScreen initial={value} />;
}
