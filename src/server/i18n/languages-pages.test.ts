/**
 * Issue 22: a blog renders in its language from the first byte, on the server: `<html lang dir>`,
 * every word of the page in that language (English where a key has no translation), the post's
 * own words marked with the post's language and direction, and the browser told where the
 * language's locale files are.
 */
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildPost, createMember, createTestSite } from '../testing/factories.server';
import { setUpTestApp } from '../testing/test-app.server';
import { localeAssetFolders, localesFolder, readLanguage } from './locales.server';

const harness = setUpTestApp({ pages: true, site: { name: 'Languages' } });
const sites: Record<string, { host: string; slug: string }> = {};

/** A locale file's value by dotted key. */
function word(language: string, namespace: string, key: string): string {
  const file = namespace === '' ? `${language}.json` : `${namespace}/${language}.json`;
  let node: unknown = JSON.parse(readFileSync(path.join(localesFolder(), file), 'utf8'));
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  return node as string;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');

beforeAll(async () => {
  for (const language of ['ar', 'he', 'de', 'ja', 'fi']) {
    const site = await createTestSite(harness.db, { language });
    const author = await createMember(harness.db, site.id, { name: 'Writer' });
    const post = buildPost(site.id, author.id, {
      title: language === 'ar' ? 'مرحبا بالعالم' : `Post ${language}`,
      language,
      body: 'Text.',
    });
    await harness.app.services.postWriter.insertPost(post);
    sites[language] = { host: site.host, slug: post.slug };
  }
});

async function page(language: string, url: string) {
  const response = await harness.app.inject({ url, headers: { host: sites[language]!.host } });
  expect(response.statusCode).toBe(200);
  return response.body;
}

describe('a blog in its language (issue 22)', () => {
  it.each([
    ['ar', 'rtl'],
    ['he', 'rtl'],
    ['de', 'ltr'],
    ['ja', 'ltr'],
    ['fi', 'ltr'],
  ])(
    'renders the feed in %s, %s, with the header words of that language',
    async (language, dir) => {
      const html = await page(language, '/blog');
      expect(html).toContain(`<html lang="${language}" dir="${dir}"`);
      for (const key of ['header.logIn', 'header.createPost', 'header.searchPlaceholder']) {
        const translated = word(language, '', key);
        expect(translated).not.toBe(word('en', '', key));
        expect(html).toContain(escapeHtml(translated));
      }
      // No English header word is left.
      expect(html).not.toContain('>Log in<');
      expect(html).not.toContain(`>${word('en', '', 'header.createPost')}<`);
    },
  );

  it('marks a post’s own words with its language and lets their direction follow the text', async () => {
    const html = await page('ar', `/blog/${sites.ar!.slug}`);
    expect(html).toMatch(/<h1 class="post__title" lang="ar" dir="auto">مرحبا بالعالم<\/h1>/);
    expect(html).toMatch(/<div class="rich-content[^"]*"[^>]* lang="ar"/);
  });

  it('writes the reading time in the language, its words around the number', async () => {
    const html = await page('de', '/blog');
    const minutes = word('de', '', 'post.timeToRead_one').replace('{{count}}', '1');
    expect(html).toContain(escapeHtml(minutes));
  });
});

describe('the locale files', () => {
  it('reads a language’s root and namespaces, and nothing for English or an odd name', () => {
    const german = readLanguage(localesFolder(), 'de');
    expect(german.get('')).toBeDefined();
    expect(german.get('dashboard-posts')).toBeDefined();
    expect(german.size).toBe(readLanguage(localesFolder(), 'ja').size);
    expect(readLanguage(localesFolder(), 'en').size).toBe(0);
    expect(readLanguage(localesFolder(), '../locales/de').size).toBe(0);
    expect(readLanguage(localesFolder(), 'xx').size).toBe(0);
  });

  it('names each language’s asset folder of the build, none for English or a missing one', () => {
    const clientDir = mkdtempSync(path.join(tmpdir(), 'inkwell-locales-'));
    mkdirSync(path.join(clientDir, 'assets/locales/ar-0123456789'), { recursive: true });
    mkdirSync(path.join(clientDir, 'assets/locales/pt-abcdef0123'), { recursive: true });
    const folderOf = localeAssetFolders(clientDir);
    expect(folderOf('ar')).toBe('/assets/locales/ar-0123456789/');
    expect(folderOf('pt-BR')).toBe('/assets/locales/pt-abcdef0123/');
    expect(folderOf('en')).toBeNull();
    expect(folderOf('de')).toBeNull();
  });
});
