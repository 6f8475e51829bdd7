import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FRAME_FONT, HTML_FRAME_DOCUMENT } from './html-frame';

describe('the HTML frame document', () => {
  it('gives its body the blog body font, not the browser default serif (issue 23)', () => {
    const style = /<style>(.*?)<\/style>/.exec(HTML_FRAME_DOCUMENT)?.[1] ?? '';
    expect(style).toMatch(/body\{[^}]*font:16px\/1\.5 system-ui/);
    expect(style).toContain(FRAME_FONT);
  });

  it('uses the same font stack as the pages (base.css --font-body), so the two cannot drift', () => {
    const css = readFileSync(new URL('../../widget/styles/base.css', import.meta.url), 'utf8');
    const body = /--font-body:\s*([^;]+);/.exec(css)?.[1] ?? '';
    expect(body.replace(/,\s+/g, ',')).toBe(FRAME_FONT);
  });
});
