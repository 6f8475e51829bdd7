import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  NOTIFICATION_EXCERPT_MAX,
  type NotificationEvent,
  notificationExcerpt,
  notificationGroupKey,
  notificationLink,
  notificationQuote,
  notificationsFilterOf,
  notificationsUrl,
  notificationText,
  unreadBadgeText,
} from './notifications';

const actor = { id: 'm1', name: 'Rae Reader', slug: 'rae-reader' };
const post = { id: 'p1', slug: 'night-trains', title: 'Night trains' };
const comment = { id: 'c2', excerpt: 'Agreed!' };

const EVENTS: Record<string, NotificationEvent> = {
  reply: { kind: 'comment-reply', actor, post, comment, parentCommentId: 'c1' },
  postLike: { kind: 'post-like', actor, post },
  anonymousPostLike: { kind: 'post-like', actor: null, post },
  commentLike: { kind: 'comment-like', actor, post, comment },
  anonymousCommentLike: { kind: 'comment-like', actor: null, post, comment },
  newPostByMember: {
    kind: 'new-post-in-subscription',
    actor,
    post,
    via: { type: 'member', id: 'm1', label: 'Rae Reader' },
  },
  newPostInCategory: {
    kind: 'new-post-in-subscription',
    actor,
    post,
    via: { type: 'category', id: 'k1', label: 'Railways' },
  },
  newPostInBlog: {
    kind: 'new-post-in-subscription',
    actor,
    post,
    via: { type: 'blog', id: 's1', label: 'Inkwell Demo' },
  },
  promoted: { kind: 'role-changed', actor, from: 'user', to: 'writer' },
  promotedBySystem: { kind: 'role-changed', actor: null, from: 'writer', to: 'editor' },
};

/** A `t` that shows which key it was asked for and with what. */
const t = (key: string, options?: Record<string, unknown>) =>
  options ? `${key}${JSON.stringify(options)}` : key;

describe('unreadBadgeText', () => {
  it('is empty at zero, the number up to 99, then 99+', () => {
    expect(unreadBadgeText(0)).toBe('');
    expect(unreadBadgeText(-3)).toBe('');
    expect(unreadBadgeText(Number.NaN)).toBe('');
    expect(unreadBadgeText(1)).toBe('1');
    expect(unreadBadgeText(99)).toBe('99');
    expect(unreadBadgeText(100)).toBe('99+');
    expect(unreadBadgeText(12_345)).toBe('99+');
  });

  it('never says more than three characters', () => {
    fc.assert(fc.property(fc.integer(), (n) => unreadBadgeText(n).length <= 3));
  });
});

describe('notificationLink', () => {
  const SITE = { blogBase: '/blog', postUrlShape: 'slug' as const, timeZone: 'UTC' };

  it('leads to the post, at the comment for replies and comment likes', () => {
    expect(notificationLink(SITE, EVENTS.reply!)).toBe('/blog/night-trains#comment-c2');
    expect(notificationLink(SITE, EVENTS.commentLike!)).toBe('/blog/night-trains#comment-c2');
    expect(notificationLink(SITE, EVENTS.postLike!)).toBe('/blog/night-trains');
    expect(notificationLink({ ...SITE, blogBase: '/blog/' }, EVENTS.newPostInBlog!)).toBe(
      '/blog/night-trains',
    );
    expect(notificationLink({ ...SITE, blogBase: '' }, EVENTS.postLike!)).toBe('/night-trains');
  });

  it('leads a role change to the blog’s home', () => {
    expect(notificationLink(SITE, EVENTS.promoted!)).toBe('/blog');
    expect(notificationLink({ ...SITE, blogBase: '' }, EVENTS.promoted!)).toBe('/');
  });

  it('links the post as it is now, at its dated address when the site uses dates', () => {
    const current = new Map([
      ['p1', { slug: 'night-trains-2', firstPublishedDate: '2026-04-30T23:30:00Z' }],
    ]);
    const dated = { ...SITE, postUrlShape: 'date' as const, timeZone: 'Europe/Paris' };
    expect(notificationLink(dated, EVENTS.postLike!, current)).toBe(
      '/blog/2026/05/01/night-trains-2',
    );
    expect(notificationLink(SITE, EVENTS.postLike!, current)).toBe('/blog/night-trains-2');
  });

  it('encodes the slug', () => {
    const event: NotificationEvent = { kind: 'post-like', actor, post: { ...post, slug: 'café' } };
    expect(notificationLink(SITE, event)).toBe('/blog/caf%C3%A9');
  });
});

describe('notificationGroupKey', () => {
  it('folds likes by what was liked and replies by the comment replied to', () => {
    expect(notificationGroupKey(EVENTS.postLike!)).toBe('post-like:p1');
    expect(notificationGroupKey(EVENTS.anonymousPostLike!)).toBe('post-like:p1');
    expect(notificationGroupKey(EVENTS.commentLike!)).toBe('comment-like:c2');
    expect(notificationGroupKey(EVENTS.reply!)).toBe('comment-reply:c1');
  });

  it('never folds a new post or a role change', () => {
    expect(notificationGroupKey(EVENTS.newPostInBlog!)).toBeNull();
    expect(notificationGroupKey(EVENTS.promoted!)).toBeNull();
  });

  it('keeps kinds apart on the same target', () => {
    const onPost: NotificationEvent = { kind: 'post-like', actor, post: { ...post, id: 'x' } };
    const onComment: NotificationEvent = {
      kind: 'comment-like',
      actor,
      post,
      comment: { id: 'x', excerpt: '' },
    };
    expect(notificationGroupKey(onPost)).not.toBe(notificationGroupKey(onComment));
  });
});

