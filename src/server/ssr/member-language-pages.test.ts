/**
 * A member's own UI language (issue 22; decision 064) through HTTP, on PGlite and PostgreSQL and
 * the production build: `PATCH /api/members/me/preferences` sets it (any signed-in member, their
 * own only, a 400 naming `uiLanguage` for a language outside SPEC §9's list); the dashboard and
 * the post editor and the builder's editor then render in it (`<html lang dir data-locales>`,
 * every word), while the blog's pages (the builder's canvas too) stay in the site's language for
 * everyone and the page cache keeps them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { MemberPreferencesView } from '../../domain/member-preferences';
import { TEST_MEMBER_HEADER } from '../http/actor.server';
import { logInNewMember, type TestBrowser } from '../testing/auth.server';
import { createMember } from '../testing/factories.server';
import { setUpTestApp } from '../testing/test-app.server';

const harness = setUpTestApp({
  pages: true,
  withTestRoutes: true,
  site: { name: 'Member Language Site' },
});
const ids = { writer: '', other: '', reader: '', owner: '' };

beforeAll(async () => {
  const { db, site } = harness;
  ids.writer = (await createMember(db, site.id, { name: 'Wanda Writer', role: 'writer' })).id;
  ids.other = (await createMember(db, site.id, { name: 'Otto Other', role: 'writer' })).id;
  ids.reader = (await createMember(db, site.id, { name: 'Rita Reader', role: 'user' })).id;
  ids.owner = (await createMember(db, site.id, { name: 'Olivia Owner', role: 'owner' })).id;
});

/** A call as `member` through the test-only header (no anti-forgery token needed). */
async function as(member: string | null, method: 'GET' | 'PATCH', url: string, payload?: object) {
  const response = await harness.app.inject({
    method,
    url,
    headers: { host: harness.site.host, ...(member ? { [TEST_MEMBER_HEADER]: member } : {}) },
    ...(payload ? { payload } : {}),
  });
  return response;
}

/** The `<html>` start tag of a page. */
function htmlTag(body: string): string {
  return /<html[^>]*>/.exec(body)?.[0] ?? '';
}

