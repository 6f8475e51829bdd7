/**
 * CSS values taken from a document, checked before they reach a `style` attribute (DESIGN.md
 * "Errors and bad input"). A document is user content: a colour or a padding is accepted only
 * when it is exactly one value of the expected kind; anything else (`expression()`,
 * `url(javascript:…)`, `red; position: fixed`, comments, escapes) is dropped, never repaired.
 * Sizes are clamped to bounds that keep a hostile document from covering the page.
 */

/** The CSS named colours (CSS Color 4), plus `transparent` and `currentcolor`. */
const NAMED_COLORS = new Set(
  (
    'aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue ' +
    'blueviolet brown burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk ' +
    'crimson cyan darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey darkkhaki ' +
    'darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen ' +
    'darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue ' +
    'dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite ' +
    'gold goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki ' +
    'lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan ' +
    'lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen ' +
    'lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime limegreen linen ' +
    'magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen ' +
    'mediumslateblue mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream ' +
    'mistyrose moccasin navajowhite navy oldlace olive olivedrab orange orangered orchid ' +
    'palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum ' +
    'powderblue purple rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown ' +
    'seagreen seashell sienna silver skyblue slateblue slategray slategrey snow springgreen ' +
    'steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke yellow ' +
    'yellowgreen transparent currentcolor'
  ).split(' '),
);

const HEX_COLOR = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const NUMBER = String.raw`[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[-+]?\d+)?`;
const RGB_ARGUMENT = `(?:${NUMBER}%?|none)`;
const HUE_ARGUMENT = `(?:${NUMBER}(?:deg|grad|rad|turn)?|none)`;
/** rgb()/rgba(): three channels and an optional alpha, comma- or space-separated. */
const RGB_COLOR = new RegExp(
  String.raw`^rgba?\(\s*${RGB_ARGUMENT}(?:\s*,\s*|\s+)${RGB_ARGUMENT}(?:\s*,\s*|\s+)${RGB_ARGUMENT}(?:\s*[,/]\s*${RGB_ARGUMENT})?\s*\)$`,
  'i',
);
/** hsl()/hsla(): hue, saturation, lightness and an optional alpha. */
const HSL_COLOR = new RegExp(
  String.raw`^hsla?\(\s*${HUE_ARGUMENT}(?:\s*,\s*|\s+)${RGB_ARGUMENT}(?:\s*,\s*|\s+)${RGB_ARGUMENT}(?:\s*[,/]\s*${RGB_ARGUMENT})?\s*\)$`,
  'i',
);

/**
 * The colour when it is one valid CSS colour (hex, rgb(a), hsl(a) or a named colour); undefined
 * otherwise. Theme colour names of other editors (`color_15`) are not CSS and are dropped.
 */
export function cssColor(raw: string | undefined | null): string | undefined {
  if (!raw) return undefined;
  const value = raw.trim();
  if (value.length === 0 || value.length > 64) return undefined;
  if (HEX_COLOR.test(value) || RGB_COLOR.test(value) || HSL_COLOR.test(value)) return value;
  return NAMED_COLORS.has(value.toLowerCase()) ? value.toLowerCase() : undefined;
}

/** `value` kept between `min` and `max`; NaN and infinities become undefined. */
export function clamp(value: number, min: number, max: number): number | undefined {
  if (!Number.isFinite(value)) return undefined;
  return Math.min(Math.max(value, min), max);
}

const LENGTH = new RegExp(`^(${NUMBER})(px|em|rem|%)?$`, 'i');

/** Upper bounds of a padding by unit: generous for layout, far from covering the page. */
const PADDING_MAX = { px: 400, em: 25, rem: 25, '%': 50 } as const;

/**
 * A padding from a node style (`"12px"`, `"1.5em"`, `"8"`): one non-negative length in px, em,
 * rem or %, clamped; a bare number means pixels. Anything else is undefined.
 */
export function cssPadding(raw: string | number | undefined | null): string | undefined {
  if (raw === undefined || raw === null) return undefined;
  const match = LENGTH.exec(String(raw).trim());
  if (!match) return undefined;
  const unit = (match[2]?.toLowerCase() ?? 'px') as keyof typeof PADDING_MAX;
  const value = clamp(Number(match[1]), 0, PADDING_MAX[unit]);
  return value === undefined ? undefined : `${round(value)}${unit}`;
}

/**
 * A line height (`"1.5"`, `"24px"`, `"150%"`): a unitless factor between 0.5 and 5, or a length
 * clamped to a sane range. Anything else is undefined.
 */
export function cssLineHeight(raw: string | number | undefined | null): string | undefined {
  if (raw === undefined || raw === null) return undefined;
  const match = LENGTH.exec(String(raw).trim());
  if (!match) return undefined;
  const number = Number(match[1]);
  const unit = match[2]?.toLowerCase();
  const value =
    unit === 'px'
      ? clamp(number, 8, 200)
      : unit === '%'
        ? clamp(number, 50, 500)
        : clamp(number, 0.5, 5);
  return value === undefined ? undefined : `${round(value)}${unit ?? ''}`;
}

/** SPEC §3 font size bounds: small print to a display heading, never a page-covering glyph. */
export const FONT_SIZE_PX = { min: 6, max: 96 } as const;
export const FONT_SIZE_EM = { min: 0.4, max: 5 } as const;

/** A FONT_SIZE decoration's size as CSS, clamped to {@link FONT_SIZE_PX} / {@link FONT_SIZE_EM}. */
export function cssFontSize(data: { unit?: 'PX' | 'EM'; value: number }): string | undefined {
  const isEm = data.unit === 'EM';
  const bounds = isEm ? FONT_SIZE_EM : FONT_SIZE_PX;
  const value = clamp(data.value, bounds.min, bounds.max);
  return value === undefined ? undefined : `${round(value)}${isEm ? 'em' : 'px'}`;
}

/** A pixel size from a number in the document (a border, a row height), clamped. */
export function cssPixels(
  raw: number | undefined | null,
  min: number,
  max: number,
): string | undefined {
  if (raw === undefined || raw === null) return undefined;
  const value = clamp(raw, min, max);
  return value === undefined ? undefined : `${round(value)}px`;
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
