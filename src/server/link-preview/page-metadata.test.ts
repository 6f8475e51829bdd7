import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { absoluteWebUrl, cleanText, parsePageMetadata } from './page-metadata.server';

const PAGE = 'https://example.com/articles/night-trains?ref=1';

describe('parsePageMetadata', () => {
  it('reads Open Graph first, with entities decoded and images made absolute', () => {
    const html = `<!doctype html><html><head>
      <meta charset="utf-8">
      <title>Fallback title | Example</title>
      <meta name="description" content="A plain description">
      <meta property="og:title" content="Night trains &amp; sleepers">
      <meta property="og:description" content="  Across   Europe by rail.  ">
      <meta property="og:image" content="/images/train.jpg">
      <meta property="og:site_name" content="Example Rail">
    </head><body><h1>Ignored</h1></body></html>`;
    expect(parsePageMetadata(html, PAGE)).toEqual({
      title: 'Night trains & sleepers',
      description: 'Across Europe by rail.',
      imageUrl: 'https://example.com/images/train.jpg',
      siteName: 'Example Rail',
    });
  });

  it('falls back to <title>, meta description and Twitter cards', () => {
    const html = `<HTML><HEAD><TITLE>Plain &#8211; page</TITLE>
      <META NAME="Description" CONTENT="Said plainly">
      <meta name="twitter:image" content="https://cdn.example.net/t.png"></HEAD>`;
    expect(parsePageMetadata(html, PAGE)).toEqual({
      title: 'Plain – page',
      description: 'Said plainly',
      imageUrl: 'https://cdn.example.net/t.png',
    });
  });

  it('reads the head only: tags after the body starts do not count', () => {
    const html = `<head><title>Head title</title></head><body>
      <meta property="og:title" content="Body title"><p>text</p></body>`;
    expect(parsePageMetadata(html, PAGE).title).toBe('Head title');
    // A page without a head: the first body tag ends the search.
    expect(parsePageMetadata('<div><title>No</title></div>', PAGE)).toEqual({});
    // A tracking pixel's <noscript><img> in the head does not end it.
    const pixel = `<head><noscript><img src="/px.gif"></noscript>
      <meta property="og:title" content="After the pixel"></head>`;
    expect(parsePageMetadata(pixel, PAGE).title).toBe('After the pixel');
  });

  it('keeps only https images (our pages refuse others), resolved against <base href>', () => {
    const withBase = `<head><base href="https://static.example.org/assets/">
      <meta property="og:image" content="cover.png"></head>`;
    expect(parsePageMetadata(withBase, PAGE).imageUrl).toBe(
      'https://static.example.org/assets/cover.png',
    );
    const plainAndSecure = `<head><meta property="og:image" content="http://example.com/a.jpg">
      <meta property="og:image:secure_url" content="https://example.com/a.jpg"></head>`;
    expect(parsePageMetadata(plainAndSecure, PAGE).imageUrl).toBe('https://example.com/a.jpg');
    const plainOnly = '<head><meta property="og:image" content="http://example.com/a.jpg"></head>';
    expect(parsePageMetadata(plainOnly, PAGE).imageUrl).toBeUndefined();
    for (const bad of ['javascript:alert(1)', 'data:image/png;base64,AAAA', ' jav\tascript:x']) {
      const html = `<head><meta property="og:image" content="${bad}"></head>`;
      expect(parsePageMetadata(html, PAGE).imageUrl).toBeUndefined();
    }
  });

  it('cuts long titles and descriptions at a word', () => {
    const long = 'word '.repeat(400);
    const html = `<head><meta property="og:title" content="${long}"><meta property="og:description" content="${long}"></head>`;
    const { title, description } = parsePageMetadata(html, PAGE);
    expect([...title!].length).toBeLessThanOrEqual(300);
    expect(title!.endsWith('word…')).toBe(true);
    expect([...description!].length).toBeLessThanOrEqual(1000);
  });

  it('never throws, whatever the markup', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (html) => {
        const result = parsePageMetadata(html, PAGE);
        if (result.imageUrl) expect(result.imageUrl).toMatch(/^https?:\/\//);
      }),
    );
  });
});

describe('helpers', () => {
  it('cleanText collapses space and drops empty text', () => {
    expect(cleanText(' a \n b ', 10)).toBe('a b');
    expect(cleanText('   ', 10)).toBeUndefined();
    expect(cleanText(undefined, 10)).toBeUndefined();
    expect(cleanText('abcdefghijkl', 5)).toBe('abcd…');
  });

  it('absoluteWebUrl refuses other schemes and unparsable text', () => {
    expect(absoluteWebUrl('//cdn.example.com/x.png', PAGE)).toBe('https://cdn.example.com/x.png');
    expect(absoluteWebUrl('mailto:a@example.com', PAGE)).toBeUndefined();
    expect(absoluteWebUrl('http://[::1', PAGE)).toBeUndefined();
    expect(absoluteWebUrl('', PAGE)).toBeUndefined();
  });
});
