/**
 * The post-list widget (SPEC §2 widget `post-list-widget`, feed source `post-list`): a few posts
 * of the blog, or of one category or tag, on any page of the site, in a layout of its own. It
 * shows `entityCount` posts (SPEC §5: 1–50, default 3) with a link to the rest, or pages through
 * them. A site page mounts it with `loadPostListWidget` in its loader and `<PostListWidget>`.
 */

import { isValidPage } from '../../domain/pagination';
import { categoryUrl, homeUrl, tagUrl } from '../../domain/routes';
import { type PostListWidgetSettings, postListWidgetSettings } from '../../domain/settings';
import { type FeedCardsView, toFeedCards } from '../../domain/views';
import type { FeedQuery, RequestContext } from '../../load-context';
import { useClientNavigation } from '../client-navigation';
import { IconSprite } from '../components/icons';
import { Pagination } from '../components/pagination';
import { useTranslation } from '../i18n';
import { PostList } from '../layouts/post-list';
import '../styles/blog.css';

/** What the widget renders, loaded by the page that mounts it. */
export interface PostListWidgetData {
  feed: FeedCardsView;
  settings: PostListWidgetSettings;
  /** Where "all posts" leads: the blog, or the category or tag feed. */
  moreUrl: string;
  now: string;
  timeZone: string;
}

/**
 * Loads the widget's posts: page `page` of its source, `entityCount` per page. An unknown
 * category or tag falls back to all posts rather than breaking the page it sits on.
 */
export async function loadPostListWidget(
  context: RequestContext,
  page = 1,
): Promise<PostListWidgetData> {
  const settings = postListWidgetSettings(await context.reader.getSettings());
  const { blogBase, categoryPath } = context.site;
  let query: FeedQuery = { source: 'homepage' };
  let moreUrl = homeUrl(blogBase);
  if (settings.source === 'category' && settings.categorySlug) {
    const category = await context.reader.getCategoryBySlug(settings.categorySlug);
    if (category) {
      query = { source: 'category', categoryId: category.id };
      moreUrl = category.link || categoryUrl(blogBase, categoryPath, category.slug);
    }
  } else if (settings.source === 'tag' && settings.tagSlug) {
    const tag = await context.reader.getTagBySlug(settings.tagSlug);
    if (tag) {
      query = { source: 'tags', tagId: tag.id };
      moreUrl = tagUrl(blogBase, tag.slug);
    }
  }
  const pageSize = settings.entityCount;
  let feed = await context.reader.listFeed(query, page, pageSize);
  // A page number past the end (an old link) shows the first page instead of an error.
  if (!isValidPage(page, feed.lastPage)) feed = await context.reader.listFeed(query, 1, pageSize);
  return {
    feed: toFeedCards(feed),
    settings,
    moreUrl,
    now: context.now,
    timeZone: context.site.timeZone,
  };
}

/** The widget; `pageUrl` builds the address of another page of it (paginated mode). */
export function PostListWidget({
  data,
  title,
  pageUrl,
}: {
  data: PostListWidgetData;
  title?: string;
  pageUrl: (page: number) => string;
}) {
  const { t } = useTranslation();
  const handleClick = useClientNavigation();
  const { feed, settings } = data;
  return (
    <section className="post-list-widget feed" aria-label={title ?? t('widgets.postList.title')}>
      <IconSprite />
      <div className="post-list-widget__header">
        <h2 className="post-list-widget__title">{title ?? t('widgets.postList.title')}</h2>
        {settings.paginationType === 'count' && feed.entityCount > feed.posts.length ? (
          <a className="post-list-widget__more" href={data.moreUrl} onClick={handleClick}>
            {t('widgets.postList.seeAll')}
          </a>
        ) : null}
      </div>
      {feed.posts.length === 0 ? (
        <p className="post-list-widget__empty">{t('feed.empty.text')}</p>
      ) : (
        <PostList
          posts={feed.posts}
          settings={settings.feed}
          now={data.now}
          timeZone={data.timeZone}
          isFirstPage={false}
          hasLikeButtons={false}
        />
      )}
      {settings.paginationType === 'paginated' ? (
        <Pagination currentPage={feed.currentPage} lastPage={feed.lastPage} pageUrl={pageUrl} />
      ) : null}
    </section>
  );
}