describe('notificationText', () => {
  it('picks the key of each kind with the names it needs', () => {
    expect(notificationText(t, EVENTS.reply!)).toBe(
      'notifications.message.commentReply{"name":"Rae Reader","title":"Night trains"}',
    );
    expect(notificationText(t, EVENTS.postLike!)).toBe(
      'notifications.message.postLike{"name":"Rae Reader","title":"Night trains"}',
    );
    expect(notificationText(t, EVENTS.anonymousPostLike!)).toBe(
      'notifications.message.postLikeAnonymous{"title":"Night trains"}',
    );
    expect(notificationText(t, EVENTS.commentLike!)).toContain('message.commentLike{');
    expect(notificationText(t, EVENTS.anonymousCommentLike!)).toContain(
      'message.commentLikeAnonymous{',
    );
    expect(notificationText(t, EVENTS.newPostByMember!)).toBe(
      'notifications.message.newPost.member{"name":"Rae Reader","title":"Night trains","label":"Rae Reader"}',
    );
    expect(notificationText(t, EVENTS.newPostInCategory!)).toContain(
      'message.newPost.category{"name":"Rae Reader","title":"Night trains","label":"Railways"}',
    );
    expect(notificationText(t, EVENTS.newPostInBlog!)).toContain('message.newPost.blog{');
    expect(notificationText(t, EVENTS.promoted!)).toBe(
      'notifications.message.roleChanged{"name":"Rae Reader","role":"notifications.role.writer"}',
    );
    expect(notificationText(t, EVENTS.promotedBySystem!)).toBe(
      'notifications.message.roleChangedBySystem{"role":"notifications.role.editor"}',
    );
  });

  it('asks for the folded key with the others counted, everybody for a visitor', () => {
    expect(notificationText(t, EVENTS.postLike!, 2)).toBe(
      'notifications.message.postLikeFolded{"name":"Rae Reader","title":"Night trains","count":2}',
    );
    expect(notificationText(t, EVENTS.anonymousPostLike!, 2)).toBe(
      'notifications.message.postLikeAnonymousFolded{"title":"Night trains","count":3}',
    );
    expect(notificationText(t, EVENTS.reply!, 1)).toContain('message.commentReplyFolded{');
    // Kinds that never fold read as alone.
    expect(notificationText(t, EVENTS.promoted!, 2)).toBe(notificationText(t, EVENTS.promoted!));
  });

  it('quotes the reply and the liked comment only', () => {
    expect(notificationQuote(EVENTS.reply!)).toBe('Agreed!');
    expect(notificationQuote(EVENTS.commentLike!)).toBe('Agreed!');
    expect(notificationQuote(EVENTS.postLike!)).toBeNull();
    expect(notificationQuote(EVENTS.promoted!)).toBeNull();
  });
});

describe('notificationExcerpt', () => {
  it('keeps short text, flattening its white space', () => {
    expect(notificationExcerpt('  Agreed,\n\nthe sleeper  is best. ')).toBe(
      'Agreed, the sleeper is best.',
    );
  });

  it('cuts long text on a word with an ellipsis, within the limit', () => {
    const long = 'word '.repeat(60);
    const excerpt = notificationExcerpt(long);
    expect(excerpt.endsWith('word…')).toBe(true);
    expect(excerpt.length).toBeLessThanOrEqual(NOTIFICATION_EXCERPT_MAX);
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (text) => {
        expect(notificationExcerpt(text).length).toBeLessThanOrEqual(NOTIFICATION_EXCERPT_MAX);
      }),
    );
  });
});

describe('notificationsUrl', () => {
  it('names the page past the first and the unread filter, nothing else', () => {
    expect(notificationsUrl('/blog')).toBe('/blog/notifications');
    expect(notificationsUrl('/blog/', 1)).toBe('/blog/notifications');
    expect(notificationsUrl('/blog', 3)).toBe('/blog/notifications?page=3');
    expect(notificationsUrl('/blog', 1, 'unread')).toBe('/blog/notifications?filter=unread');
    expect(notificationsUrl('/blog', 2, 'unread')).toBe('/blog/notifications?filter=unread&page=2');
    expect(notificationsUrl('/blog', 2.5, 'all')).toBe('/blog/notifications');
  });

  it('reads back the filter it wrote, and anything else as all', () => {
    for (const filter of ['all', 'unread'] as const) {
      const url = new URL(notificationsUrl('/blog', 2, filter), 'https://example.test');
      expect(notificationsFilterOf(url.searchParams.get('filter'))).toBe(filter);
    }
    expect(notificationsFilterOf(null)).toBe('all');
    expect(notificationsFilterOf('UNREAD')).toBe('all');
  });
});
