/** The published post or comment a like or a rating is about; 404 otherwise (decision 020). */
import { and, eq } from 'drizzle-orm';
import type { SiteView } from '../../../domain/views';
import { comments, posts } from '../../db/schema.server';
import { NotFoundError } from '../../errors.server';
import type { EngagementContext } from './context.server';

/** A published post of the site, as a like or a rating needs it; 404 otherwise. */
export async function publishedPost(deps: EngagementContext, site: SiteView, postId: string) {
  const [post] = await deps.db
    .select({ id: posts.id, slug: posts.slug, title: posts.title, ownerId: posts.ownerId })
    .from(posts)
    .where(and(eq(posts.siteId, site.id), eq(posts.id, postId), eq(posts.status, 'published')))
    .limit(1);
  if (!post) throw new NotFoundError('post_not_found', 'Post not found');
  return post;
}

/** A published comment on a published post of the site; 404 otherwise. */
export async function publishedComment(deps: EngagementContext, site: SiteView, commentId: string) {
  const [comment] = await deps.db
    .select({
      id: comments.id,
      authorId: comments.authorId,
      text: comments.contentText,
      postId: posts.id,
      postSlug: posts.slug,
      postTitle: posts.title,
    })
    .from(comments)
    .innerJoin(posts, and(eq(posts.siteId, comments.siteId), eq(posts.id, comments.postId)))
    .where(
      and(
        eq(comments.siteId, site.id),
        eq(comments.id, commentId),
        eq(comments.status, 'published'),
        eq(posts.status, 'published'),
      ),
    )
    .limit(1);
  if (!comment) throw new NotFoundError('comment_not_found', 'Comment not found');
  return comment;
}
