import { describe, expect, it } from 'vitest';
import { createNotificationHub, type HubMessage } from './notification-hub.server';

describe('the notification hub', () => {
  it('delivers a member’s messages to that member’s listeners only', () => {
    const hub = createNotificationHub<string>();
    const got: Record<string, HubMessage<string>[]> = { a1: [], a2: [], b: [], otherSite: [] };
    hub.subscribe('s1', 'a', (m) => got.a1!.push(m));
    hub.subscribe('s1', 'a', (m) => got.a2!.push(m));
    hub.subscribe('s1', 'b', (m) => got.b!.push(m));
    hub.subscribe('s2', 'a', (m) => got.otherSite!.push(m));
    hub.publish('s1', 'a', { type: 'unread', unread: 4 });
    expect(got.a1).toEqual([{ type: 'unread', unread: 4 }]);
    expect(got.a2).toEqual([{ type: 'unread', unread: 4 }]);
    expect(got.b).toEqual([]);
    expect(got.otherSite).toEqual([]);
    expect(hub.hasListeners('s1', 'a')).toBe(true);
    expect(hub.hasListeners('s1', 'c')).toBe(false);
    hub.publish('s1', 'c', { type: 'unread', unread: 1 });
  });

  it('forgets a listener that stopped, and the member once none is left', () => {
    const hub = createNotificationHub<string>();
    const got: HubMessage<string>[] = [];
    const one = hub.subscribe('s1', 'a', (m) => got.push(m));
    expect(one.ok).toBe(true);
    if (!one.ok) return;
    expect(hub.size()).toBe(1);
    one.unsubscribe();
    one.unsubscribe();
    expect(hub.size()).toBe(0);
    expect(hub.hasListeners('s1', 'a')).toBe(false);
    hub.publish('s1', 'a', { type: 'unread', unread: 1 });
    expect(got).toEqual([]);
  });

  it('bounds the streams of a member and of the process', () => {
    const hub = createNotificationHub<string>({ perMember: 2, total: 3 });
    const noop = () => {};
    expect(hub.subscribe('s1', 'a', noop).ok).toBe(true);
    expect(hub.subscribe('s1', 'a', noop).ok).toBe(true);
    expect(hub.subscribe('s1', 'a', noop)).toEqual({ ok: false, reason: 'member-limit' });
    expect(hub.subscribe('s1', 'b', noop).ok).toBe(true);
    expect(hub.subscribe('s1', 'c', noop)).toEqual({ ok: false, reason: 'total-limit' });
    expect(hub.size('s1', 'a')).toBe(2);
    expect(hub.size()).toBe(3);
  });

  it('drops a listener that throws and still delivers to the others', () => {
    const hub = createNotificationHub<string>();
    const got: number[] = [];
    hub.subscribe('s1', 'a', () => {
      throw new Error('socket gone');
    });
    hub.subscribe('s1', 'a', (m) => got.push(m.unread));
    hub.publish('s1', 'a', { type: 'unread', unread: 2 });
    expect(got).toEqual([2]);
    expect(hub.size('s1', 'a')).toBe(1);
  });

  it('runs the close handlers once, except those removed', () => {
    const hub = createNotificationHub<string>();
    const closed: string[] = [];
    hub.onClose(() => closed.push('first'));
    const remove = hub.onClose(() => closed.push('second'));
    remove();
    hub.closeAll();
    hub.closeAll();
    expect(closed).toEqual(['first']);
  });
});
