import { describe, expect, it } from 'vitest';
import { type CoverCandidates, chooseCover, hasCoverSource } from './cover';

const COVER = { id: 'cover.jpg', width: 1200, height: 800 };
const IMAGE = { url: 'https://media.example/image.jpg' };
const GALLERY = { id: 'gallery.jpg' };
const VIDEO = { url: 'https://media.example/thumb.jpg', width: 640, height: 360 };

const buildCandidates = (overrides: CoverCandidates = {}): CoverCandidates => ({
  coverImage: { isEnabled: true, isCustom: false, isResolved: true, src: COVER },
  firstImage: IMAGE,
  firstGalleryImage: GALLERY,
  firstVideoThumbnail: VIDEO,
  ...overrides,
});

describe('chooseCover', () => {
  it('prefers the resolved cover', () => {
    expect(chooseCover(buildCandidates())).toEqual({ source: COVER, origin: 'resolved' });
  });

  it('uses the custom cover when not resolved', () => {
    const coverImage = { isCustom: true, isResolved: false, src: COVER };
    expect(chooseCover(buildCandidates({ coverImage }))).toEqual({
      source: COVER,
      origin: 'custom',
    });
  });

  it('falls back to the first image when the cover is neither resolved nor custom', () => {
    const coverImage = { isEnabled: true, src: COVER };
    expect(chooseCover(buildCandidates({ coverImage }))).toEqual({
      source: IMAGE,
      origin: 'image',
    });
  });

  it('falls back to the first image when the cover has no source', () => {
    for (const src of [null, undefined, {}, { url: '' }]) {
      const coverImage = { isResolved: true, isCustom: true, src };
      expect(chooseCover(buildCandidates({ coverImage }))?.origin).toBe('image');
    }
  });

  it('falls back to the gallery image, then the video thumbnail', () => {
    expect(chooseCover({ firstGalleryImage: GALLERY, firstVideoThumbnail: VIDEO })).toEqual({
      source: GALLERY,
      origin: 'gallery',
    });
    expect(chooseCover({ coverImage: null, firstImage: null, firstVideoThumbnail: VIDEO })).toEqual(
      { source: VIDEO, origin: 'video' },
    );
  });

  it('returns null when the cover is turned off', () => {
    expect(chooseCover(buildCandidates({ coverImage: { isEnabled: false, src: COVER } }))).toBe(
      null,
    );
  });

  it('returns null when nothing is present', () => {
    expect(chooseCover({})).toBeNull();
    expect(chooseCover({ coverImage: { isEnabled: true }, firstImage: {} })).toBeNull();
  });
});

describe('hasCoverSource', () => {
  it('needs a url or an id', () => {
    expect(hasCoverSource({ url: 'x' })).toBe(true);
    expect(hasCoverSource({ id: 'x' })).toBe(true);
    expect(hasCoverSource({ width: 10 })).toBe(false);
    expect(hasCoverSource(null)).toBe(false);
  });
});
