import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  loadPinterestScript,
  PINTEREST_ATTEMPTS,
  PINTEREST_RETRY_MS,
  PINTEREST_SCRIPT_URL,
  resetPinterestScript,
  type ScriptHost,
} from './pinterest';

type FakeScript = ReturnType<ScriptHost['createScript']> & {
  attributes: Record<string, string>;
  isRemoved: boolean;
};

/** A page whose scripts fail `failures` times, then load. */
function fakeHost(failures: number) {
  const appended: FakeScript[] = [];
  const host: ScriptHost = {
    createScript: () => {
      const script: FakeScript = {
        src: '',
        async: false,
        attributes: {},
        isRemoved: false,
        onload: null,
        onerror: null,
        setAttribute(name, value) {
          this.attributes[name] = value;
        },
        remove() {
          this.isRemoved = true;
        },
      };
      return script;
    },
    append: (script) => {
      appended.push(script as FakeScript);
      const settle = appended.length <= failures ? script.onerror : script.onload;
      queueMicrotask(() => settle?.(new Event('load')));
    },
    setTimeout: (run, ms) => setTimeout(run, ms),
  };
  return { host, appended };
}

afterEach(() => {
  resetPinterestScript();
  vi.useRealTimers();
});

describe('loadPinterestScript', () => {
  it('loads the pin script once, asynchronously, with the hover buttons on', async () => {
    const { host, appended } = fakeHost(0);
    await expect(loadPinterestScript(host)).resolves.toBe(true);
    await loadPinterestScript(host);
    expect(appended).toHaveLength(1);
    expect(appended[0]).toMatchObject({ src: PINTEREST_SCRIPT_URL, async: true });
    expect(appended[0]!.attributes['data-pin-hover']).toBe('true');
  });

  it('tries again 200 ms after a failure, up to 5 times, then gives up', async () => {
    vi.useFakeTimers();
    const { host, appended } = fakeHost(Number.POSITIVE_INFINITY);
    const result = loadPinterestScript(host);
    await vi.advanceTimersByTimeAsync(0);
    expect(appended).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(PINTEREST_RETRY_MS - 1);
    expect(appended).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(appended).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(PINTEREST_RETRY_MS * 10);
    await expect(result).resolves.toBe(false);
    expect(appended).toHaveLength(PINTEREST_ATTEMPTS);
    expect(appended.every((script) => script.isRemoved)).toBe(true);
  });

  it('stops trying once an attempt loads', async () => {
    vi.useFakeTimers();
    const { host, appended } = fakeHost(2);
    const result = loadPinterestScript(host);
    await vi.advanceTimersByTimeAsync(PINTEREST_RETRY_MS * 10);
    await expect(result).resolves.toBe(true);
    expect(appended).toHaveLength(3);
    expect(appended[2]!.isRemoved).toBe(false);
  });
});