describe('PATCH /api/members/:memberId/preferences', () => {
  it('sets and clears the member’s own language, and reads it back', async () => {
    const set = await as(ids.reader, 'PATCH', '/api/members/me/preferences', {
      uiLanguage: 'ja',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.headers['cache-control']).toContain('no-store');
    expect(set.json<MemberPreferencesView>()).toEqual({ uiLanguage: 'ja', siteLanguage: 'en' });
    const read = await as(ids.reader, 'GET', `/api/members/${ids.reader}/preferences`);
    expect(read.json<MemberPreferencesView>().uiLanguage).toBe('ja');
    const cleared = await as(ids.reader, 'PATCH', `/api/members/${ids.reader}/preferences`, {
      uiLanguage: null,
    });
    expect(cleared.json<MemberPreferencesView>().uiLanguage).toBeNull();
  });

  it('refuses a language outside SPEC §9’s list with a 400 naming the field', async () => {
    for (const uiLanguage of ['xx', 'EN', 'de-DE', 42, '']) {
      const response = await as(ids.reader, 'PATCH', '/api/members/me/preferences', {
        uiLanguage,
      });
      expect(response.statusCode).toBe(400);
      const { error } = response.json<{ error: { code: string; fields: object } }>();
      expect(error.code).toBe('validation_failed');
      expect(Object.keys(error.fields)).toEqual(['uiLanguage']);
    }
    const unknown = await as(ids.reader, 'PATCH', '/api/members/me/preferences', {
      uiLanguage: 'fr',
      theme: 'dark',
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('refuses another member’s preferences, and asks a visitor to log in', async () => {
    const write = await as(ids.other, 'PATCH', `/api/members/${ids.writer}/preferences`, {
      uiLanguage: 'fr',
    });
    expect(write.statusCode).toBe(403);
    expect(write.json<{ error: { code: string } }>().error.code).toBe('forbidden');
    const read = await as(ids.other, 'GET', `/api/members/${ids.writer}/preferences`);
    expect(read.statusCode).toBe(403);
    const visitor = await as(null, 'PATCH', '/api/members/me/preferences', { uiLanguage: 'fr' });
    expect(visitor.statusCode).toBe(401);
    expect((await as(ids.writer, 'GET', '/api/members/me/preferences')).json()).toEqual({
      uiLanguage: null,
      siteLanguage: 'en',
    });
  });

  it('needs the anti-forgery token from a signed-in browser', async () => {
    const browser = await logInNewMember(harness, { role: 'writer' });
    const forged = await browser.request('PATCH', '/api/members/me/preferences', {
      payload: { uiLanguage: 'fr' },
      csrf: false,
    });
    expect(forged.statusCode).toBe(403);
    const sent = await browser.request('PATCH', '/api/members/me/preferences', {
      payload: { uiLanguage: 'fr' },
    });
    expect(sent.statusCode).toBe(200);
  });
});

describe('pages in the member’s language', () => {
  let browser: TestBrowser;

  beforeAll(async () => {
    browser = await logInNewMember(harness, { role: 'writer' });
  });

  it('renders the dashboard and the post editor in it, the blog in the site’s language', async () => {
    // The blog's feed, as every visitor shares it: cached before the member chooses.
    const visitorUrl = '/blog';
    await as(null, 'GET', visitorUrl);
    expect((await as(null, 'GET', visitorUrl)).headers['x-page-cache']).toBe('hit');

    // The member's dashboard follows the site's language until they choose (the session is
    // resolved and cached by the process now: the choice must still show at once).
    const before = await browser.request('GET', '/dashboard');
    expect(htmlTag(before.body)).toContain('lang="en"');
    const chosen = await browser.request('PATCH', '/api/members/me/preferences', {
      payload: { uiLanguage: 'fr' },
    });
    expect(chosen.statusCode).toBe(200);

    const dashboard = await browser.request('GET', '/dashboard');
    expect(dashboard.statusCode).toBe(200);
    const tag = htmlTag(dashboard.body);
    expect(tag).toContain('lang="fr"');
    expect(tag).toContain('dir="ltr"');
    expect(tag).toMatch(/data-locales="\/assets\/locales\/fr-[0-9a-f]{10}\/"/);
    expect(dashboard.body).toContain('Tableau de bord');
    expect(dashboard.body).not.toContain('>View blog<');

    const preferences = await browser.request('GET', '/dashboard/preferences');
    expect(htmlTag(preferences.body)).toContain('lang="fr"');
    expect(preferences.body).toContain('Langue du tableau de bord et de l’éditeur');
    expect(preferences.body).toMatch(
      /<option value="fr" selected=""[^>]*>|value="fr"[^>]*selected/,
    );
    expect(preferences.body).toContain('lang="de">Deutsch</option>');
    expect(preferences.body).toContain('lang="ja">日本語</option>');

    const editor = await browser.request('GET', '/blog/create-post');
    expect(editor.statusCode).toBe(200);
    expect(htmlTag(editor.body)).toContain('lang="fr"');

    // The blog stays in the site's language for the member too, and stays cached for visitors.
    const feed = await browser.request('GET', '/blog');
    expect(htmlTag(feed.body)).toContain('lang="en"');
    expect(htmlTag(feed.body)).not.toContain('data-locales');
    const visitorFeed = await as(null, 'GET', visitorUrl);
    expect(visitorFeed.headers['x-page-cache']).toBe('hit');
    expect(htmlTag(visitorFeed.body)).toContain('lang="en"');
  });

  it('renders in right to left for a member who reads Arabic', async () => {
    await as(ids.other, 'PATCH', '/api/members/me/preferences', { uiLanguage: 'ar' });
    const dashboard = await as(ids.other, 'GET', '/dashboard');
    const tag = htmlTag(dashboard.body);
    expect(tag).toContain('lang="ar"');
    expect(tag).toContain('dir="rtl"');
    // A client navigation's data request loads in the language of its page: the editor's
    // title, which its loader translates, is Arabic ("New post").
    const data = await as(ids.other, 'GET', '/blog/create-post.data');
    expect(data.statusCode).toBe(200);
    expect(data.body).toContain('منشور جديد');
    expect(data.body).not.toContain('New post');
  });

  it('renders the builder’s editor in it, and the blog in its canvas in the site’s language', async () => {
    await as(ids.owner, 'PATCH', '/api/members/me/preferences', { uiLanguage: 'de' });
    const builder = await as(ids.owner, 'GET', '/editor');
    expect(builder.statusCode).toBe(200);
    expect(htmlTag(builder.body)).toContain('lang="de"');
    const canvas = await as(ids.owner, 'GET', '/blog?renderMode=editor');
    expect(htmlTag(canvas.body)).toContain('lang="en"');
    // A member's own page of the site (My posts) is the blog's: the site's language.
    const myPosts = await as(ids.owner, 'GET', '/my-posts');
    expect(htmlTag(myPosts.body)).toContain('lang="en"');
  });

  it('shows a visitor and the other members the site’s language', async () => {
    const visitor = await as(null, 'GET', '/dashboard');
    expect(htmlTag(visitor.body)).toContain('lang="en"');
    const writer = await as(ids.writer, 'GET', '/dashboard');
    expect(htmlTag(writer.body)).toContain('lang="en"');
    expect(writer.body).toContain('View blog');
  });
});
