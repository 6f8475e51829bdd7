/** The reader's state of the posts and comments a page shows (decision 030). */
import { likerKeyOf, type ReaderStateQuery } from '../../../domain/engagement';
import type { LikeStateView } from '../../../domain/likes';
import type { Actor } from '../../../domain/permissions';
import { ratingsView } from '../../../domain/ratings';
import type { PostReaderState, ReaderStateView } from '../../../domain/reader-state';
import type { SiteView } from '../../../domain/views';
import { countsOf } from './counts.server';
import { likedBy, ratingsBy } from './own.server';
import type { ReaderStateContext } from './snapshot.server';

/** Who asks: the actor (a member's session) and the visitor id cookie, if any. */
export interface StateReader {
  actor: Actor;
  visitorId: string | null;
}

/**
 * The reader's state of the posts and comments a page shows: their likes, their rating and
 * counts at most `maxAgeMs` old. Unpublished or unknown ids are left out.
 */
export async function read(
  context: ReaderStateContext,
  reader: StateReader,
  site: SiteView,
  query: ReaderStateQuery,
): Promise<ReaderStateView> {
  const likerKey = likerKeyOf(reader.actor, reader.visitorId);
  const [postCounts, commentCounts, liked, rated] = await Promise.all([
    countsOf(context, site, 'post', query.posts),
    countsOf(context, site, 'comment', query.comments),
    likedBy(context, site, likerKey, query.posts, query.comments),
    ratingsBy(context, site, reader.actor, query.posts),
  ]);
  return statesOf(postCounts, commentCounts, liked, rated);
}

/** The posts' and comments' states from their counts and the reader's likes and ratings. */
export function statesOf(
  postCounts: Awaited<ReturnType<typeof countsOf>>,
  commentCounts: Awaited<ReturnType<typeof countsOf>>,
  liked: ReadonlySet<string>,
  rated: ReadonlyMap<string, number>,
): ReaderStateView {
  const postStates: Record<string, PostReaderState> = {};
  for (const [id, counts] of postCounts) {
    postStates[id] = {
      isLiked: liked.has(`post|${id}`),
      likeCount: counts.likeCount,
      ...ratingsView({ sum: counts.ratingSum, count: counts.ratingCount }),
      myRating: rated.get(id) ?? null,
    };
  }
  const commentStates: Record<string, LikeStateView> = {};
  for (const [id, counts] of commentCounts) {
    commentStates[id] = { isLiked: liked.has(`comment|${id}`), likeCount: counts.likeCount };
  }
  return { posts: postStates, comments: commentStates };
}
