import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cssColor, cssFontSize, cssLineHeight, cssPadding, cssPixels } from './css-values';

describe('cssColor', () => {
  it('accepts hex, rgb(a), hsl(a) and named colours', () => {
    for (const color of [
      '#fff',
      '#ffff',
      '#a1b2c3',
      '#a1b2c3d4',
      'rgb(1, 2, 3)',
      'rgba(1,2,3,.5)',
      'rgb(10% 20% 30% / 40%)',
      'hsl(120, 50%, 50%)',
      'hsla(1turn 50% 50% / 0.2)',
      'transparent',
    ]) {
      expect(cssColor(color)).toBe(color);
    }
    expect(cssColor(' Red ')).toBe('red');
  });

  it('rejects anything that is not exactly one colour', () => {
    for (const bad of [
      'expression(alert(1))',
      'url(javascript:alert(1))',
      'red;position:fixed',
      'red /* */',
      'rgb(1,2,3);x:y',
      'rgb(1,2)',
      '\\72 ed',
      'var(--x)',
      'inherit',
      '#ggg',
      '',
      undefined,
    ]) {
      expect(cssColor(bad)).toBeUndefined();
    }
  });

  it('never lets a declaration separator, brace, quote or paren pair escape', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 64 }), (raw) => {
        const color = cssColor(raw);
        if (color !== undefined) expect(color).not.toMatch(/[;{}"'\\<>:]|url|expression/i);
      }),
    );
  });
});

describe('sizes', () => {
  it('paddings: one length, bare numbers in px, clamped', () => {
    expect(cssPadding('12px')).toBe('12px');
    expect(cssPadding('8')).toBe('8px');
    expect(cssPadding('1.5em')).toBe('1.5em');
    expect(cssPadding('1e9px')).toBe('400px');
    expect(cssPadding('-5px')).toBe('0px');
    expect(cssPadding('10px 20px')).toBeUndefined();
    expect(cssPadding('calc(100vh)')).toBeUndefined();
  });

  it('line heights: factors and lengths, clamped', () => {
    expect(cssLineHeight('1.5')).toBe('1.5');
    expect(cssLineHeight('24px')).toBe('24px');
    expect(cssLineHeight('150%')).toBe('150%');
    expect(cssLineHeight('100')).toBe('5');
    expect(cssLineHeight('normal')).toBeUndefined();
  });

  it('font sizes and pixels are clamped', () => {
    expect(cssFontSize({ unit: 'PX', value: 1000 })).toBe('96px');
    expect(cssFontSize({ unit: 'EM', value: 0.01 })).toBe('0.4em');
    expect(cssPixels(Number.NaN, 0, 10)).toBeUndefined();
    expect(cssPixels(50, 0, 10)).toBe('10px');
  });
});
