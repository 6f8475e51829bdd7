import { describe, expect, it } from 'vitest';
import {
  EMPTY_POST_SEO,
  postCanonicalUrl,
  SEO_DESCRIPTION_SHOWN_LENGTH,
  SEO_TITLE_SHOWN_LENGTH,
  shownInSearch,
} from './seo';

describe('shownInSearch', () => {
  it('leaves a text that fits as it is, whitespace runs made one space', () => {
    expect(shownInSearch('  Tide   tables\n', SEO_TITLE_SHOWN_LENGTH)).toBe('Tide tables');
    const exact = 'x'.repeat(SEO_TITLE_SHOWN_LENGTH);
    expect(shownInSearch(exact, SEO_TITLE_SHOWN_LENGTH)).toBe(exact);
  });

  it('cuts a long text at a word boundary within the length, with an ellipsis', () => {
    const title = 'The complete guide to reading tide tables on the northern coast of Brittany';
    const shown = shownInSearch(title, SEO_TITLE_SHOWN_LENGTH);
    expect(shown).toBe('The complete guide to reading tide tables on the northern…');
    expect(Array.from(shown).length).toBeLessThanOrEqual(SEO_TITLE_SHOWN_LENGTH);
  });

  it('cuts inside a word when the line would otherwise lose too much', () => {
    const shown = shownInSearch(`Tides ${'z'.repeat(200)}`, SEO_DESCRIPTION_SHOWN_LENGTH);
    expect(Array.from(shown)).toHaveLength(SEO_DESCRIPTION_SHOWN_LENGTH);
    expect(shown.endsWith('z…')).toBe(true);
  });

  it('never splits an emoji and drops punctuation before the ellipsis', () => {
    const shown = shownInSearch('🌊'.repeat(70), SEO_TITLE_SHOWN_LENGTH);
    expect(Array.from(shown)).toHaveLength(SEO_TITLE_SHOWN_LENGTH);
    expect(shownInSearch(`${'word, '.repeat(12)}end`, 30)).toBe('word, word, word, word, word…');
  });
});

describe('postCanonicalUrl', () => {
  it("is the post's page at the site's origin, or the writer's override", () => {
    const post = { link: '/blog/tide-tables', seo: EMPTY_POST_SEO };
    expect(postCanonicalUrl(post, 'https://blog.example.com')).toBe(
      'https://blog.example.com/blog/tide-tables',
    );
    const moved = { ...post, seo: { ...EMPTY_POST_SEO, canonicalUrl: 'https://first.example/t' } };
    expect(postCanonicalUrl(moved, 'https://blog.example.com')).toBe('https://first.example/t');
  });
});
