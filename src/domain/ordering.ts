/** The fields the feed order looks at; any post shape that has them can be sorted. */
export interface FeedOrderable {
  isPinned: boolean;
  firstPublishedDate: string | Date | null;
  id: string;
}

/** Milliseconds of a publish date, or null when it is missing or invalid. */
function publishedTime(value: string | Date | null): number | null {
  if (value === null) return null;
  const time = value instanceof Date ? value.getTime() : Date.parse(value);
  return Number.isNaN(time) ? null : time;
}

/**
 * Feed order for `Array.prototype.sort` (SPEC §4 Ordering): pinned first, then first-published
 * date newest first, posts without a valid date after dated ones, then id descending so equal
 * dates keep a stable order across pages.
 */
export function comparePostsForFeed(a: FeedOrderable, b: FeedOrderable): number {
  if (a.isPinned !== b.isPinned) return a.isPinned ? -1 : 1;
  const timeA = publishedTime(a.firstPublishedDate);
  const timeB = publishedTime(b.firstPublishedDate);
  if (timeA !== timeB) {
    if (timeA === null) return 1;
    if (timeB === null) return -1;
    return timeB - timeA;
  }
  if (a.id === b.id) return 0;
  return a.id < b.id ? 1 : -1;
}

/** A copy of `posts` in feed order (SPEC §4); the input is left as it is. */
export function sortPostsForFeed<T extends FeedOrderable>(posts: readonly T[]): T[] {
  return [...posts].sort(comparePostsForFeed);
}
