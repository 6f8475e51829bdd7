/**
 * The post page, `/:postSlug` and `/:year/:month(/:day)/:postSlug` (SPEC §2): title, author,
 * date, reading time, cover (the video plays in place, SPEC §4), content, category labels and tags
 * as the settings draw them (SPEC §3), then related or recent posts (SPEC §2 "Post page with
 * related or recent posts"). Its own chunk (SPEC §1 post-page).
 */

import { data, redirect, useLoaderData } from 'react-router';
import { POST_VIEW_HEADER } from '../../domain/engagement';
import { imageSources } from '../../domain/media';
import { pollApiUrl } from '../../domain/polls';
import { postExtrasView } from '../../domain/post-extras';
import type { PostStatus } from '../../domain/post-status';
import { profileUrl } from '../../domain/profiles';
import { categoryUrl, hashtagUrl, loginUrl, postAddressRedirect } from '../../domain/routes';
import { permissionSettingsOf, type ResolvedSettings } from '../../domain/settings';
import { SHARE_NETWORKS, shareUrl } from '../../domain/share';
import { isReservedSlug } from '../../domain/slugs';
import { type ImageView, postVideoOf, toPostCard } from '../../domain/views';
import type { RichDocument } from '../../rich-content/document';
import { RichContent } from '../../rich-content/render/rich-content';
import { plainText, wordCount } from '../../rich-content/text';
import { apiFetch } from '../api-client';
import type { BlogHandle } from '../blog-shell';
import { PostComments } from '../comments/readers-comments';
import { PostMenu } from '../comments/readers-post-actions';
import { BlogErrorBoundary } from '../components/blog-error';
import { CategoryLabels } from '../components/category-label';
import { ModalProvider } from '../components/modal-stack';
import { PostCounters } from '../components/post-counters';
import { PostMeta } from '../components/post-meta';
import { PostTags } from '../components/post-tags';
import { RelatedPosts } from '../components/related-posts';
import { ResponsiveImage } from '../components/responsive-image';
import { ToastProvider } from '../components/toasts';
import { VideoCover } from '../components/video-cover';
import { contentIsland } from '../engagement/content-islands';
import { PostRating } from '../engagement/post-rating';
import { Island } from '../islands/island';
import { headContextFor } from '../seo/head-site';
import { blogMeta } from '../seo/meta';
import { postHead } from '../seo/page-heads';
import { PostShareBar } from '../sharing/readers-share-bar';
import { useBlogSettings } from '../use-blog';
import type { Route } from './+types/post';
import { notFound, pageBasics } from './feed-params';

// A reader page of islands (decision 053): the menu, rating, share bar, comments, likes and the
// content's interactive parts are islands; the rest is the server's HTML.
export const handle: BlogHandle = {
  mobileTitle: 'post',
  isSharedWithMembers: true,
  hasIslands: true,
};

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
  // Issue 19: one address per post. The other shape, a wrong date and a former slug answer 301
  // (React Router's `redirect` is a 302 unless told), without the query string.
  const canonical = postAddressRedirect(site, post, params);
  if (canonical !== null) throw redirect(canonical, 301);
  const extras = postExtrasView(settings);
  const permissions = permissionSettingsOf(settings, context.site.languages.length > 1);
  // SPEC §3 display toggle: no query at all when the row is hidden.
  const [related, comments, ownerRole] = await Promise.all([
    settings['display.relatedPosts']
      ? context.reader.listRelatedPosts(post.id, extras.related.type, extras.related.count)
      : [],
    // Comments off for the blog: no section, no query (issue 6).
    permissions.commentsEnabled ? context.comments.firstPage(post.id) : null,
    post.owner ? context.comments.ownerRole(post.owner.siteMemberId) : '',
  ]);
  // Highlighted on the server, so the browser gets coloured code without a highlighter.
  const codeHighlights = await context.highlightCode(post.content as unknown as RichDocument);
  // The view is counted once the page has gone, from this header (decision 020).
  return data(
    {
      post,
      extras,
      // What readers may do (issue 6). Who reads, their likes, rating and follows are laid over
      // the page every reader shares (decision 050).
      engagement: {
        permissions,
        comments,
        ownerRole,
        blogId: context.site.id,
        // SPEC §4: on a demo site members' gated actions open the demo-mode modal.
        isDemoMode: context.site.isDemoMode,
        loginHref: `${loginUrl(context.site.blogBase)}?${new URLSearchParams({ next: `${post.link}#comments` })}`,
        // Networks fetch what is shared: absolute addresses (SPEC §3 share channels).
        // The site's configured origin, never the request's Host: this page is every visitor's
        // (decision 028).
        share: sharedPost(post, site.origin, settings),
      },
      related: related.map(toPostCard),
      codeHighlights,
      device: context.device,
      ...pageBasics(context),
      head: postHead(headContextFor(context), {
        post,
        // BlogPosting's wordCount (issue 19), counted as the reading time counts them.
        wordCount: wordCount(plainText(post.content as unknown as RichDocument)),
      }),
    },
    { headers: { [POST_VIEW_HEADER]: post.id } },
  );
}

