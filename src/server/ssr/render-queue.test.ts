import { describe, expect, it } from 'vitest';
import { createRenderQueue } from './render-queue.server';

/** A render that takes `turns` loop turns and records when it starts and ends. */
function render(name: string, log: string[], turns = 2) {
  return async () => {
    log.push(`start ${name}`);
    for (let i = 0; i < turns; i++) await new Promise<void>((resolve) => setImmediate(resolve));
    log.push(`end ${name}`);
    return name;
  };
}

describe('createRenderQueue', () => {
  it('runs renders in the order they came, at most `limit` at once', async () => {
    const queue = createRenderQueue(2);
    const log: string[] = [];
    let running = 0;
    let mostAtOnce = 0;
    const tracked = (name: string) => async () => {
      running++;
      mostAtOnce = Math.max(mostAtOnce, running);
      try {
        return await render(name, log)();
      } finally {
        running--;
      }
    };
    const results = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((n) => queue(tracked(n))));
    expect(results).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(mostAtOnce).toBe(2);
    const starts = log.filter((line) => line.startsWith('start')).map((line) => line.slice(6));
    expect(starts).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('gives the event loop a turn before each render, even when renders never yield', async () => {
    const queue = createRenderQueue(1);
    const log: string[] = [];
    // Renders that finish without ever leaving the microtask queue, like a render on PGlite.
    const synchronous = (name: string) => async () => {
      log.push(name);
      // A request reaches the socket while this render runs: the loop reads it on its next turn.
      if (name === 'render 1') setImmediate(() => log.push('loop turn'));
      return name;
    };
    await Promise.all([queue(synchronous('render 1')), queue(synchronous('render 2'))]);
    expect(log).toEqual(['render 1', 'loop turn', 'render 2']);
  });

  it('passes a render’s failure to its caller and goes on with the next', async () => {
    const queue = createRenderQueue(1);
    const failing = queue(async () => {
      throw new Error('loader failed');
    });
    const next = queue(async () => 'next');
    await expect(failing).rejects.toThrow('loader failed');
    await expect(next).resolves.toBe('next');
  });
});
