/**
 * The comment edit route (SPEC §2 `/:postSlug/edit-comment/:commentId` and
 * `/:year/:month(/:day)/:postSlug/edit-comment/:commentId`; page kind comment_edit_page): the
 * member's own comment to edit (`comments/comment-edit-page.tsx`). A visitor gets the
 * login-required screen (401), another member a refusal (403), a comment that is gone the refusal
 * with 404. An old slug of the post leads to the comment under the post's current one.
 *
 * One member's page: `private, no-store`, never in the page cache (decision 002).
 */
import { data, redirect, useLoaderData } from 'react-router';
import { commentEditUrl } from '../../domain/comment-urls';
import type { BlogHandle } from '../blog-shell';
import { CommentEditPage, CommentEditRefusal } from '../comments/comment-edit-page';
import { BlogErrorBoundary } from '../components/blog-error';
import { privateHead } from '../seo/head';
import { headContextFor } from '../seo/head-site';
import { blogMeta } from '../seo/meta';
import type { Route } from './+types/comment-edit';
import { notFound } from './feed-params';

export const handle: BlogHandle = { mobileTitle: 'post' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STATUS = { 'login-required': 401, forbidden: 403, 'not-found': 404 } as const;

/** The comment and its post, or why not with its HTTP status. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const base = context.site.blogBase;
  const pageHead = headContextFor(context);
  // Never indexed: one member's page.
  const head = privateHead(pageHead, pageHead.t('comments.editPage.metaTitle'));
  if (params.year !== undefined && !/^\d{4}$/.test(params.year)) throw notFound();
  if (!UUID.test(params.commentId)) throw notFound();
  const found = await context.comments.forEditing(params.commentId);
  if (!found.ok) {
    return data(
      { kind: 'refused' as const, reason: found.reason, base, siteName: context.site.name, head },
      { status: STATUS[found.reason] },
    );
  }
  const { comment, post } = found.value;
  // The post's current slug: an old one still finds the comment.
  if (post.slug !== params.postSlug) throw redirect(commentEditUrl(base, post.slug, comment.id));
  return data({
    kind: 'form' as const,
    comment,
    post: { title: post.title, link: post.link },
    base,
    siteName: context.site.name,
    head,
  });
}

/** One member's page: never stored by a browser, a proxy or the page cache. */
export function headers(): HeadersInit {
  return { 'cache-control': 'private, no-store' };
}

/** Title; never indexed. */
export function meta(args: Route.MetaArgs) {
  return blogMeta(args);
}

/** The page. */
export default function CommentEdit() {
  const loaded = useLoaderData<typeof loader>();
  if (loaded.kind === 'refused')
    return <CommentEditRefusal reason={loaded.reason} base={loaded.base} />;
  return <CommentEditPage comment={loaded.comment} post={loaded.post} />;
}

/** Errors (a 404 above all) render inside the blog shell. */
export function ErrorBoundary() {
  return <BlogErrorBoundary />;
}
