/**
 * Colour contrast as WCAG 2.2 measures it (success criterion 1.4.3, "Contrast (Minimum)"): the
 * relative luminance of an sRGB colour, the contrast ratio of two colours, and the colour a
 * translucent layer gives over another (source-over compositing, as browsers paint). Pure, so the
 * feed layouts' text scrim (feed-layout.ts) is proven by a unit test and the browser specs measure
 * painted pixels with the same arithmetic.
 */

/** An sRGB colour, each channel 0–255. */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** WCAG 2.2 AA: the least contrast of normal-size text against its background. */
export const TEXT_CONTRAST_MIN = 4.5;

/** `#rgb` or `#rrggbb` as channels. */
export function parseHexColor(hex: string): Rgb {
  const digits = hex.replace(/^#/, '');
  const full =
    digits.length === 3
      ? digits
          .split('')
          .map((d) => d + d)
          .join('')
      : digits;
  if (!/^[0-9a-f]{6}$/i.test(full)) throw new Error(`Not a hex colour: ${hex}`);
  return {
    r: Number.parseInt(full.slice(0, 2), 16),
    g: Number.parseInt(full.slice(2, 4), 16),
    b: Number.parseInt(full.slice(4, 6), 16),
  };
}

function linearChannel(channel: number): number {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG's relative luminance: 0 for black, 1 for white. */
export function relativeLuminance({ r, g, b }: Rgb): number {
  return 0.2126 * linearChannel(r) + 0.7152 * linearChannel(g) + 0.0722 * linearChannel(b);
}

/** WCAG's contrast ratio of two colours, from 1 (none) to 21 (black on white). */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/** The colour `layer` at `opacity` (0–1) gives painted over `backdrop`. */
export function compositeOver(layer: Rgb, opacity: number, backdrop: Rgb): Rgb {
  const mix = (top: number, bottom: number) => top * opacity + bottom * (1 - opacity);
  return { r: mix(layer.r, backdrop.r), g: mix(layer.g, backdrop.g), b: mix(layer.b, backdrop.b) };
}
