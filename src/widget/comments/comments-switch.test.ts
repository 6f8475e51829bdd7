import { describe, expect, it, vi } from 'vitest';
import { commentsOff, forgetSwitch, subscribeToSwitches, switchComments } from './comments-switch';

describe('the post’s commenting switch', () => {
  it('answers the page’s value until the menu switches, then the switch', () => {
    expect(commentsOff('post-a', false)).toBe(false);
    switchComments('post-a', true);
    expect(commentsOff('post-a', false)).toBe(true);
    switchComments('post-a', false);
    expect(commentsOff('post-a', true)).toBe(false);
  });

  it('keeps one post’s switch to that post', () => {
    switchComments('post-b', true);
    expect(commentsOff('post-c', false)).toBe(false);
  });

  it('answers the page’s value again once the page that switched is gone', () => {
    switchComments('post-d', true);
    forgetSwitch('post-d');
    expect(commentsOff('post-d', false)).toBe(false);
  });

  it('tells its readers of each switch until they stop listening', () => {
    const listener = vi.fn();
    const stop = subscribeToSwitches(listener);
    switchComments('post-e', true);
    forgetSwitch('post-e');
    // Nothing to forget: nobody is told.
    forgetSwitch('post-e');
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
    switchComments('post-e', false);
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
