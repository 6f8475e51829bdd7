import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compositeOver, contrastRatio, parseHexColor, TEXT_CONTRAST_MIN } from './contrast';
import {
  cardShape,
  cardsPerRow,
  firstRowCount,
  imageSizes,
  layoutClassNames,
  layoutStyle,
  masonryColumns,
  ratioValue,
  showsImages,
  TEXT_SCRIM,
} from './feed-layout';
import { FEED_LAYOUTS, type FeedLayout, feedSettingsView, resolveSettings } from './settings';

function viewOf(layout: FeedLayout, values: Record<string, unknown> = {}) {
  const device = layout.startsWith('mobile-') ? 'mobile' : 'desktop';
  return feedSettingsView(
    resolveSettings({ [device]: { 'feed.layout': layout, ...values } }, device),
  );
}

describe('feed layouts', () => {
  it('reads image ratios', () => {
    expect(ratioValue('16:9')).toBeCloseTo(16 / 9);
    expect(ratioValue('3:4')).toBe(0.75);
  });

  it('shapes each layout', () => {
    expect(cardShape('list')).toBe('text');
    expect(showsImages('list')).toBe(false);
    expect(cardShape('side-by-side')).toBe('beside');
    expect(cardShape('mobile-list')).toBe('beside');
    expect(cardShape('magazine')).toBe('over');
    expect(cardShape('mobile-magazine')).toBe('over');
    expect(cardShape('grid')).toBe('stacked');
    expect(cardShape('one-column')).toBe('stacked');
  });

  it('turns parameters into CSS custom properties in px', () => {
    const style = layoutStyle(
      viewOf('grid', { 'feed.grid.spacing': 12, 'feed.grid.cardsPerRow': 4 }),
    );
    expect(style['--list-gap']).toBe('12px');
    expect(style['--columns']).toBe('4');
    expect(style['--image-ratio']).toBe('16 / 9');
    expect(style['--title-lines']).toBe('3');
    expect(layoutStyle(viewOf('magazine'))['--overlay-opacity']).toBe('0.55');
    expect(layoutStyle(viewOf('side-by-side'))['--card-padding']).toBe('36px');
  });

  // Issue 23: white text on a light photo. The scrim behind the text block reaches AA whatever
  // the picture: pure white is the lightest backdrop, and painting black over anything darker
  // leaves something darker still (the property checks arbitrary pictures too).
  it('puts white text on a scrim of at least 4.5:1 over any picture, pure white included', () => {
    const white = parseHexColor('#ffffff');
    const scrim = parseHexColor(TEXT_SCRIM.color);
    const overWhite = compositeOver(scrim, TEXT_SCRIM.opacity, white);
    expect(contrastRatio(white, overWhite)).toBeGreaterThanOrEqual(TEXT_CONTRAST_MIN);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 255 }),
        fc.integer({ min: 0, max: 255 }),
        fc.integer({ min: 0, max: 255 }),
        (r, g, b) => {
          const behind = compositeOver(scrim, TEXT_SCRIM.opacity, { r, g, b });
          return contrastRatio(white, behind) >= TEXT_CONTRAST_MIN;
        },
      ),
    );
    // It is the page's layer for every text-on-image layout, whatever the owner's overlay.
    for (const layout of ['magazine', 'mobile-magazine'] as const) {
      const style = layoutStyle(
        viewOf(layout, { [`feed.${layout}.overlayOpacity`]: 0, 'design.overlayColor': '#ffffff' }),
      );
      expect(style['--text-scrim']).toBe('rgb(0 0 0 / 0.6)');
    }
  });

  it('names every enumerated choice as a class', () => {
    const names = layoutClassNames(
      viewOf('side-by-side', {
        'feed.side-by-side.imageAlignment': 'start',
        'feed.side-by-side.contentAlignment': 'center',
        'feed.side-by-side.imageCrop': 'fit',
      }),
    ).split(' ');
    expect(names).toEqual(
      expect.arrayContaining([
        'post-list--side-by-side',
        'post-list--beside',
        'is-image-at-start',
        'is-align-center',
        'is-image-fit',
      ]),
    );
    expect(layoutClassNames(viewOf('grid', { 'feed.grid.cardsPerRowMode': 'fit' }))).toContain(
      'is-columns-fit',
    );
    expect(
      layoutClassNames(viewOf('pro-gallery', { 'feed.pro-gallery.galleryType': 'slider' })),
    ).toContain('is-gallery-slider');
  });

  it('gives every layout a style and classes without undefined values', () => {
    for (const layout of FEED_LAYOUTS) {
      const style = layoutStyle(viewOf(layout));
      for (const [name, value] of Object.entries(style)) {
        expect(value, `${layout} ${name}`).not.toMatch(/undefined|NaN/);
      }
      expect(layoutClassNames(viewOf(layout))).not.toMatch(/undefined/);
    }
  });

  it('sizes images to their slot', () => {
    const grid = viewOf('grid');
    expect(imageSizes('grid', grid.params)).toBe(
      '(max-width: 660px) 100vw, (max-width: 980px) 50vw, 327px',
    );
    expect(imageSizes('one-column', viewOf('one-column').params)).toBe(
      '(max-width: 980px) 100vw, 980px',
    );
    expect(imageSizes('side-by-side', viewOf('side-by-side').params)).toBe(
      '(max-width: 660px) 50vw, 490px',
    );
  });

  it('counts the first row', () => {
    expect(firstRowCount('grid', viewOf('grid').params)).toBe(3);
    expect(cardsPerRow('one-column', viewOf('one-column').params)).toBe(1);
    expect(firstRowCount('list', viewOf('list').params)).toBe(0);
  });
});

describe('masonryColumns', () => {
  it('places each card in the shortest column', () => {
    const tall = { aspect: 0.5, textLength: 100 };
    const short = { aspect: 2, textLength: 100 };
    expect(masonryColumns([tall, short, short, short], 2)).toEqual([[0], [1, 2, 3]]);
  });

  it('places every card once, in order within each column', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            aspect: fc.option(fc.double({ min: 0.3, max: 3, noNaN: true }), { nil: null }),
            textLength: fc.nat(400),
          }),
          { maxLength: 50 },
        ),
        fc.integer({ min: 1, max: 5 }),
        (items, columns) => {
          const result = masonryColumns(items, columns);
          expect(result).toHaveLength(columns);
          const placed = result.flat().sort((a, b) => a - b);
          expect(placed).toEqual(items.map((_, i) => i));
          for (const column of result) {
            expect([...column].sort((a, b) => a - b)).toEqual(column);
          }
        },
      ),
    );
  });
});
