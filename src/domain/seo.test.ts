import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_POST_SEO,
  postCanonicalUrl,
  postSocialImage,
  SEO_DESCRIPTION_SHOWN_LENGTH,
  SEO_TITLE_SHOWN_LENGTH,
  SOCIAL_IMAGE_HEIGHT,
  SOCIAL_IMAGE_WIDTH,
  shownInSearch,
  socialImageSize,
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

describe('socialImageSize', () => {
  it('is 1200×630 for an image big enough or of unknown size', () => {
    expect(socialImageSize(2000, 1500)).toEqual({ width: 1200, height: 630 });
    expect(socialImageSize(1200, 630)).toEqual({ width: 1200, height: 630 });
    expect(socialImageSize(0, 0)).toEqual({ width: 1200, height: 630 });
  });

  it('never enlarges: the largest box of the card’s shape a small image holds', () => {
    expect(socialImageSize(800, 800)).toEqual({ width: 800, height: 420 });
    expect(socialImageSize(2000, 400)).toEqual({ width: 761, height: 400 });
    expect(socialImageSize(1000, 2000)).toEqual({ width: 1000, height: 525 });
  });

  it('always fits inside the image and the card, in the card’s shape', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 1, max: 5000 }), (w, h) => {
        const size = socialImageSize(w, h);
        expect(size.width).toBeLessThanOrEqual(Math.min(w, SOCIAL_IMAGE_WIDTH));
        expect(size.height).toBeLessThanOrEqual(Math.min(h, SOCIAL_IMAGE_HEIGHT));
        expect(size.width).toBeGreaterThanOrEqual(1);
        expect(Math.abs(size.width / size.height - 1200 / 630)).toBeLessThan(
          2 / Math.max(1, size.height) + 0.01,
        );
      }),
    );
  });
});

describe('postSocialImage', () => {
  const cover = { id: 'c1', url: null, width: 900, height: 600, alt: '' };
  it('reports the card’s true size for a stored cover and override', () => {
    expect(postSocialImage({ title: 'T', cover, seo: EMPTY_POST_SEO })).toEqual({
      url: '/media/c1/social.jpg',
      width: 900,
      height: 473,
      alt: 'T',
    });
    const seo = { ...EMPTY_POST_SEO, socialImage: { id: 's1', width: 2400, height: 1600 } };
    expect(postSocialImage({ title: 'T', cover, seo })).toMatchObject({
      url: '/media/s1/social.jpg',
      width: 1200,
      height: 630,
    });
  });
});
