/**
 * The post page, `/:postSlug` and `/:year/:month(/:day)/:postSlug` (SPEC §2): title, author,
 * date, reading time, cover, content, categories and tags. Its own chunk (SPEC §1 post-page).
 */

import { Link, redirect, useLoaderData } from 'react-router';
import { categoryUrl, hashtagUrl } from '../../domain/routes';
import { isReservedSlug } from '../../domain/slugs';
import type { RichDocument } from '../../rich-content/document';
import { RichContent } from '../../rich-content/render/rich-content';
import { BlogErrorBoundary } from '../components/blog-error';
import { PostCounters } from '../components/post-counters';
import { PostMeta } from '../components/post-meta';
import { ResponsiveImage } from '../components/responsive-image';
import { pageTitle, useTranslation } from '../i18n';
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
  const post = await context.reader.getPostBySlug(params.postSlug);
  if (!post) throw notFound();
  return { post, ...pageBasics(context) };
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

/** The post page. */
export default function Post() {
  const { post, now, timeZone, base } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <article className="post">
      <header className="post__header">
        {post.categories.length > 0 ? (
          <ul className="post__categories" aria-label={t('post.categories')}>
            {post.categories.map((c) => (
              <li key={c.id}>
                <Link className="category-label" to={c.link}>
                  {c.label}
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
        <h1 className="post__title">{post.title}</h1>
        <PostMeta
          owner={post.owner}
          date={post.firstPublishedDate}
          timeToRead={post.timeToRead}
          now={now}
          timeZone={timeZone}
          avatarSize={40}
        />
      </header>
      {post.cover ? (
        <div className="post__cover">
          <ResponsiveImage
            image={post.cover}
            sizes="(max-width: 980px) 100vw, 940px"
            isEager
            preferredWidth={960}
          />
        </div>
      ) : null}
      <RichContent
        document={post.content as unknown as RichDocument}
        context={{ hashtagUrl: (word) => hashtagUrl(base, word) }}
      />
      {post.tags.length > 0 ? (
        <ul className="post__tags" aria-label={t('post.tags')}>
          {post.tags.map((tag) => (
            <li key={tag.id}>
              <Link className="tag" to={tag.link}>
                {tag.label}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <footer className="post__footer">
        <PostCounters counters={post.counters} />
      </footer>
    </article>
  );
}

/** Errors (a 404 above all) render inside the blog shell. */
export function ErrorBoundary() {
  return <BlogErrorBoundary />;
}
