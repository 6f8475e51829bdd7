import { describe, expect, it } from 'vitest';
import { PageSink, renderedPageResponse, responseBytes } from './page-sink.server';

describe('PageSink', () => {
  it('hands on the strings it was given, in order, once ended', () => {
    const pages: string[] = [];
    const sink = new PageSink((html) => pages.push(html));
    expect(sink.write('<p>')).toBe(true);
    sink.write('Café · 東京');
    sink.write('</p>');
    expect(pages).toEqual([]);
    sink.end();
    expect(pages).toEqual(['<p>Café · 東京</p>']);
  });

  it('decodes bytes even when a character spans two chunks', () => {
    const pages: string[] = [];
    const sink = new PageSink((html) => pages.push(html));
    const bytes = Buffer.from('a東b', 'utf8');
    sink.write(bytes.subarray(0, 2));
    sink.write(bytes.subarray(2));
    sink.write('!');
    sink.end();
    expect(pages).toEqual(['a東b!']);
  });
});

describe('responseBytes', () => {
  it('takes the bytes the renderer pinned, without reading the body', async () => {
    const response = renderedPageResponse('<p>東京</p>', { status: 200 });
    const bytes = await responseBytes(response);
    expect(bytes.toString('utf8')).toBe('<p>東京</p>');
    // No body stream is made for a page: the pinned bytes are its only copy.
    expect(response.body).toBeNull();
    expect(response.status).toBe(200);
  });

  it('reads any other response from its body', async () => {
    const bytes = await responseBytes(new Response('plain', { status: 302 }));
    expect(bytes.toString('utf8')).toBe('plain');
  });
});
