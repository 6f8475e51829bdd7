import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BlogSettingsPatchSchema,
  categoryPathProblem,
  FORMER_CATEGORY_PATHS_MAX,
  isIanaTimeZone,
  mobileDifferences,
  nextFormerCategoryPaths,
  widgetPatchOf,
} from './blog-settings';
import { matchBlogPath } from './routes';
import { resolveSettings } from './settings';
import { RESERVED_SLUGS } from './slugs';

describe('categoryPathProblem (SPEC §2: the blog’s category prefix)', () => {
  it('takes slug-shaped words, and category itself', () => {
    for (const path of ['topics', 'themen', 'by-topic', 'c2', 'category']) {
      expect(categoryPathProblem(path), path).toBeNull();
    }
  });

  it('refuses first segments of other routes, reserved words, digits and non-segments', () => {
    for (const path of [
      'tags',
      'archive',
      'search',
      'hashtags',
      'profiles',
      'page',
      'login',
      'create-post',
      'notifications',
      '404',
      'settings',
      'members',
      '2024',
      '',
      'Topics',
      'two words',
      'a/b',
      'a--b',
      '-a',
      'x'.repeat(41),
    ]) {
      expect(categoryPathProblem(path), path).not.toBeNull();
    }
  });

  it('never accepts a word whose prefixed address another route would take', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9]+(-[a-z0-9]+)*$/), (path) => {
        fc.pre(path.length <= 40 && categoryPathProblem(path) === null);
        if (path === 'category') return;
        // A category address under an accepted prefix is the prefixed route, nothing else.
        const match = matchBlogPath(`/${path}/travel`, { categoryPrefix: path });
        expect(match.key).toBe('categoryPrefixed');
      }),
    );
  });

  it('refuses every SPEC §2 reserved word but category', () => {
    for (const word of RESERVED_SLUGS) {
      if (word !== 'category') expect(categoryPathProblem(word), word).not.toBeNull();
    }
  });
});

describe('nextFormerCategoryPaths', () => {
  it('keeps the one left first, drops the new one and category, without twins', () => {
    expect(nextFormerCategoryPaths([], 'category', 'topics')).toEqual([]);
    expect(nextFormerCategoryPaths([], 'topics', 'themes')).toEqual(['topics']);
    expect(nextFormerCategoryPaths(['topics'], 'themes', 'topics')).toEqual(['themes']);
    expect(nextFormerCategoryPaths(['a', 'b'], 'b', 'c')).toEqual(['b', 'a']);
    expect(nextFormerCategoryPaths(['a'], 'b', 'b')).toEqual(['a']);
  });

  it('keeps at most the newest ones', () => {
    const many = Array.from({ length: 20 }, (_, i) => `p${i}`);
    const next = nextFormerCategoryPaths(many, 'now', 'later');
    expect(next).toHaveLength(FORMER_CATEGORY_PATHS_MAX);
    expect(next[0]).toBe('now');
  });
});

describe('isIanaTimeZone', () => {
  it('takes zone names and refuses offsets and unknown names', () => {
    for (const zone of ['UTC', 'Europe/Berlin', 'America/Argentina/Buenos_Aires', 'Etc/GMT+5']) {
      expect(isIanaTimeZone(zone), zone).toBe(true);
    }
    for (const zone of ['+02:00', 'Mars/Base', '', 'Europe/', '../etc', 'Europe Berlin']) {
      expect(isIanaTimeZone(zone), zone).toBe(false);
    }
  });
});

describe('BlogSettingsPatchSchema', () => {
  it('names each unknown field and channel at its own path', () => {
    const result = BlogSettingsPatchSchema.safeParse({ colour: 'red', share: { fax: true } });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.path.join('.')).sort()).toEqual([
      'colour',
      'share.fax',
    ]);
  });

  it('bounds posts per page by the settings table', () => {
    expect(BlogSettingsPatchSchema.safeParse({ postsPerPage: 50 }).success).toBe(true);
    for (const value of [0, 51, 1.5, '3']) {
      expect(BlogSettingsPatchSchema.safeParse({ postsPerPage: value }).success).toBe(false);
    }
  });

  it('trims text and lowercases the prefix', () => {
    expect(BlogSettingsPatchSchema.parse({ name: '  Garden ', categoryPath: ' Topics ' })).toEqual({
      name: 'Garden',
      categoryPath: 'topics',
    });
  });
});

describe('the widget-backed fields', () => {
  it('turn into the settings table’s keys, for every device alike', () => {
    expect(
      widgetPatchOf({ commentsEnabled: false, postsPerPage: 4, share: { print: true }, name: 'x' }),
    ).toEqual({ 'comments.enabled': false, 'feed.postsPerPage': 4, 'share.print': true });
  });

  it('say where mobile differs from desktop', () => {
    const stored = {
      desktop: { 'feed.postsPerPage': 10 },
      mobile: { 'feed.postsPerPage': 4, 'share.print': true },
    };
    expect(
      mobileDifferences(resolveSettings(stored, 'desktop'), resolveSettings(stored, 'mobile')),
    ).toEqual({ postsPerPage: 4, share: { print: true } });
  });
});