/** Names the viewed post for the server, which counts the view after sending (decision 020). */
export function headers({ loaderHeaders }: Route.HeadersArgs): HeadersInit {
  const viewed = loaderHeaders.get(POST_VIEW_HEADER);
  return viewed ? { [POST_VIEW_HEADER]: viewed } : {};
}

/**
 * What the share bar shares (SPEC §3 share channels): the post's absolute address and each
 * network's share page for it, the title, and the cover for Pinterest. Built here, on the server,
 * so that the page's script carries no URL builder.
 */
function sharedPost(
  post: { link: string; title: string; cover: ImageView | null },
  origin: string,
  settings: ResolvedSettings,
) {
  const url = new URL(post.link, origin).href;
  const image = post.cover ? new URL(imageSources(post.cover, 1280).src, origin).href : null;
  const links = Object.fromEntries(
    // Only the channels that are on (SPEC §3, §9): the page carries no link it does not show.
    SHARE_NETWORKS.filter((channel) => settings[`share.${channel}` as const] === true).map(
      (channel) => [
        channel,
        shareUrl(channel, url, post.title, channel === 'pinterest' ? image : null),
      ],
    ),
  );
  return { url, links };
}

/** The post's head for search engines and social cards (widget/seo). */
export function meta(args: Route.MetaArgs) {
  return blogMeta(args);
}

/** SPEC §9 content width: the cover spans the article, at most 940 px. */
const COVER_SIZES = '(max-width: 980px) 100vw, 940px';

