import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ChevronIcon } from './icons';
import { ArrowLeftIcon, CrossIcon } from './search-icons';

describe('directional icons (issue 22, decision 060)', () => {
  it('marks the chevrons that point along the reading direction, and not the one pointing down', () => {
    expect(renderToStaticMarkup(<ChevronIcon direction="left" />)).toContain(
      'class="icon icon--directional"',
    );
    expect(renderToStaticMarkup(<ChevronIcon direction="right" />)).toContain(
      'class="icon icon--directional"',
    );
    expect(renderToStaticMarkup(<ChevronIcon direction="down" />)).toContain('class="icon"');
  });

  it('marks the search page’s back arrow, and not its cross', () => {
    expect(renderToStaticMarkup(<ArrowLeftIcon />)).toContain('icon--directional');
    expect(renderToStaticMarkup(<CrossIcon />)).not.toContain('icon--directional');
  });

  it('mirrors them in right-to-left pages with one rule of the shared stylesheet', () => {
    const base = readFileSync('src/widget/styles/base.css', 'utf8');
    expect(base).toMatch(/\[dir="rtl"\] \.icon--directional \{\s*transform: scaleX\(-1\);\s*\}/);
  });
});
