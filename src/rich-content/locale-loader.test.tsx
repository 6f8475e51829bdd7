import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addNamespace,
  createTranslator,
  hasMessages,
  setLocaleGate,
  TranslationProvider,
  useTranslation,
} from './i18n';
import { ensureLocale, fetchLocaleFile, installLocaleGate, localeFileName } from './locale-loader';

const FAST = { retries: 5, firstMs: 1 };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function json(body: unknown) {
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
}

describe('fetchLocaleFile (SPEC §7: up to 5 retries, 350 ms doubling)', () => {
  it('retries five times, waiting 350, 700, 1400, 2800 and 5600 ms, then gives up', async () => {
    vi.useFakeTimers();
    try {
      const start = Date.now();
      const calledAt: number[] = [];
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => {
          calledAt.push(Date.now() - start);
          return new Response('down', { status: 503 });
        }),
      );
      const settled = fetchLocaleFile('/assets/locales/de-0123456789/root.json').catch(
        (error: Error) => error,
      );
      await vi.runAllTimersAsync();
      expect(calledAt).toEqual([0, 350, 1050, 2450, 5250, 10850]);
      expect(((await settled) as Error).message).toBe('HTTP 503');
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers the file once a retry succeeds', async () => {
    let calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        ++calls < 3 ? Promise.reject(new TypeError('offline')) : json({ a: 'b' }),
      ),
    );
    await expect(fetchLocaleFile('/x.json', FAST)).resolves.toEqual({ a: 'b' });
    expect(calls).toBe(3);
  });
});

describe('ensureLocale', () => {
  it('adds every namespace in use, from the page’s locale folder', async () => {
    addNamespace('loader-test', { greeting: 'Hello' });
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        asked.push(url);
        return url.endsWith('/root.json')
          ? json({ notFound: { back: 'Zurück zur Startseite' } })
          : json({ greeting: 'Hallo' });
      }),
    );
    await ensureLocale('de', '/assets/locales/de-0123456789/', FAST);
    expect(asked).toContain('/assets/locales/de-0123456789/root.json');
    expect(asked).toContain('/assets/locales/de-0123456789/loader-test.json');
    const { t } = createTranslator('de');
    expect(t('greeting')).toBe('Hallo');
    expect(t('notFound.back')).toBe('Zurück zur Startseite');
    // What is here is not asked for again.
    await ensureLocale('de', '/assets/locales/de-0123456789/', FAST);
    expect(asked.filter((url) => url.endsWith('/root.json'))).toHaveLength(1);
  });

  it('keeps English and says so on the console when a file cannot be loaded', async () => {
    addNamespace('loader-fail', { title: 'Settings' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('gone', { status: 404 })),
    );
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await ensureLocale('fi', '/assets/locales/fi-0123456789/', FAST);
    expect(error.mock.calls.map((call) => String(call[0]))).toContain(
      "Can't load locale fi/loader-fail.json",
    );
    expect(createTranslator('fi').t('title')).toBe('Settings');
    expect(hasMessages('fi', 'loader-fail')).toBe(false);
  });

  it('says the assets are missing when the page names no locale folder', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await ensureLocale('sv', undefined, FAST);
    expect(String(error.mock.calls[0]?.[0])).toBe(
      'Locale assets not provided for sv: showing English',
    );
  });

  it('loads nothing for English', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    await ensureLocale('en', '/assets/locales/en-0123456789/', FAST);
    expect(fetch).not.toHaveBeenCalled();
  });
});

/** A component of a page: one word of the `gate-test` namespace. */
function Word() {
  return <span>{useTranslation().t('word')}</span>;
}

describe('installLocaleGate', () => {
  it('holds a component while a namespace it may use is on its way, then lets it through', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => json(url.endsWith('/root.json') ? {} : { word: 'Ord' })),
    );
    installLocaleGate('/assets/locales/da-0123456789/');
    addNamespace('gate-test', { word: 'Word' });
    const page = () =>
      renderToString(
        <TranslationProvider value={createTranslator('da')}>
          <Suspense fallback={<i>loading</i>}>
            <Word />
          </Suspense>
        </TranslationProvider>,
      );
    // While the Danish words are on their way the page waits (here: its fallback), never English.
    expect(page()).toContain('loading');
    await ensureLocale('da', '/assets/locales/da-0123456789/', FAST);
    expect(page()).toContain('<span>Ord</span>');
    expect(page()).not.toContain('loading');
    setLocaleGate(null);
  });
});

describe('localeFileName', () => {
  it('names the root namespace root.json and the others after themselves', () => {
    expect(localeFileName('')).toBe('root.json');
    expect(localeFileName('dashboard-posts')).toBe('dashboard-posts.json');
  });
});