/** The post page. */
export default function Post() {
  const {
    post,
    extras,
    related,
    now,
    timeZone,
    base,
    codeHighlights,
    device,
    engagement,
    siteName,
  } = useLoaderData<typeof loader>();
  const blogSettings = useBlogSettings();
  const { display, categoryLabel } = blogSettings;
  const video = postVideoOf(post);
  const { permissions } = engagement;
  const postFacts = {
    id: post.id,
    slug: post.slug,
    title: post.title,
    ownerId: post.owner?.siteMemberId ?? '',
    ownerRole: engagement.ownerRole,
    status: post.status as PostStatus,
    isCommentsDisabled: post.isCommentsDisabled,
    isPinned: post.isPinned,
  };
  return (
    <ToastProvider>
      <ModalProvider>
        <article className="post">
          <header className="post__header">
            {display.categoryLabel ? (
              <CategoryLabels categories={post.categories} style={categoryLabel} />
            ) : null}
            <h1 className="post__title" lang={post.language} dir="auto">
              {post.title}
            </h1>
            <div className="post__byline">
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
              {display.moreOptionsMenu ? (
                <PostMenu
                  post={postFacts}
                  settings={permissions}
                  blog={{ id: engagement.blogId, name: siteName }}
                  loginHref={engagement.loginHref}
                  base={base}
                  isDemoMode={engagement.isDemoMode}
                />
              ) : null}
            </div>
          </header>
          {video ? (
            <div className="post__cover">
              <PostVideoCover
                post={{ title: post.title, cover: post.cover, video }}
                sizes={COVER_SIZES}
                ratio="16:9"
                isEager
              />
            </div>
          ) : post.cover ? (
            <div className="post__cover">
              <ResponsiveImage
                image={post.cover}
                sizes={COVER_SIZES}
                isEager
                preferredWidth={960}
              />
            </div>
          ) : null}
          <RichContent
            document={post.content as unknown as RichDocument}
            context={{
              language: post.language,
              hashtagUrl: (word) => hashtagUrl(base, word),
              // SPEC §2, §7 navigateToProfile: mentions lead to the member's profile.
              profileUrl: (slug, siteMemberId) => profileUrl(base, { siteMemberId, slug }),
              codeHighlights,
              device,
              // Only a published post takes votes (a preview shows its polls closed).
              pollEndpoint:
                post.status === 'published' ? (pollId) => pollApiUrl(post.id, pollId) : undefined,
              fetchApi: apiFetch,
              // The parts that need script are islands (gallery, video, poll, the lightbox).
              interactive: contentIsland,
            }}
          />
          {display.tags ? <PostTags tags={post.tags} style={extras.tags} /> : null}
          {display.rating && blogSettings.ratingsEnabled ? (
            <PostRating
              postId={post.id}
              averageRating={post.ratings.averageRating}
              totalRatings={post.ratings.totalRatings}
              myRating={null}
              format={blogSettings.ratingFormat}
            />
          ) : null}
          <footer className="post__footer">
            <PostCounters
              counters={post.counters}
              display={display}
              like={{ postId: post.id, isLiked: false }}
            />
            <PostShareBar
              facts={postFacts}
              settings={permissions}
              post={engagement.share}
              channels={blogSettings.share}
              device={device}
            />
          </footer>
        </article>
        {permissions.commentsEnabled ? (
          <PostComments
            post={{
              id: post.id,
              slug: post.slug,
              title: post.title,
              ownerId: post.owner?.siteMemberId ?? null,
              link: post.link,
            }}
            initial={engagement.comments}
            settings={permissions}
            isDemoMode={engagement.isDemoMode}
            isCommentsDisabled={post.isCommentsDisabled}
            paidPlansGroupIds={post.paidPlansGroupIds}
            loginHref={engagement.loginHref}
            base={base}
            now={now}
            timeZone={timeZone}
            device={device}
          />
        ) : null}
        <PostRelatedPosts
          // What the row reads of the settings, no more: it travels in the island's props.
          settings={{ display: blogSettings.display, categoryLabel: blogSettings.categoryLabel }}
          posts={related}
          type={extras.related.type}
          base={base}
          now={now}
          timeZone={timeZone}
        />
      </ModalProvider>
    </ToastProvider>
  );
}

/**
 * The post's cover video (SPEC §4: it plays in place) as an island; what it plays is the post's
 * and the settings are the blog layout's, which islands read from the page (decision 053).
 */
function PostVideoCover(props: Parameters<typeof VideoCover>[0]) {
  return (
    // Live at once: the cover is at the top, and a hover or autoplay mode acts without a press.
    <Island name="video-cover" props={props} when="visible">
      <VideoCover {...props} />
    </Island>
  );
}

/**
 * Related or recent posts as one island: their cards' likes, menus and video covers come alive
 * together on first use (as the feed's list does, decision 053).
 */
function PostRelatedPosts(props: Parameters<typeof RelatedPosts>[0]) {
  if (props.posts.length === 0) return null;
  return (
    <Island name="related-posts" props={props}>
      <RelatedPosts {...props} />
    </Island>
  );
}

/** Errors (a 404 above all) render inside the blog shell. */
export function ErrorBoundary() {
  return <BlogErrorBoundary />;
}
