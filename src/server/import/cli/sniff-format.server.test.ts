import { describe, expect, it } from 'vitest';
import { sniffFormat } from './sniff-format.server';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('sniffFormat', () => {
  it('takes XML with an <rss> element for a WordPress export, after a declaration and a BOM', () => {
    expect(
      sniffFormat(bytes('\uFEFF<?xml version="1.0"?>\n<!-- generator -->\n<rss version="2.0">')),
    ).toEqual({
      source: 'wordpress',
    });
  });

  it('takes JSON for a Ghost export, leading white space and all', () => {
    expect(sniffFormat(bytes('\n  {"db":[{"meta":{}}]}'))).toEqual({ source: 'ghost' });
  });

  it('takes a zip for an Inkwell archive (its manifest is checked when it is opened)', () => {
    expect(sniffFormat(new Uint8Array([0x50, 0x4b, 3, 4, 0]))).toEqual({ source: 'inkwell' });
  });

  it('describes what is neither', () => {
    const looks = (head: Uint8Array) => (sniffFormat(head) as { looksLike: string }).looksLike;
    expect(looks(bytes(''))).toBe('an empty file');
    expect(looks(bytes('  \n'))).toBe('an empty file');
    expect(looks(bytes('<!doctype html><html lang="en">'))).toBe('an HTML page');
    expect(looks(bytes('<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom">'))).toBe(
      'XML without an <rss> element near its start',
    );
    expect(looks(new Uint8Array([0x1f, 0x8b, 8, 0]))).toMatch(/^a gzip archive/);
    expect(looks(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('a binary file');
    expect(looks(bytes('title,date\nHello,2026-01-01'))).toBe('text starting with "title,date"');
  });
});
