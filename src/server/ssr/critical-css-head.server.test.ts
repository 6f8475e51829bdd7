import { describe, expect, it } from 'vitest';
import type { CriticalStylesheet } from '../../load-context';
import {
  classNamesOfPage,
  DEFERRED_STYLESHEET_SCRIPT,
  withCriticalCss,
} from './critical-css-head.server';

const PAGE =
  '<!DOCTYPE html><html><head><meta charSet="utf-8"/>' +
  '<link rel="preload" as="image" imageSrcSet="/m/w320.webp 320w" fetchPriority="high"/>' +
  '<link rel="stylesheet" href="/assets/site-abc.css#"/><title>Blog</title></head>' +
  '<body><article class="post-card post-card--wide"><p class="post-card__title">x</p>' +
  '<p>class="not-a-class"</p></article></body></html>';

/** A stylesheet that answers with the classes it was asked about. */
const echo: CriticalStylesheet = {
  cssFor: (names) => `/*${[...names].sort().join(',')}*/`,
};

describe('classNamesOfPage', () => {
  it('gives the names in class attributes, not text that looks like one', () => {
    expect([...classNamesOfPage(PAGE)].sort()).toEqual([
      'post-card',
      'post-card--wide',
      'post-card__title',
    ]);
  });
});

describe('withCriticalCss', () => {
  it('inlines the critical CSS where the stylesheet was and defers the stylesheet', () => {
    const html = withCriticalCss(PAGE, (href) => (href === '/assets/site-abc.css#' ? echo : null));
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(
      '<style data-critical-css="">/*post-card,post-card--wide,post-card__title*/</style>' +
        '<link rel="stylesheet" href="/assets/site-abc.css#" media="print"/>' +
        `<script>${DEFERRED_STYLESHEET_SCRIPT}</script>` +
        '<noscript><link rel="stylesheet" href="/assets/site-abc.css#"/></noscript><title>',
    );
    // No stylesheet is left that blocks the first paint.
    expect(head).not.toMatch(/<link rel="stylesheet" href="[^"]*"\/>(?!<\/noscript>)/);
    // The cover's preload keeps its place before the styles.
    expect(head.indexOf('rel="preload"')).toBeLessThan(head.indexOf('<style'));
    expect(html.slice(html.indexOf('</head>'))).toBe(PAGE.slice(PAGE.indexOf('</head>')));
  });

  it('leaves the page as it is when the stylesheet cannot be read', () => {
    expect(withCriticalCss(PAGE, () => null)).toBe(PAGE);
  });

  it('leaves a page without a stylesheet in its head as it is', () => {
    const page = '<html><head></head><body><link rel="stylesheet" href="/x.css"/></body></html>';
    expect(withCriticalCss(page, () => echo)).toBe(page);
  });

  it('never writes a CSS text that would end its style element', () => {
    const hostile: CriticalStylesheet = { cssFor: () => '</style><script>alert(1)</script>' };
    expect(withCriticalCss(PAGE, () => hostile)).toBe(PAGE);
  });
});
