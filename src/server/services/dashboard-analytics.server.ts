/**
 * The dashboard's analytics (issue 18 § Analytics; decision 041), owners only (`analytics:read`).
 * Every number comes from the daily aggregates the database's triggers keep
 * (`analytics_site_days`, `analytics_post_days`), never from the raw rows: the site's series is
 * one range of at most 2 × 731 days × 8 shards, the top lists one range of the per-post days
 * (summed per post once, then joined to posts, their categories and their authors).
 */
import { type SQL, sql } from 'drizzle-orm';
import {
  ANALYTICS_TOP_SIZE,
  type AnalyticsPeriod,
  type AnalyticsPeriodView,
  type AnalyticsQuery,
  type AnalyticsTopGroup,
  type AnalyticsTopPost,
  type AnalyticsView,
  bucketSeries,
  type DayRow,
  dayIn,
  POST_METRICS,
  type PostAnalyticsView,
  type PostMetric,
  resolvePeriod,
  SITE_METRICS,
  type SiteMetric,
  splitByMonths,
  totalsOf,
} from '../../domain/analytics';
import { type Actor, whyNot } from '../../domain/permissions';
import { profileUrl } from '../../domain/profiles';
import { categoryUrl, postLink } from '../../domain/routes';
import type { SiteView } from '../../domain/views';
import type { Database } from '../db/connection.server';
import { NotFoundError, PermissionError } from '../errors.server';

