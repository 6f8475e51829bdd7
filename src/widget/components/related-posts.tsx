/**
 * The row of posts below a post (SPEC §2 "Post page with related or recent posts"; §2 widget
 * related-posts-widget): compact cards with cover, category label, title and the author line,
 * three across on a wide page and a swipeable row on a phone (post-extras.css). Video posts play
 * in place (SPEC §4 "Video in post list"). Shown only when the display toggle is on (SPEC §3).
 */
import { Link } from 'react-router';
import type { RelatedPostType } from '../../domain/post-extras';
import { homeUrl } from '../../domain/routes';
import type { FeedSettingsView } from '../../domain/settings';
import type { PostCardView } from '../../domain/views';
import { useTranslation } from '../i18n';
import { CategoryLabelLink } from './category-label';
import { PostMeta } from './post-meta';
import { ResponsiveImage } from './responsive-image';
import { VideoCover } from './video-cover';
import '../styles/blog.css';
import '../styles/post-extras.css';

/** A card is a third of the 940 px content on a wide page, most of the screen on a phone. */
const RELATED_IMAGE_SIZES = '(max-width: 660px) 80vw, 300px';

/** One compact card. */
function RelatedCard({
  post,
  now,
  timeZone,
  settings,
}: {
  post: PostCardView;
  now: string;
  timeZone: string;
  settings: RelatedPostsSettings;
}) {
  const { display } = settings;
  const media = post.cover ?? post.video?.thumbnail ?? null;
  return (
    <li className="related-card">
      <div className="related-card__media">
        {post.video ? (
          <VideoCover post={post} sizes={RELATED_IMAGE_SIZES} />
        ) : media ? (
          <ResponsiveImage image={media} sizes={RELATED_IMAGE_SIZES} />
        ) : (
          <span className="related-card__placeholder" aria-hidden="true">
            {post.title.trim().charAt(0)}
          </span>
        )}
      </div>
      <div className="related-card__body">
        {display.categoryLabel && post.mainCategory ? (
          <div className="related-card__label">
            <CategoryLabelLink category={post.mainCategory} style={settings.categoryLabel} />
          </div>
        ) : null}
        <h3 className="related-card__title">
          <Link className="related-card__link" to={post.link} prefetch="intent">
            {post.title}
          </Link>
        </h3>
        <PostMeta
          owner={post.owner}
          date={post.firstPublishedDate}
          timeToRead={post.timeToRead}
          now={now}
          timeZone={timeZone}
          avatarSize={28}
          display={display}
        />
      </div>
    </li>
  );
}

/** What the cards need of the settings: the display toggles and the category label style. */
export type RelatedPostsSettings = Pick<FeedSettingsView, 'display' | 'categoryLabel'>;

/**
 * Related or recent posts (SPEC §2 related-posts-widget): below a post, or on any page of the
 * site; nothing when there are none. Loaders skip the query when the owner hid the row.
 */
export function RelatedPosts({
  posts,
  type,
  base,
  now,
  timeZone,
  settings,
}: {
  settings: RelatedPostsSettings;
  posts: PostCardView[];
  type: RelatedPostType;
  /** The blog's base, for the link to all posts. */
  base: string;
  now: string;
  timeZone: string;
}) {
  const { t } = useTranslation();
  // The loaders read nothing when the owner hid the row (SPEC §3 showRelatedPosts).
  if (posts.length === 0) return null;
  return (
    <section className="related-posts" aria-labelledby="related-posts-title">
      <div className="related-posts__header">
        <h2 className="related-posts__title" id="related-posts-title">
          {t(`related.${type}`)}
        </h2>
        <Link className="related-posts__all" to={homeUrl(base)}>
          {t('related.seeAll')}
        </Link>
      </div>
      <ul className="related-posts__list">
        {posts.map((post) => (
          <RelatedCard
            key={post.id}
            post={post}
            now={now}
            timeZone={timeZone}
            settings={settings}
          />
        ))}
      </ul>
    </section>
  );
}
