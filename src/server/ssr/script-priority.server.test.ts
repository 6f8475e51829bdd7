import { describe, expect, it } from 'vitest';
import { withLowPriorityModulePreloads } from './script-priority.server';

describe('withLowPriorityModulePreloads', () => {
  it('marks every module preload low, and nothing else', () => {
    const html =
      '<head><link rel="preload" as="image" imageSrcSet="/a.webp 320w" fetchPriority="high"/>' +
      '<link rel="modulepreload" href="/assets/entry.client.js"/>' +
      '<link rel="modulepreload" href="/assets/root.js"/>' +
      '<link rel="stylesheet" href="/assets/site.css"/></head>' +
      '<body><p>&lt;link rel="modulepreload"&gt; is a tag</p></body>';
    const out = withLowPriorityModulePreloads(html);
    expect(out.match(/<link rel="modulepreload" fetchpriority="low" href=/g)).toHaveLength(2);
    expect(out).toContain(
      '<link rel="preload" as="image" imageSrcSet="/a.webp 320w" fetchPriority="high"/>',
    );
    expect(out).toContain('<link rel="stylesheet" href="/assets/site.css"/>');
    // Escaped text is not a tag.
    expect(out).toContain('<p>&lt;link rel="modulepreload"&gt; is a tag</p>');
  });

  it('leaves a page without module preloads as it is', () => {
    const html = '<html><head><title>x</title></head><body></body></html>';
    expect(withLowPriorityModulePreloads(html)).toBe(html);
  });
});