export interface DashboardAnalyticsDeps {
  db: Database;
  now?: () => Date;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

function ensureOwner(actor: Actor): void {
  const reason = whyNot(actor, 'analytics:read', {});
  if (reason !== null) throw new PermissionError(reason);
}

/**
 * The per-post rows of a range: its whole months from the month rows, the days around them from
 * the day rows (each an index-only range of its covering index).
 */
function perPostRows(siteId: string, split: ReturnType<typeof splitByMonths>): SQL {
  const parts: SQL[] = split.days.map(
    (span) => sql`select post_id, views, likes, comments, ratings from analytics_post_days
      where site_id = ${siteId} and day between ${span.from} and ${span.to}`,
  );
  if (split.months) {
    parts.push(sql`select post_id, views, likes, comments, ratings from analytics_post_months
      where site_id = ${siteId} and month between ${split.months.from} and ${split.months.to}`);
  }
  return sql.join(parts, sql` union all `);
}

/** The previous period's days in the same interval. */
function previousOf(period: AnalyticsPeriod) {
  return { from: period.previousFrom, to: period.previousTo, interval: period.interval };
}

function periodView(period: AnalyticsPeriod, site: SiteView): AnalyticsPeriodView {
  return { ...period, timeZone: site.timeZone, language: site.language };
}

/** The site's analytics over the query's range. */
async function siteAnalytics(
  { db, now = () => new Date() }: DashboardAnalyticsDeps,
  actor: Actor,
  site: SiteView,
  query: AnalyticsQuery,
): Promise<AnalyticsView> {
  ensureOwner(actor);
  const today = dayIn(now(), site.timeZone);
  const period = resolvePeriod(query, today);
  const days = rowsOf<DayRow<SiteMetric>>(
    await db.execute(sql`
      select to_char(day, 'YYYY-MM-DD') as day, sum(views)::int as views,
        sum(readers)::int as readers, sum(likes)::int as likes, sum(comments)::int as comments,
        sum(ratings)::int as ratings, sum(members)::int as members,
        sum(followers)::int as followers
      from analytics_site_days
      where site_id = ${site.id} and day between ${period.previousFrom} and ${period.to}
      group by day`),
  );
  const split = splitByMonths(period.from, period.to, today);
  const tops = rowsOf<{
    top_posts: AnalyticsTopPostRow[] | null;
    top_categories: AnalyticsTopGroupRow[] | null;
    top_authors: AnalyticsTopGroupRow[] | null;
  }>(
    await db.execute(sql`
      with per_post as materialized (
        select post_id, sum(views)::int as views, sum(likes)::int as likes,
          sum(comments)::int as comments, sum(ratings)::int as ratings
        from (${perPostRows(site.id, split)}) rows
        group by post_id
      )
      select
        (select json_agg(t) from (
          select p.id, p.title, p.slug, p.first_published_date as "firstPublishedDate", top.views, top.likes, top.comments, top.ratings
          from (
            select * from per_post
            where views + likes + comments + ratings > 0
            order by views desc, likes desc, comments desc, post_id
            limit ${ANALYTICS_TOP_SIZE}
          ) top
          -- Only the ten are looked up (primary key), never a scan of the wide posts table.
          join posts p on p.site_id = ${site.id} and p.id = top.post_id
          order by top.views desc, top.likes desc, top.comments desc, p.id) t) as top_posts,
        (select json_agg(t) from (
          select c.id, c.label as name, c.slug, g.views, g.likes, g.comments, g.posts
          from (
            -- Summed by id first; only the ten are joined to their names.
            select pc.category_id, sum(pp.views)::int as views, sum(pp.likes)::int as likes,
              sum(pp.comments)::int as comments, count(*)::int as posts
            from per_post pp
            join post_categories pc on pc.site_id = ${site.id} and pc.post_id = pp.post_id
            group by pc.category_id
            order by sum(pp.views) desc, sum(pp.likes) desc, pc.category_id
            limit ${ANALYTICS_TOP_SIZE}
          ) g
          join categories c on c.site_id = ${site.id} and c.id = g.category_id
          order by g.views desc, g.likes desc, c.id) t) as top_categories,
        (select json_agg(t) from (
          select m.id, m.name, m.slug, g.views, g.likes, g.comments, g.posts
          from (
            select p.owner_id, sum(pp.views)::int as views, sum(pp.likes)::int as likes,
              sum(pp.comments)::int as comments, count(*)::int as posts
            from per_post pp
            join posts p on p.site_id = ${site.id} and p.id = pp.post_id
            group by p.owner_id
            order by sum(pp.views) desc, sum(pp.likes) desc, p.owner_id
            limit ${ANALYTICS_TOP_SIZE}
          ) g
          join members m on m.site_id = ${site.id} and m.id = g.owner_id
          order by g.views desc, g.likes desc, m.id) t) as top_authors`),
  );
  const top = tops[0];
  return {
    period: periodView(period, site),
    totals: totalsOf(days, period.from, period.to, SITE_METRICS),
    previous: totalsOf(days, period.previousFrom, period.previousTo, SITE_METRICS),
    series: bucketSeries(days, period, SITE_METRICS),
    previousSeries: bucketSeries(days, previousOf(period), SITE_METRICS),
    topPosts: (top?.top_posts ?? []).map((row) => presentTopPost(site, row)),
    topCategories: (top?.top_categories ?? []).map((row) => ({
      ...presentGroup(row),
      link: categoryUrl(site.blogBase, site.categoryPath, row.slug),
    })),
    topAuthors: (top?.top_authors ?? []).map((row) => ({
      ...presentGroup(row),
      link: profileUrl(site.blogBase, { siteMemberId: row.id, slug: row.slug }),
    })),
  };
}

interface AnalyticsTopPostRow {
  id: string;
  title: string;
  slug: string;
  firstPublishedDate: string | null;
  views: number;
  likes: number;
  comments: number;
  ratings: number;
}

interface AnalyticsTopGroupRow {
  id: string;
  name: string;
  slug: string;
  views: number;
  likes: number;
  comments: number;
  posts: number;
}

function presentTopPost(site: SiteView, row: AnalyticsTopPostRow): AnalyticsTopPost {
  return {
    id: row.id,
    title: row.title,
    link: postLink(site, row),
    views: row.views,
    likes: row.likes,
    comments: row.comments,
    ratings: row.ratings,
  };
}

function presentGroup(row: AnalyticsTopGroupRow): Omit<AnalyticsTopGroup, 'link'> {
  return {
    id: row.id,
    name: row.name,
    views: row.views,
    likes: row.likes,
    comments: row.comments,
    posts: row.posts,
  };
}

/** One post's analytics over the query's range; 404 for a post the site does not have. */
async function postAnalytics(
  { db, now = () => new Date() }: DashboardAnalyticsDeps,
  actor: Actor,
  site: SiteView,
  postId: string,
  query: AnalyticsQuery,
): Promise<PostAnalyticsView> {
  ensureOwner(actor);
  const [post] = rowsOf<{
    id: string;
    title: string;
    slug: string;
    first_published_date: string | Date | null;
    view_count: number;
    like_count: number;
    comment_count: number;
  }>(
    await db.execute(sql`
      select id, title, slug, first_published_date, view_count, like_count, comment_count from posts
      where site_id = ${site.id} and id = ${postId}`),
  );
  if (!post) throw new NotFoundError('post_not_found');
  const period = resolvePeriod(query, dayIn(now(), site.timeZone));
  const days = rowsOf<DayRow<PostMetric>>(
    await db.execute(sql`
      select to_char(day, 'YYYY-MM-DD') as day, views, likes, comments, ratings
      from analytics_post_days
      where site_id = ${site.id} and post_id = ${postId}
        and day between ${period.previousFrom} and ${period.to}`),
  );
  return {
    period: periodView(period, site),
    post: {
      id: post.id,
      title: post.title,
      link: postLink(site, { slug: post.slug, firstPublishedDate: post.first_published_date }),
      viewCount: post.view_count,
      likeCount: post.like_count,
      commentCount: post.comment_count,
    },
    totals: totalsOf(days, period.from, period.to, POST_METRICS),
    previous: totalsOf(days, period.previousFrom, period.previousTo, POST_METRICS),
    series: bucketSeries(days, period, POST_METRICS),
    previousSeries: bucketSeries(days, previousOf(period), POST_METRICS),
  };
}

/** Builds the dashboard analytics service. */
export function createDashboardAnalytics(deps: DashboardAnalyticsDeps) {
  return {
    site: (actor: Actor, site: SiteView, query: AnalyticsQuery) =>
      siteAnalytics(deps, actor, site, query),
    post: (actor: Actor, site: SiteView, postId: string, query: AnalyticsQuery) =>
      postAnalytics(deps, actor, site, postId, query),
  };
}

export type DashboardAnalyticsService = ReturnType<typeof createDashboardAnalytics>;
