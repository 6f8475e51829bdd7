import { describe, expect, it } from 'vitest';
import {
  compositeOver,
  contrastRatio,
  parseHexColor,
  relativeLuminance,
  TEXT_CONTRAST_MIN,
} from './contrast';

const WHITE = parseHexColor('#fff');
const BLACK = parseHexColor('#000000');

describe('contrast', () => {
  it('measures luminance and contrast as WCAG does', () => {
    expect(relativeLuminance(WHITE)).toBeCloseTo(1, 6);
    expect(relativeLuminance(BLACK)).toBe(0);
    expect(contrastRatio(WHITE, BLACK)).toBeCloseTo(21, 6);
    expect(contrastRatio(BLACK, WHITE)).toBeCloseTo(21, 6);
    // Known pairs: #767676 on white is the lightest grey that passes AA (4.54:1).
    expect(contrastRatio(parseHexColor('#767676'), WHITE)).toBeCloseTo(4.54, 2);
    expect(contrastRatio(parseHexColor('#777777'), WHITE)).toBeLessThan(TEXT_CONTRAST_MIN);
  });

  it('composites a translucent layer over its backdrop', () => {
    expect(compositeOver(BLACK, 0.5, WHITE)).toEqual({ r: 127.5, g: 127.5, b: 127.5 });
    expect(compositeOver(BLACK, 0, WHITE)).toEqual(WHITE);
    expect(compositeOver(BLACK, 1, WHITE)).toEqual(BLACK);
  });

  it('refuses what is not a hex colour', () => {
    expect(() => parseHexColor('red')).toThrow();
    expect(parseHexColor('#1a2B3c')).toEqual({ r: 26, g: 43, b: 60 });
  });
});
