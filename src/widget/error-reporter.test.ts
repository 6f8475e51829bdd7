/**
 * The page's error reporter (decision 042): batched on a timer, deduplicated and counted, capped
 * per page, sampled under a storm, never throwing.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CHUNK_ERROR_EVENT,
  ERROR_REPORTS_PER_BATCH,
  ERROR_REPORTS_PER_PAGE,
} from '../domain/error-limits';
import {
  FLUSH_DELAY_MS,
  flushErrors,
  installErrorReporter,
  reportError,
  resetReporterForTests,
  SAMPLE_EVERY,
  STORM_LIMIT,
} from './error-reporter';

interface SentReport {
  source: string;
  message: string;
  stack?: string;
  url: string;
  count: number;
}

let batches: SentReport[][];

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('location', { href: 'https://blog.test/blog/post-1' });
  batches = [];
  resetReporterForTests((body) =>
    batches.push((JSON.parse(body) as { reports: SentReport[] }).reports),
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** An error thrown at `line` of a made-up chunk. */
function errorAt(message: string, line = 1): Error {
  const error = new Error(message);
  error.stack = `Error: ${message}\n    at f (https://blog.test/assets/a-12345678.js:${line}:10)`;
  return error;
}

describe('reportError', () => {
  it('sends nothing at once, then one batch after the delay', () => {
    reportError('error', errorAt('Boom'));
    expect(batches).toHaveLength(0);
    vi.advanceTimersByTime(FLUSH_DELAY_MS);
    expect(batches).toEqual([
      [
        {
          source: 'error',
          message: 'Error: Boom',
          stack: expect.stringContaining('a-12345678.js:1:10'),
          url: 'https://blog.test/blog/post-1',
          count: 1,
        },
      ],
    ]);
  });

  it('counts the same error once per batch, and sends it again only when it happens again', () => {
    for (let i = 0; i < 5; i += 1) reportError('error', errorAt('Boom'));
    vi.advanceTimersByTime(FLUSH_DELAY_MS);
    expect(batches[0]).toHaveLength(1);
    expect(batches[0]?.[0]?.count).toBe(5);
    vi.advanceTimersByTime(FLUSH_DELAY_MS * 3);
    expect(batches).toHaveLength(1);
    reportError('error', errorAt('Boom'));
    flushErrors();
    expect(batches[1]).toEqual([expect.objectContaining({ message: 'Error: Boom', count: 1 })]);
  });

  it('tells errors apart by message and top of stack', () => {
    reportError('error', errorAt('Boom', 1));
    reportError('error', errorAt('Boom', 2));
    reportError('rejection', 'a plain reason');
    flushErrors();
    expect(batches[0]?.map((r) => [r.source, r.message])).toEqual([
      ['error', 'Error: Boom'],
      ['error', 'Error: Boom'],
      ['rejection', 'a plain reason'],
    ]);
  });

  it('sends at most a batch of reports per request and caps distinct errors per page', () => {
    for (let i = 0; i < ERROR_REPORTS_PER_PAGE + 5; i += 1)
      reportError('error', errorAt(`E${i}`, i));
    flushErrors();
    expect(batches.every((b) => b.length <= ERROR_REPORTS_PER_BATCH)).toBe(true);
    expect(batches.flat()).toHaveLength(ERROR_REPORTS_PER_PAGE);
  });

  it('samples a storm: past the limit, one in SAMPLE_EVERY is kept and counts for them all', () => {
    const total = STORM_LIMIT + SAMPLE_EVERY * 50;
    for (let i = 0; i < total; i += 1) reportError('error', errorAt('Storm'));
    flushErrors();
    const [report] = batches.flat();
    expect(report?.count).toBe(total);
  });

  it('marks a boundary showing a failed lazy chunk as a chunk failure', () => {
    reportError('boundary', new TypeError('Failed to fetch dynamically imported module: x.js'));
    flushErrors();
    expect(batches[0]?.[0]?.source).toBe('chunk');
  });

  it('never throws, whatever it is given or however sending fails', () => {
    resetReporterForTests(() => {
      throw new Error('network');
    });
    const hostile = {
      get message() {
        throw new Error('getter');
      },
      toString() {
        throw new Error('toString');
      },
    };
    expect(() => reportError('error', hostile)).not.toThrow();
    reportError('error', errorAt('ok'));
    expect(() => flushErrors()).not.toThrow();
  });
});

describe('installErrorReporter', () => {
  it('reports uncaught errors, rejections and failed chunks, and sends them when the page goes', () => {
    const page = new EventTarget();
    vi.stubGlobal('window', page);
    installErrorReporter({ sentryDsn: null, release: 'test' });
    const uncaught = Object.assign(new Event('error'), { error: errorAt('Uncaught') });
    page.dispatchEvent(uncaught);
    const rejection = Object.assign(new Event('unhandledrejection'), { reason: 'Rejected' });
    page.dispatchEvent(rejection);
    page.dispatchEvent(new CustomEvent(CHUNK_ERROR_EVENT, { detail: new Error('chunk gone') }));
    // A resource that failed to load carries neither an error nor a message: not a script error.
    page.dispatchEvent(new Event('error'));
    expect(batches).toHaveLength(0);
    page.dispatchEvent(new Event('pagehide'));
    expect(batches[0]?.map((r) => [r.source, r.message])).toEqual([
      ['error', 'Error: Uncaught'],
      ['rejection', 'Rejected'],
      ['chunk', 'Error: chunk gone'],
    ]);
  });
});
