import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_POST_SEO,
  postSocialImage,
  SOCIAL_IMAGE_HEIGHT,
  SOCIAL_IMAGE_WIDTH,
  socialImageSize,
} from './seo';

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
