import { describe, expect, it } from 'vitest';
import { imageSources, mediaIdFromUrl, mediaUrl } from './media';

const ID = '0c61f035-949e-4306-ac4c-23ab76e7d563';

describe('media URLs', () => {
  it('round-trips an id through mediaUrl and mediaIdFromUrl', () => {
    expect(mediaIdFromUrl(mediaUrl(ID, 640))).toBe(ID);
    expect(mediaIdFromUrl('https://img.example.com/a.jpg')).toBeNull();
    expect(mediaIdFromUrl(null)).toBeNull();
  });

  it('offers every served width up to the intrinsic one', () => {
    const { src, srcSet } = imageSources({ id: ID, url: null, width: 1000, height: 500, alt: '' });
    expect(src).toBe(mediaUrl(ID, 640));
    expect(srcSet).toBe(
      `${mediaUrl(ID, 320)} 320w, ${mediaUrl(ID, 640)} 640w, ${mediaUrl(ID, 960)} 960w`,
    );
  });

  it('keeps external URLs and gives an empty URL for a missing image (SPEC §8)', () => {
    expect(
      imageSources({ id: null, url: 'https://x.test/a.png', width: 1, height: 1, alt: '' }),
    ).toEqual({
      src: 'https://x.test/a.png',
      srcSet: undefined,
    });
    expect(imageSources(null)).toEqual({ src: '', srcSet: undefined });
  });
});
