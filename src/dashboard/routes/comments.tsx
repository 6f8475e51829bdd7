/**
 * The dashboard's Comments screen (issue 17 "Comments and reports"): every comment of the blog
 * newest first, tabs All / Published / Pending (with the held count), filters by post and member,
 * search, delete, approve and reject, open in context, and the owner's switch that holds first
 * comments. The screen itself is `comments/comments-screen.tsx`; this module reads its data.
 */
import { useLoaderData } from 'react-router';
import commentsEn from '../../../locales/dashboard-comments/en.json';
import { DashboardCommentsQuerySchema } from '../../domain/dashboard-comments';
import { addNamespace } from '../../rich-content/i18n';
import { dashboardHeaders, loadArea } from '../area-loader';
import { CommentsScreen } from '../comments/comments-screen';
import type { Route } from './+types/comments';

addNamespace('dashboard-comments', commentsEn);

/** The query of the address; what does not parse is left out (never an error page). */
function queryOf(url: URL) {
  const raw = Object.fromEntries(url.searchParams);
  const parsed = DashboardCommentsQuerySchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const { cursor: _cursor, ...rest } = raw;
  const retry = DashboardCommentsQuerySchema.safeParse(rest);
  return retry.success ? retry.data : DashboardCommentsQuerySchema.parse({});
}

/** A page of comments and the settings, for editors and owners. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const query = queryOf(new URL(request.url));
  return loadArea(context, 'comments', async () => ({
    screen: await context.dashboard.comments.screen({ ...query, cursor: undefined }),
    query: { post: query.post, member: query.member, status: query.status, q: query.q ?? '' },
    now: context.now,
    timeZone: context.site.timeZone,
  }));
}

export const headers = dashboardHeaders;

/** The screen. */
export default function Screen() {
  const { value } = useLoaderData<typeof loader>();
  if (!value) return null;
  return <CommentsScreen {...value} />;
}
