/**
 * The post page, `/:postSlug` and `/:year/:month(/:day)/:postSlug` (SPEC §2): title, author,
 * date, reading time, cover (the video plays in place, SPEC §4), content, category labels and tags
 * as the settings draw them (SPEC §3), then related or recent posts (SPEC §2 "Post page with
 * related or recent posts"). Its own chunk (SPEC §1 post-page).
 */

import { redirect, useLoaderData } from 'react-router';
import { pollApiUrl } from '../../domain/polls';
import { postExtrasView } from '../../domain/post-extras';
import { profileUrl } from '../../domain/profiles';
import { categoryUrl, hashtagUrl } from '../../domain/routes';
import { isReservedSlug } from '../../domain/slugs';
import { postVideoOf, toPostCard } from '../../domain/views';
import type { RichDocument } from '../../rich-content/document';
import { RichContent } from '../../rich-content/render/rich-content';
import { apiFetch } from '../api-client';
import { BlogErrorBoundary } from '../components/blog-error';
import { CategoryLabels } from '../components/category-label';
import { PostCounters } from '../components/post-counters';
import { PostMeta } from '../components/post-meta';
import { PostTags } from '../components/post-tags';
import { RelatedPosts } from '../components/related-posts';
import { ResponsiveImage } from '../components/responsive-image';
import { VideoCover } from '../components/video-cover';
import { pageTitle } from '../i18n';
import { useBlogSettings } from '../use-blog';
import type { Route } from './+types/post';
import type { BlogHandle } from './blog-layout';
import { notFound, pageBasics } from './feed-params';

export const handle: BlogHandle = { mobileTitle: 'post' };

/** Loads a published post by its slug; date slugs are matched by the slug (SPEC §5). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { site } = context;
  if (params.year !== undefined && !/^\d{4}$/.test(params.year)) {
    // Three free segments under the site's own category prefix are a subcategory, not a date.
    if (params.year === site.categoryPath && params.day === undefined && params.month) {
      throw redirect(
        categoryUrl(site.blogBase, 'category', params.month, { subcategorySlug: params.postSlug }),
      );
    }
    throw notFound();
  }
  if (params.month !== undefined && !/^\d{1,2}$/.test(params.month)) throw notFound();
  if (params.day !== undefined && !/^\d{1,2}$/.test(params.day)) throw notFound();
  if (isReservedSlug(params.postSlug)) throw notFound();
  const [post, settings] = await Promise.all([
    context.reader.getPostBySlug(params.postSlug),
    context.reader.getSettings(),
  ]);
  if (!post) throw notFound();
  const extras = postExtrasView(settings);
  // SPEC §3 display toggle: no query at all when the row is hidden.
  const related = settings['display.relatedPosts']
    ? await context.reader.listRelatedPosts(post.id, extras.related.type, extras.related.count)
    : [];
  // Highlighted on the server, so the browser gets coloured code without a highlighter.
  const codeHighlights = await context.highlightCode(post.content as unknown as RichDocument);
  return {
    post,
    extras,
    related: related.map(toPostCard),
    codeHighlights,
    device: context.device,
    ...pageBasics(context),
  };
}

/** Title and description for sharing and search engines. */
export function meta({ data, matches }: Route.MetaArgs) {
  if (!data) return [];
  const { post } = data;
  return [
    pageTitle(matches, post.title, data.siteName),
    { name: 'description', content: post.excerpt },
    { property: 'og:title', content: post.title },
    { property: 'og:description', content: post.excerpt },
    { property: 'og:type', content: 'article' },
  ];
}

/** SPEC §9 content width: the cover spans the article, at most 940 px. */
const COVER_SIZES = '(max-width: 980px) 100vw, 940px';

/** The post page. */
export default function Post() {
  const { post, extras, related, now, timeZone, base, codeHighlights, device } =
    useLoaderData<typeof loader>();
  const blogSettings = useBlogSettings();
  const { display, categoryLabel } = blogSettings;
  const video = postVideoOf(post);
  return (
    <>
      <article className="post">
        <header className="post__header">
          {display.categoryLabel ? (
            <CategoryLabels categories={post.categories} style={categoryLabel} />
          ) : null}
          <h1 className="post__title">{post.title}</h1>
          <PostMeta
            owner={post.owner}
            date={post.firstPublishedDate}
            updatedDate={post.lastPublishedDate}
            timeToRead={post.timeToRead}
            now={now}
            timeZone={timeZone}
            avatarSize={40}
            display={display}
          />
        </header>
        {video ? (
          <div className="post__cover">
            <VideoCover
              post={{ title: post.title, cover: post.cover, video }}
              sizes={COVER_SIZES}
              ratio="16:9"
              isEager
            />
          </div>
        ) : post.cover ? (
          <div className="post__cover">
            <ResponsiveImage image={post.cover} sizes={COVER_SIZES} isEager preferredWidth={960} />
          </div>
        ) : null}
        <RichContent
          document={post.content as unknown as RichDocument}
          context={{
            hashtagUrl: (word) => hashtagUrl(base, word),
            // SPEC §2, §7 navigateToProfile: mentions lead to the member's profile.
            profileUrl: (slug, siteMemberId) => profileUrl(base, { siteMemberId, slug }),
            codeHighlights,
            device,
            // Only a published post takes votes (a preview shows its polls closed).
            pollEndpoint:
              post.status === 'published' ? (pollId) => pollApiUrl(post.id, pollId) : undefined,
            fetchApi: apiFetch,
          }}
        />
        {display.tags ? <PostTags tags={post.tags} style={extras.tags} /> : null}
        <footer className="post__footer">
          <PostCounters counters={post.counters} display={display} />
        </footer>
      </article>
      <RelatedPosts
        settings={blogSettings}
        posts={related}
        type={extras.related.type}
        base={base}
        now={now}
        timeZone={timeZone}
      />
    </>
  );
}

/** Errors (a 404 above all) render inside the blog shell. */
export function ErrorBoundary() {
  return <BlogErrorBoundary />;
}
