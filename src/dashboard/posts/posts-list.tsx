/**
 * The Posts list: a table at desktop widths (checkbox, title, author, status and date,
 * categories, views/likes/comments, ⋯ menu) that becomes one card per post on phones (the same
 * markup; posts.css lays the cells out as a card below 760 px).
 */
import type { DashboardPostRow } from '../../domain/dashboard-posts';
import { type Actor, can } from '../../domain/permissions';
import { useTranslation } from '../../widget/i18n';
import { TableScroll } from '../components/table-scroll';
import { PostRowMenu } from './post-row-menu';
import type { usePostActions } from './use-post-actions';

type RowActions = ReturnType<typeof usePostActions>['row'];

const STAT_PATHS = {
  views: 'M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zm10 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  likes:
    'M12 20.5l-1.4-1.3C5.4 14.5 2 11.4 2 7.7 2 4.6 4.4 2.3 7.4 2.3c1.7 0 3.4.8 4.6 2.1 1.2-1.3 2.9-2.1 4.6-2.1 3 0 5.4 2.3 5.4 5.4 0 3.7-3.4 6.8-8.6 11.5L12 20.5z',
  comments: 'M4 4h16a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H9l-5 4v-4H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1z',
} as const;

/** A counter's small outline icon. */
function StatIcon({ kind }: { kind: keyof typeof STAT_PATHS }) {
  return (
    <svg
      className="dp-stat-icon"
      width="15"
      height="15"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d={STAT_PATHS[kind]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** A date as the list shows it: the day, in UTC so server and browser render alike. */
export function listDate(iso: string | null, language: string): string {
  if (!iso) return '';
  let format = formatters.get(language);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
    } catch {
      format = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });
    }
    formatters.set(language, format);
  }
  return format.format(new Date(iso));
}

/** The date a row's status line names. */
function statusDate(post: DashboardPostRow): string | null {
  switch (post.status) {
    case 'published':
      return post.dates.firstPublishedAt;
    case 'scheduled':
      return post.dates.scheduledFor;
    case 'deleted':
      return post.dates.trashedAt ?? post.dates.updatedAt;
    default:
      return post.dates.updatedAt;
  }
}

/** The list with its selection. */
export function PostsList({
  posts,
  actor,
  actions,
  selected,
  onToggle,
  onToggleAll,
}: {
  posts: DashboardPostRow[];
  actor: Actor;
  actions: RowActions;
  selected: ReadonlySet<string>;
  onToggle(id: string): void;
  onToggleAll(select: boolean): void;
}) {
  const { t, i18n } = useTranslation();
  const allSelected = posts.length > 0 && posts.every((post) => selected.has(post.id));
  return (
    <TableScroll className="dp-table-wrap" label={t('dashboardPosts.title')}>
      {/* Phones have no header row: the page's "select all" is a line of its own there. */}
      <label className="dp-select-page">
        <input
          type="checkbox"
          className="dp-check"
          checked={allSelected}
          onChange={(event) => onToggleAll(event.target.checked)}
        />
        {t('dashboardPosts.selectAllOnPage')}
      </label>
      <table className="dash-table">
        <thead>
          <tr>
            <th scope="col" className="dp-col-check">
              <input
                type="checkbox"
                className="dp-check"
                aria-label={t('dashboardPosts.selectAllOnPage')}
                checked={allSelected}
                onChange={(event) => onToggleAll(event.target.checked)}
              />
            </th>
            <th scope="col">{t('dashboardPosts.columns.title')}</th>
            <th scope="col">{t('dashboardPosts.columns.author')}</th>
            <th scope="col">{t('dashboardPosts.columns.status')}</th>
            <th scope="col" className="dash-col--from-lg">
              {t('dashboardPosts.columns.categories')}
            </th>
            <th scope="col" className="dp-col-stats dash-col--from-lg">
              {t('dashboardPosts.columns.stats')}
            </th>
            <th scope="col" className="dp-col-menu">
              <span className="visually-hidden">{t('dashboardPosts.columns.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {posts.map((post) => {
            const title = post.title || t('dashboardPosts.untitled');
            const facts = { post: { ownerId: post.author.id, status: post.status } };
            const href =
              post.tab !== 'trash' && can(actor, 'post:edit', facts) ? post.links.edit : null;
            const isSelected = selected.has(post.id);
            return (
              <tr
                key={post.id}
                className={isSelected ? 'dp-row dp-row--selected' : 'dp-row'}
                data-post-id={post.id}
              >
                <td className="dp-col-check">
                  <input
                    type="checkbox"
                    className="dp-check"
                    aria-label={t('dashboardPosts.selectPost', { title })}
                    checked={isSelected}
                    onChange={() => onToggle(post.id)}
                  />
                </td>
                <td className="dp-cell-title">
                  {href ? (
                    <a className="dp-title" href={href} dir="auto">
                      {title}
                    </a>
                  ) : (
                    <span className="dp-title" dir="auto">
                      {title}
                    </span>
                  )}
                  <span className="dp-badges">
                    {post.isPinned ? (
                      <span className="dp-badge">{t('dashboardPosts.badges.pinned')}</span>
                    ) : null}
                    {post.isFeatured ? (
                      <span className="dp-badge dp-badge--accent">
                        {t('dashboardPosts.badges.featured')}
                      </span>
                    ) : null}
                    {post.hasOpenReports ? (
                      <span className="dp-badge dp-badge--warn">
                        {t('dashboardPosts.badges.reported')}
                      </span>
                    ) : null}
                  </span>
                </td>
                <td className="dp-cell-author">{post.author.name}</td>
                <td className="dp-cell-status">
                  <span className={`dp-status dp-status--${post.tab}`}>
                    {t(`dashboardPosts.status.${post.status}`, {
                      date: listDate(statusDate(post), i18n.language),
                    })}
                  </span>
                </td>
                <td
                  className={
                    post.categories.length > 0
                      ? 'dp-cell-categories dash-col--from-lg'
                      : 'dp-cell-categories dp-cell-categories--empty dash-col--from-lg'
                  }
                >
                  {post.categories.length > 0 ? (
                    post.categories.map((c) => (
                      <span key={c.id} className="dp-chip">
                        {c.label}
                      </span>
                    ))
                  ) : (
                    <span className="dp-muted">{t('dashboardPosts.noCategory')}</span>
                  )}
                </td>
                <td className="dp-col-stats dash-col--from-lg">
                  <span className="dp-stats">
                    <span title={t('dashboardPosts.stats.views', { count: post.counts.views })}>
                      <StatIcon kind="views" />
                      <span className="visually-hidden">
                        {t('dashboardPosts.stats.views', { count: post.counts.views })}
                      </span>
                      <span aria-hidden="true">{post.counts.views}</span>
                    </span>
                    <span title={t('dashboardPosts.stats.likes', { count: post.counts.likes })}>
                      <StatIcon kind="likes" />
                      <span className="visually-hidden">
                        {t('dashboardPosts.stats.likes', { count: post.counts.likes })}
                      </span>
                      <span aria-hidden="true">{post.counts.likes}</span>
                    </span>
                    <span
                      title={t('dashboardPosts.stats.comments', { count: post.counts.comments })}
                    >
                      <StatIcon kind="comments" />
                      <span className="visually-hidden">
                        {t('dashboardPosts.stats.comments', { count: post.counts.comments })}
                      </span>
                      <span aria-hidden="true">{post.counts.comments}</span>
                    </span>
                  </span>
                </td>
                <td className="dp-col-menu">
                  <PostRowMenu actor={actor} post={post} actions={actions} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
