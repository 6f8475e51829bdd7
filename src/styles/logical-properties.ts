/**
 * Finds CSS that names a physical side (left or right) where a logical one (inline start or end)
 * belongs, so that a right-to-left page mirrors by itself (issue 22 "Right to left", decision 060).
 *
 * A declaration may keep a physical side when it is symmetric or right in both directions: a
 * comment `/* physical: <reason> *\/` on the declaration's line, or alone on the line before it,
 * allows it. The reason is required; a bare marker is reported too.
 */
import postcss, { type Declaration } from 'postcss';

/** One declaration that names a physical side. */
export interface PhysicalSide {
  file: string;
  line: number;
  property: string;
  value: string;
  /** What to write instead. */
  hint: string;
}

const SIDE_SUFFIX = /^(margin|padding|scroll-margin|scroll-padding)-(left|right)$/;
const BORDER_SIDE = /^border-(left|right)(-(width|style|color))?$/;
const CORNER = /^border-(top|bottom)-(left|right)-radius$/;
/** Shorthands whose four values run top, right, bottom, left. */
const FOUR_SIDES = new Set([
  'margin',
  'padding',
  'inset',
  'scroll-margin',
  'scroll-padding',
  'border-width',
  'border-style',
  'border-color',
]);
const MARKER = /\/\*\s*physical:\s*(.*?)\s*\*\//;

/** The value's space-separated parts, a function's arguments kept whole (`calc(1px + 2px)`). */
export function valueParts(value: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of value.trim()) {
    if (char === '(') depth += 1;
    if (char === ')') depth -= 1;
    if (/\s/.test(char) && depth === 0) {
      if (current) parts.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  if (current) parts.push(current);
  return parts;
}

/** Whether a `border-radius` value rounds the left and right corners differently. */
function isRadiusAsymmetric(value: string): boolean {
  return value.split('/').some((half) => {
    const [a, b = a, c = a, d = b] = valueParts(half);
    // top-left, top-right, bottom-right, bottom-left: mirrored, a↔b and c↔d swap.
    return a !== b || c !== d;
  });
}

/** Whether a transform (or the `translate` property) moves along the x axis. */
function movesSideways(prop: string, val: string): boolean {
  if (prop === 'translate') return !/^0(px|%)?$/.test(valueParts(val)[0] ?? '0');
  if (prop !== 'transform') return false;
  if (/translatex\(/.test(val)) return true;
  return [...val.matchAll(/translate(?:3d)?\(\s*([^,)\s]+)/g)].some(
    (m) => !/^0(px|%)?$/.test(m[1] ?? '0'),
  );
}

/** What to write instead of this declaration, or null when it names no physical side. */
export function physicalHint(property: string, value: string): string | null {
  const prop = property.toLowerCase();
  const val = value.trim().toLowerCase();
  let match = SIDE_SUFFIX.exec(prop);
  if (match) return `${match[1]}-inline-${match[2] === 'left' ? 'start' : 'end'}`;
  match = BORDER_SIDE.exec(prop);
  if (match) return `border-inline-${match[1] === 'left' ? 'start' : 'end'}${match[2] ?? ''}`;
  match = CORNER.exec(prop);
  if (match) {
    return `border-${match[1] === 'top' ? 'start' : 'end'}-${match[2] === 'left' ? 'start' : 'end'}-radius`;
  }
  if (prop === 'left') return 'inset-inline-start';
  if (prop === 'right') return 'inset-inline-end';
  if ((prop === 'text-align' || prop === 'text-align-last') && /^(left|right)$/.test(val)) {
    return `${prop}: ${val === 'left' ? 'start' : 'end'}`;
  }
  if ((prop === 'float' || prop === 'clear') && /^(left|right)$/.test(val)) {
    return `${prop}: inline-${val === 'left' ? 'start' : 'end'}`;
  }
  if (FOUR_SIDES.has(prop)) {
    const parts = valueParts(val);
    if (parts.length === 4 && parts[1] !== parts[3]) {
      const [block, inline] = prop.startsWith('border-')
        ? [`border-block-${prop.slice(7)}`, `border-inline-${prop.slice(7)}`]
        : [`${prop}-block`, `${prop}-inline`];
      return `${block} + ${inline} (left and right differ)`;
    }
  }
  if (prop === 'border-radius' && isRadiusAsymmetric(val)) {
    return 'border-{start,end}-{start,end}-radius (left and right corners differ)';
  }
  if (movesSideways(prop, val)) {
    return 'a horizontal move: mirror it under [dir="rtl"], or mark it /* physical: reason */';
  }
  return null;
}

function markerReason(source: string, decl: Declaration): string | null {
  const line = decl.source?.start?.line;
  if (!line) return null;
  const lines = source.split('\n');
  const own = MARKER.exec(lines[line - 1] ?? '');
  if (own) return own[1] ?? '';
  const previous = lines[line - 2] ?? '';
  const before = MARKER.exec(previous);
  // Only a comment alone on its line speaks for the next declaration.
  if (before && previous.trim().startsWith('/*')) return before[1] ?? '';
  return null;
}

/**
 * The declarations of a stylesheet that name a physical side and carry no `physical:` marker
 * with a reason.
 */
export function findPhysicalSides(source: string, file: string): PhysicalSide[] {
  const found: PhysicalSide[] = [];
  postcss.parse(source, { from: file }).walkDecls((decl) => {
    const hint = physicalHint(decl.prop, decl.value);
    if (!hint) return;
    const reason = markerReason(source, decl);
    if (reason) return;
    found.push({
      file,
      line: decl.source?.start?.line ?? 0,
      property: decl.prop,
      value: decl.value,
      hint: reason === '' ? `${hint}; the physical: marker needs a reason` : hint,
    });
  });
  return found;
}
