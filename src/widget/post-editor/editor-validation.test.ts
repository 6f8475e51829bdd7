import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveGalleryOptions } from '../../rich-content/nodes/gallery/layout';
import { GALLERY_COLUMNS_MAX } from '../../rich-content/nodes/gallery/limits';
import { PollDataSchema } from '../../rich-content/nodes/poll/schema';
import {
  completeUrl,
  linkUrlError,
  POLL_OPTIONS_MAX,
  parseDecimal,
  validateAudio,
  validateButton,
  validateFile,
  validateGallery,
  validateHtml,
  validateLinkPreview,
  validateMap,
  validatePoll,
  validateTable,
  validateVideoLink,
  webUrlError,
} from './editor-validation';

describe('URLs', () => {
  it('completes a bare host with https and leaves others as typed', () => {
    expect(completeUrl(' example.com/a?b=1 ')).toBe('https://example.com/a?b=1');
    expect(completeUrl('/about')).toBe('/about');
    expect(completeUrl('mailto:a@b.c')).toBe('mailto:a@b.c');
    expect(completeUrl('hello world')).toBe('hello world');
  });

  it('refuses unsafe schemes, however they are disguised', () => {
    for (const url of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'java\tscript:x',
      'data:text/html,x',
      'vbscript:x',
    ]) {
      expect(linkUrlError(url)?.key, url).toBe('unsafeUrl');
      expect(webUrlError(url)?.key, url).toBe('unsafeUrl');
    }
  });

  it('accepts web addresses, site paths, mailto and tel for links', () => {
    for (const url of [
      'https://example.com',
      'example.com',
      '/blog/post',
      '#top',
      'mailto:a@b.c',
      'tel:+441234',
    ]) {
      expect(linkUrlError(url), url).toBeUndefined();
    }
    expect(linkUrlError('')?.key).toBe('required');
    expect(linkUrlError('not a url')?.key).toBe('url');
    expect(linkUrlError('https://')?.key).toBe('url');
  });

  it('wants an absolute http(s) page for previews and embeds', () => {
    expect(webUrlError('/about')?.key).toBe('webUrl');
    expect(webUrlError('mailto:a@b.c')?.key).toBe('webUrl');
    expect(webUrlError('www.example.com')).toBeUndefined();
  });

  it('takes video hosts and video files only', () => {
    expect(validateVideoLink({ url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' })).toEqual({});
    expect(validateVideoLink({ url: 'https://vimeo.com/76979871' })).toEqual({});
    expect(validateVideoLink({ url: 'https://cdn.example.com/clip.MP4' })).toEqual({});
    expect(validateVideoLink({ url: 'https://example.com/page' }).url?.key).toBe('videoUrl');
  });
});

describe('map', () => {
  it('checks coordinates against their ranges', () => {
    expect(validateMap({ address: 'Quay 1', lat: '51.5', lng: '-0.12' })).toEqual({});
    expect(validateMap({ address: 'Quay 1', lat: '-33,86', lng: '151' })).toEqual({});
    const errors = validateMap({ address: ' ', lat: '91', lng: 'east' });
    expect(errors.address?.key).toBe('required');
    expect(errors.lat).toEqual({ key: 'range', values: { min: -90, max: 90 } });
    expect(errors.lng?.key).toBe('number');
    expect(validateMap({ address: 'x', lat: '0', lng: '-180.5' }).lng?.key).toBe('range');
  });

  it('parses every decimal in range and refuses other text', () => {
    fc.assert(
      fc.property(fc.double({ min: -180, max: 180, noNaN: true }), (value) => {
        expect(
          parseDecimal(String(value).includes('e') ? value.toFixed(6) : String(value)),
        ).toBeCloseTo(value, 5);
      }),
    );
    expect(parseDecimal('1e5')).toBeUndefined();
    expect(parseDecimal('12abc')).toBeUndefined();
  });
});

describe('poll, table, button, html', () => {
  it('needs a question and 2 or more distinct answers', () => {
    expect(validatePoll({ title: 'Tea?', options: ['Green', 'Black'] })).toEqual({});
    expect(validatePoll({ title: '', options: ['Green'] })).toMatchObject({
      title: { key: 'required' },
      options: { key: 'pollOptionsMin', values: { count: 2 } },
    });
    expect(validatePoll({ title: 'Tea?', options: ['Green', ' green ', ''] })).toMatchObject({
      option1: { key: 'duplicateOption' },
      option2: { key: 'required' },
    });
    expect(
      validatePoll({ title: 'T', options: Array.from({ length: 21 }, (_, i) => `o${i}`) }).options,
    ).toEqual({ key: 'pollOptionsMax', values: { count: 20 } });
  });

  it('takes whole numbers of rows and columns within bounds', () => {
    expect(validateTable({ rows: '3', columns: '4' })).toEqual({});
    expect(validateTable({ rows: '0', columns: '2.5' })).toMatchObject({
      rows: { key: 'range' },
      columns: { key: 'wholeNumber' },
    });
    expect(validateTable({ rows: '51', columns: '65' })).toMatchObject({
      rows: { key: 'range' },
      columns: { key: 'range' },
    });
  });

  it('checks a button and an HTML embed field by field', () => {
    expect(validateButton({ text: 'Join', url: 'javascript:x' }).url?.key).toBe('unsafeUrl');
    expect(validateButton({ text: '', url: '/join' }).text?.key).toBe('required');
    expect(validateHtml({ mode: 'html', html: '  ', url: '' }).html?.key).toBe('required');
    expect(validateHtml({ mode: 'url', html: '', url: 'https://example.com/w' })).toEqual({});
  });
});

describe('gallery and file', () => {
  it('takes whole columns and spacing within bounds', () => {
    expect(validateGallery({ columns: '3', spacing: '10' })).toEqual({});
    expect(validateGallery({ columns: '0', spacing: '101' })).toEqual({
      columns: { key: 'range', values: { min: 1, max: 20 } },
      spacing: { key: 'range', values: { min: 0, max: 100 } },
    });
    expect(validateGallery({ columns: '2.5', spacing: '' })).toEqual({
      columns: { key: 'wholeNumber' },
      spacing: { key: 'required' },
    });
  });

  it('needs a file name', () => {
    expect(validateFile({ name: 'Route.pdf' })).toEqual({});
    expect(validateFile({ name: '  ' })).toEqual({ name: { key: 'required' } });
  });
});

describe('audio', () => {
  it('takes empty or short names and authors, not endless ones', () => {
    expect(validateAudio({ name: '', authorName: '' })).toEqual({});
    expect(validateAudio({ name: 'Dawn', authorName: 'Field' })).toEqual({});
    expect(Object.keys(validateAudio({ name: 'x'.repeat(1000), authorName: '' }))).toEqual([
      'name',
    ]);
  });
});

describe('the link preview dialog', () => {
  it('needs a web address; title, description and image are optional but bounded', () => {
    const base = { url: 'example.com/a', title: '', description: '', thumbnailUrl: '' };
    expect(validateLinkPreview(base)).toEqual({});
    expect(validateLinkPreview({ ...base, url: 'javascript:alert(1)' }).url?.key).toBe('unsafeUrl');
    expect(validateLinkPreview({ ...base, title: 'x'.repeat(301) }).title?.key).toBe('tooLong');
    expect(validateLinkPreview({ ...base, description: 'x'.repeat(1001) }).description?.key).toBe(
      'tooLong',
    );
    expect(
      validateLinkPreview({ ...base, thumbnailUrl: 'data:image/png;base64,AA' }).thumbnailUrl,
    ).toBeDefined();
    expect(validateLinkPreview({ ...base, thumbnailUrl: 'cdn.example.com/t.png' })).toEqual({});
  });
});

describe('the dialogs use the nodes own bounds (issue 16)', () => {
  it('the gallery dialog takes every column count the model and the renderer take', () => {
    expect(validateGallery({ columns: '15', spacing: '10' })).toEqual({});
    expect(resolveGalleryOptions({ numberOfColumns: 15 }).numberOfColumns).toBe(15);
    expect(validateGallery({ columns: String(GALLERY_COLUMNS_MAX), spacing: '0' })).toEqual({});
    expect(
      validateGallery({ columns: String(GALLERY_COLUMNS_MAX + 1), spacing: '0' }).columns,
    ).toEqual({ key: 'range', values: { min: 1, max: GALLERY_COLUMNS_MAX } });
  });

  it('the poll dialog offers as many answers as the model stores', () => {
    const options = (n: number) => Array.from({ length: n }, (_, i) => ({ title: `a${i}` }));
    expect(PollDataSchema.safeParse({ poll: { options: options(POLL_OPTIONS_MAX) } }).success).toBe(
      true,
    );
    expect(
      PollDataSchema.safeParse({ poll: { options: options(POLL_OPTIONS_MAX + 1) } }).success,
    ).toBe(false);
  });
});
