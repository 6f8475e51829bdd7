/**
 * A folded notification's sentence in the English the pages show (locales/notifications), with
 * the plural forms: "Ana and 1 other…", "Ana and 3 others…", "4 people…" when its newest was a
 * visitor; a line alone reads as before.
 */
import { describe, expect, it } from 'vitest';
import notificationsEn from '../../../locales/notifications/en.json';
import { type NotificationEvent, notificationText } from '../../domain/notifications';
import { createTranslator } from '../i18n';

const { t } = createTranslator('en', notificationsEn);
const actor = { id: 'm1', name: 'Ana Alves', slug: 'ana-alves' };
const post = { id: 'p1', slug: 'tidal-flats', title: 'Tidal flats' };
const comment = { id: 'c2', excerpt: 'So true' };

describe('a folded line', () => {
  it('names the newest and counts the others', () => {
    const like: NotificationEvent = { kind: 'post-like', actor, post };
    expect(notificationText(t, like)).toBe('Ana Alves liked your post “Tidal flats”');
    expect(notificationText(t, like, 1)).toBe(
      'Ana Alves and 1 other liked your post “Tidal flats”',
    );
    expect(notificationText(t, like, 3)).toBe(
      'Ana Alves and 3 others liked your post “Tidal flats”',
    );
    expect(notificationText(t, { kind: 'comment-like', actor, post, comment }, 2)).toBe(
      'Ana Alves and 2 others liked your comment on “Tidal flats”',
    );
    expect(
      notificationText(
        t,
        { kind: 'comment-reply', actor, post, comment, parentCommentId: 'c1' },
        1,
      ),
    ).toBe('Ana Alves and 1 other replied to your comment on “Tidal flats”');
  });

  it('counts everybody when its newest was a visitor', () => {
    expect(notificationText(t, { kind: 'post-like', actor: null, post }, 3)).toBe(
      '4 people liked your post “Tidal flats”',
    );
    expect(notificationText(t, { kind: 'comment-like', actor: null, post, comment }, 1)).toBe(
      '2 people liked your comment on “Tidal flats”',
    );
    expect(notificationText(t, { kind: 'post-like', actor: null, post })).toBe(
      'Someone liked your post “Tidal flats”',
    );
  });
});
