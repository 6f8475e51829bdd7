import { describe, expect, it } from 'vitest';
import type { NotificationView } from '../../domain/notifications';
import { withArrived, withRead } from './notification-lines';

const post = { id: 'p1', slug: 'p', title: 'P' };
const line = (id: string, over: Partial<NotificationView> = {}): NotificationView => ({
  id,
  isRead: false,
  readAt: null,
  createdAt: '2031-01-01T00:00:00.000Z',
  link: '/blog/p',
  event: { kind: 'post-like', actor: null, post },
  groupKey: 'post-like:p1',
  others: 0,
  ...over,
});

describe('withArrived', () => {
  it('replaces the unread line of its fold and goes on top', () => {
    const lines = [line('a', { groupKey: 'post-like:p2' }), line('b')];
    const arrived = line('c', { others: 1 });
    expect(withArrived(lines, arrived).map((l) => [l.id, l.others])).toEqual([
      ['c', 1],
      ['a', 0],
    ]);
  });

  it('keeps a read line of the same fold, and lines that never fold', () => {
    const read = line('b', { isRead: true, readAt: '2031-01-02T00:00:00.000Z' });
    const lone = line('d', { groupKey: null });
    const arrived = line('c');
    expect(withArrived([read, lone], arrived).map((l) => l.id)).toEqual(['c', 'b', 'd']);
    // Two that never fold never replace each other.
    expect(withArrived([lone], line('e', { groupKey: null })).map((l) => l.id)).toEqual(['e', 'd']);
  });

  it('never shows the same line twice', () => {
    expect(withArrived([line('a')], line('a', { others: 2 })).map((l) => l.others)).toEqual([2]);
  });
});

describe('withRead', () => {
  it('marks the given lines read at the moment given, leaving earlier reads alone', () => {
    const earlier = '2031-01-01T10:00:00.000Z';
    const lines = [line('a'), line('b'), line('c', { isRead: true, readAt: earlier })];
    const now = '2031-01-03T00:00:00.000Z';
    expect(withRead(lines, new Set(['a']), now).map((l) => [l.id, l.readAt])).toEqual([
      ['a', now],
      ['b', null],
      ['c', earlier],
    ]);
    expect(withRead(lines, null, now).every((l) => l.isRead)).toBe(true);
    expect(withRead(lines, null, now)[2]!.readAt).toBe(earlier);
  });
});
