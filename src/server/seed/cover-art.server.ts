/**
 * Generated art for the demo blog: covers, video thumbnails, in-post images and avatars, drawn
 * as SVG and rasterised by sharp. Each picture is deterministic from a seed number, so the same
 * seed always gives the same blog, and no image file has to be shipped with the code.
 * The art is flat shapes and gradients only (no text: fonts differ between machines, and no
 * noise: it compresses badly and looks dirty when scaled down).
 */
import sharp from 'sharp';
import { createRandom, type Random } from '../sample-content/content.server';

/** Size of a post cover (16:9). */
export const COVER_SIZE = { width: 1600, height: 900 } as const;

/** Size of a video thumbnail; the UI draws the play icon on top. */
export const THUMBNAIL_SIZE = { width: 1280, height: 720 } as const;

/** Size of an image placed inside a post's content (3:2). */
export const INLINE_IMAGE_SIZE = { width: 1500, height: 1000 } as const;

/** Side of a square avatar. */
export const AVATAR_SIDE = 256;

/** Colours of one theme: a background gradient, shape colours and a light accent. */
export interface CoverPalette {
  background: readonly [string, string, string];
  shapes: readonly string[];
  light: string;
  dark: string;
}

/** The kinds of picture the art draws. */
export type Composition =
  | 'landscape'
  | 'orbs'
  | 'bauhaus'
  | 'waves'
  | 'skyline'
  | 'arches'
  | 'shelf'
  | 'circuit'
  | 'plates'
  | 'ripples'
  | 'aperture';

interface Theme {
  palette: CoverPalette;
  compositions: readonly Composition[];
}

/** The palette and favourite compositions of each demo category, by category slug. */
const THEMES: Record<string, Theme> = {
  travel: {
    palette: {
      background: ['#ffd6a5', '#f6a07a', '#5b8fb9'],
      shapes: ['#2d6a8f', '#3f88a5', '#e76f51', '#f4a261', '#264653'],
      light: '#fff3e0',
      dark: '#1d3557',
    },
    compositions: ['landscape', 'waves', 'arches'],
  },
  food: {
    palette: {
      background: ['#fff1e6', '#fde2c8', '#f8c291'],
      shapes: ['#c0392b', '#e67e22', '#6a994e', '#a7c957', '#bc6c25'],
      light: '#fffaf3',
      dark: '#5c2a1d',
    },
    compositions: ['plates', 'orbs', 'bauhaus'],
  },
  design: {
    palette: {
      background: ['#f2efe9', '#e9e4da', '#d9d2c5'],
      shapes: ['#e63946', '#1d3557', '#f1c40f', '#457b9d', '#2b2d42'],
      light: '#ffffff',
      dark: '#1b1b1e',
    },
    compositions: ['bauhaus', 'arches', 'orbs'],
  },
  technology: {
    palette: {
      background: ['#0f172a', '#1e293b', '#312e81'],
      shapes: ['#38bdf8', '#818cf8', '#22d3ee', '#a78bfa', '#34d399'],
      light: '#e0f2fe',
      dark: '#020617',
    },
    compositions: ['circuit', 'waves', 'orbs'],
  },
  wellness: {
    palette: {
      background: ['#e8f3ec', '#d3e9dd', '#b7d7c9'],
      shapes: ['#52796f', '#84a98c', '#cad2c5', '#e9c46a', '#354f52'],
      light: '#f7fbf8',
      dark: '#2f3e46',
    },
    compositions: ['ripples', 'landscape', 'orbs'],
  },
  books: {
    palette: {
      background: ['#f5ebe0', '#e3d5ca', '#d5bdaf'],
      shapes: ['#7f5539', '#9c6644', '#b08968', '#386641', '#6d597a'],
      light: '#fdf8f3',
      dark: '#3d2c2e',
    },
    compositions: ['shelf', 'arches', 'bauhaus'],
  },
  photography: {
    palette: {
      background: ['#22223b', '#4a4e69', '#9a8c98'],
      shapes: ['#f2e9e4', '#c9ada7', '#ffb4a2', '#e5989b', '#b5838d'],
      light: '#fbf7f5',
      dark: '#14142b',
    },
    compositions: ['aperture', 'landscape', 'orbs'],
  },
  'city-life': {
    palette: {
      background: ['#ffcdb2', '#e5989b', '#6d6875'],
      shapes: ['#355070', '#6d597a', '#b56576', '#eaac8b', '#2b2d42'],
      light: '#fff4e6',
      dark: '#1f1d2b',
    },
    compositions: ['skyline', 'bauhaus', 'waves'],
  },
};

const DEFAULT_THEME = 'design';

/** The theme names art can be drawn in (the demo category slugs). */
export const COVER_THEMES: readonly string[] = Object.keys(THEMES);

/** The palette of a theme (unknown themes get the design palette). */
export function paletteOf(theme: string): CoverPalette {
  return (THEMES[theme] ?? THEMES[DEFAULT_THEME]!).palette;
}

// One decimal is plenty for a 1600 px canvas and keeps the SVG small.
const n = (value: number) => Math.round(value * 10) / 10;

interface Canvas {
  width: number;
  height: number;
  random: Random;
  palette: CoverPalette;
  /** Shape colours in a seed-dependent order, so covers of one theme differ. */
  colors: string[];
  /** Collected gradient definitions. */
  defs: string[];
  nextId: () => string;
}

function color(canvas: Canvas, index: number): string {
  return canvas.colors[index % canvas.colors.length]!;
}

/** A radial gradient from `fill` to transparent: a soft, blur-free glow. */
function glow(canvas: Canvas, fill: string, opacity: number): string {
  const id = canvas.nextId();
  canvas.defs.push(
    `<radialGradient id="${id}"><stop offset="0" stop-color="${fill}" stop-opacity="${opacity}"/>` +
      `<stop offset="0.6" stop-color="${fill}" stop-opacity="${n(opacity * 0.35)}"/>` +
      `<stop offset="1" stop-color="${fill}" stop-opacity="0"/></radialGradient>`,
  );
  return `url(#${id})`;
}

function linear(canvas: Canvas, from: string, to: string, vertical = true): string {
  const id = canvas.nextId();
  const end = vertical ? 'x2="0" y2="1"' : 'x2="1" y2="0"';
  canvas.defs.push(
    `<linearGradient id="${id}" x1="0" y1="0" ${end}><stop offset="0" stop-color="${from}"/>` +
      `<stop offset="1" stop-color="${to}"/></linearGradient>`,
  );
  return `url(#${id})`;
}

/** A smooth closed band from a wavy top edge down to the bottom of the canvas. */
function hillPath(canvas: Canvas, baseY: number, amplitude: number, bumps: number): string {
  const { width, height, random } = canvas;
  const step = width / bumps;
  let d = `M0 ${n(baseY + random.between(-amplitude, amplitude))}`;
  for (let i = 1; i <= bumps; i++) {
    const x = i * step;
    const y = baseY + random.between(-amplitude, amplitude);
    d += ` S${n(x - step / 2)} ${n(y + random.between(-amplitude, amplitude))} ${n(x)} ${n(y)}`;
  }
  return `${d} L${width} ${height} L0 ${height}Z`;
}

function landscape(c: Canvas): string {
  const { width: w, height: h, random } = c;
  const sunX = random.between(0.2, 0.8) * w;
  const sunY = random.between(0.22, 0.42) * h;
  const sunR = random.between(0.07, 0.11) * w;
  let out = `<circle cx="${n(sunX)}" cy="${n(sunY)}" r="${n(sunR * 3.2)}" fill="${glow(c, c.palette.light, 0.55)}"/>`;
  out += `<circle cx="${n(sunX)}" cy="${n(sunY)}" r="${n(sunR)}" fill="${c.palette.light}" opacity="0.92"/>`;
  const layers = random.int(3, 5);
  for (let i = 0; i < layers; i++) {
    const baseY = h * (0.5 + (i / layers) * 0.42);
    const fill = linear(c, color(c, i), color(c, i + 1));
    const opacity = n(0.55 + (i / layers) * 0.45);
    out += `<path d="${hillPath(c, baseY, h * 0.06, random.int(3, 6))}" fill="${fill}" opacity="${opacity}"/>`;
  }
  return out;
}

/** A radial gradient lit from the top left: a flat circle becomes a soft sphere. */
function sphere(canvas: Canvas, fill: string): string {
  const id = canvas.nextId();
  canvas.defs.push(
    `<radialGradient id="${id}" cx="0.35" cy="0.3" r="0.8"><stop offset="0" stop-color="${canvas.palette.light}"/>` +
      `<stop offset="0.35" stop-color="${fill}"/><stop offset="1" stop-color="${fill}"/></radialGradient>`,
  );
  return `url(#${id})`;
}

function orbs(c: Canvas): string {
  const { width: w, height: h, random } = c;
  let out = '';
  // A few large glows set the mood; a few crisp spheres in front give the eye somewhere to land.
  const glows = random.int(3, 5);
  for (let i = 0; i < glows; i++) {
    const r = random.between(0.35, 0.6) * h;
    const fill = glow(c, color(c, i), random.between(0.5, 0.8));
    out += `<circle cx="${n(random.between(0, w))}" cy="${n(random.between(0, h))}" r="${n(r * 2)}" fill="${fill}"/>`;
  }
  const spheres = random.int(3, 5);
  for (let i = 0; i < spheres; i++) {
    const r = random.between(0.06, 0.2) * h;
    const cx = w * ((i + 0.5) / spheres) + random.between(-0.06, 0.06) * w;
    const cy = random.between(0.25, 0.75) * h;
    out += `<circle cx="${n(cx + r * 0.12)}" cy="${n(cy + r * 0.18)}" r="${n(r)}" fill="${c.palette.dark}" opacity="0.12"/>`;
    out += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${sphere(c, color(c, i + glows))}"/>`;
  }
  return out;
}

function bauhaus(c: Canvas): string {
  const { width: w, height: h, random } = c;
  const rows = random.int(2, 3);
  const cols = Math.round((rows * w) / h);
  const cell = h / rows;
  const offsetX = (w - cols * cell) / 2;
  let out = '';
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) {
      const x = offsetX + col * cell;
      const y = row * cell;
      const fill = color(c, random.int(0, c.colors.length - 1));
      const back = random.chance(0.35) ? color(c, random.int(0, c.colors.length - 1)) : null;
      if (back && back !== fill) {
        out += `<rect x="${n(x)}" y="${n(y)}" width="${n(cell)}" height="${n(cell)}" fill="${back}" opacity="0.35"/>`;
      }
      const rotation = random.int(0, 3) * 90;
      const cx = x + cell / 2;
      const cy = y + cell / 2;
      const turn = `transform="rotate(${rotation} ${n(cx)} ${n(cy)})"`;
      switch (random.int(0, 5)) {
        case 0:
          out += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(cell * 0.38)}" fill="${fill}"/>`;
          break;
        case 1:
          out += `<path d="M${n(x)} ${n(y + cell)} A${n(cell)} ${n(cell)} 0 0 1 ${n(x + cell)} ${n(y + cell)}Z" fill="${fill}" ${turn}/>`;
          break;
        case 2:
          out += `<path d="M${n(x)} ${n(y)} L${n(x + cell)} ${n(y)} A${n(cell)} ${n(cell)} 0 0 1 ${n(x)} ${n(y + cell)}Z" fill="${fill}" ${turn}/>`;
          break;
        case 3:
          out += `<path d="M${n(x)} ${n(y + cell)} L${n(x + cell / 2)} ${n(y + cell * 0.1)} L${n(x + cell)} ${n(y + cell)}Z" fill="${fill}" ${turn}/>`;
          break;
        case 4:
          for (let s = 0; s < 4; s++) {
            const sy = y + cell * (0.18 + s * 0.2);
            out += `<rect x="${n(x + cell * 0.15)}" y="${n(sy)}" width="${n(cell * 0.7)}" height="${n(cell * 0.09)}" rx="${n(cell * 0.045)}" fill="${fill}" ${turn}/>`;
          }
          break;
        default:
          out += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(cell * 0.38)}" fill="none" stroke="${fill}" stroke-width="${n(cell * 0.1)}"/>`;
      }
    }
  }
  return out;
}

function waves(c: Canvas): string {
  const { width: w, height: h, random } = c;
  const bands = random.int(5, 8);
  let out = '';
  for (let i = 0; i < bands; i++) {
    const baseY = h * (0.15 + (i / bands) * 0.85);
    const amplitude = h * random.between(0.03, 0.09);
    const phase = random.between(0, w / 2);
    const length = w / random.between(1.2, 2.4);
    let d = `M0 ${n(baseY)}`;
    for (let x = 0; x <= w + length; x += length / 2) {
      const up = Math.round((x + phase) / (length / 2)) % 2 === 0 ? -1 : 1;
      d += ` Q${n(x + length / 4)} ${n(baseY + up * amplitude * 2)} ${n(x + length / 2)} ${n(baseY)}`;
    }
    d += ` L${n(w + length)} ${h} L0 ${h}Z`;
    out += `<path d="${d}" fill="${color(c, i)}" opacity="${n(0.35 + (i / bands) * 0.6)}"/>`;
  }
  return out;
}

function skyline(c: Canvas): string {
  const { width: w, height: h, random } = c;
  const moonX = random.between(0.15, 0.85) * w;
  let out = `<circle cx="${n(moonX)}" cy="${n(h * 0.24)}" r="${n(h * 0.3)}" fill="${glow(c, c.palette.light, 0.6)}"/>`;
  out += `<circle cx="${n(moonX)}" cy="${n(h * 0.24)}" r="${n(h * 0.08)}" fill="${c.palette.light}"/>`;
  for (let layer = 0; layer < 2; layer++) {
    const fill = layer === 0 ? color(c, 1) : c.palette.dark;
    let x = -random.between(0, 60);
    while (x < w) {
      const bw = random.between(0.05, 0.11) * w;
      const bh = h * (layer === 0 ? random.between(0.35, 0.7) : random.between(0.2, 0.5));
      const top = h - bh;
      out += `<rect x="${n(x)}" y="${n(top)}" width="${n(bw)}" height="${n(bh)}" fill="${fill}" opacity="${layer === 0 ? 0.55 : 0.95}"/>`;
      if (layer === 1 && random.chance(0.7)) {
        // A few lit windows, never a full grid: full grids look like spreadsheets.
        const size = bw * 0.12;
        for (let wy = top + size * 2; wy < h - size * 2; wy += size * 2.4) {
          for (let wx = x + size; wx < x + bw - size * 1.5; wx += size * 2.2) {
            if (random.chance(0.3)) {
              out += `<rect x="${n(wx)}" y="${n(wy)}" width="${n(size)}" height="${n(size * 1.3)}" fill="${color(c, 3)}" opacity="0.85"/>`;
            }
          }
        }
      }
      x += bw + random.between(0, 0.015) * w;
    }
  }
  return out;
}

function arches(c: Canvas): string {
  const { width: w, height: h, random } = c;
  const count = random.int(2, 4);
  const span = w / count;
  let out = '';
  for (let i = 0; i < count; i++) {
    const cx = span * (i + 0.5);
    const rings = random.int(3, 5);
    const outer = span * 0.46;
    for (let r = 0; r < rings; r++) {
      const radius = outer * (1 - r / (rings + 0.5));
      const base = h * random.between(0.82, 0.9);
      out += `<path d="M${n(cx - radius)} ${n(h)} L${n(cx - radius)} ${n(base)} A${n(radius)} ${n(radius)} 0 0 1 ${n(cx + radius)} ${n(base)} L${n(cx + radius)} ${n(h)}Z" fill="${color(c, i + r)}"/>`;
    }
  }
  out += `<circle cx="${n(random.between(0.1, 0.9) * w)}" cy="${n(h * 0.2)}" r="${n(h * 0.07)}" fill="${color(c, 2)}"/>`;
  return out;
}

function shelf(c: Canvas): string {
  const { width: w, height: h, random } = c;
  const shelves = 2;
  let out = '';
  for (let s = 0; s < shelves; s++) {
    const floor = h * (0.45 + s * 0.45);
    out += `<rect x="0" y="${n(floor)}" width="${w}" height="${n(h * 0.025)}" fill="${c.palette.dark}" opacity="0.7"/>`;
    let x = random.between(0.03, 0.1) * w;
    while (x < w * 0.95) {
      if (random.chance(0.08)) {
        x += random.between(0.03, 0.08) * w;
        continue;
      }
      const bw = random.between(0.022, 0.05) * w;
      const bh = random.between(0.22, 0.36) * h;
      const fill = color(c, random.int(0, c.colors.length - 1));
      const lean = random.chance(0.06);
      const turn = lean ? ` transform="rotate(-12 ${n(x + bw)} ${n(floor)})"` : '';
      out += `<rect x="${n(x)}" y="${n(floor - bh)}" width="${n(bw)}" height="${n(bh)}" rx="${n(bw * 0.12)}" fill="${fill}"${turn}/>`;
      out += `<rect x="${n(x + bw * 0.2)}" y="${n(floor - bh * 0.8)}" width="${n(bw * 0.6)}" height="${n(bh * 0.05)}" fill="${c.palette.light}" opacity="0.55"${turn}/>`;
      x += bw + (lean ? bw * 0.5 : 1.5);
    }
  }
  return out;
}

function circuit(c: Canvas): string {
  const { width: w, height: h, random } = c;
  const step = h / random.int(7, 10);
  const cols = Math.floor(w / step);
  const rows = Math.floor(h / step);
  let out = '';
  for (let y = 1; y < rows; y++) {
    for (let x = 1; x < cols; x++) {
      out += `<circle cx="${n(x * step)}" cy="${n(y * step)}" r="1.6" fill="${c.palette.light}" opacity="0.18"/>`;
    }
  }
  const traces = random.int(10, 16);
  for (let t = 0; t < traces; t++) {
    let x = random.int(1, cols - 1) * step;
    let y = random.int(1, rows - 1) * step;
    let d = `M${n(x)} ${n(y)}`;
    const segments = random.int(2, 4);
    for (let s = 0; s < segments; s++) {
      if (s % 2 === 0) x = Math.min(cols - 1, Math.max(1, x / step + random.int(-4, 4))) * step;
      else y = Math.min(rows - 1, Math.max(1, y / step + random.int(-3, 3))) * step;
      d += ` L${n(x)} ${n(y)}`;
    }
    const stroke = color(c, t);
    out += `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${n(step * 0.08)}" stroke-linecap="round" stroke-linejoin="round" opacity="0.85"/>`;
    out += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(step * 0.6)}" fill="${glow(c, stroke, 0.5)}"/>`;
    out += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(step * 0.14)}" fill="${c.palette.light}"/>`;
  }
  return out;
}

function plates(c: Canvas): string {
  const { width: w, height: h, random } = c;
  let out = '';
  const stripe = h / 9;
  for (let i = 0; i < 9; i += 2) {
    out += `<rect x="0" y="${n(i * stripe)}" width="${w}" height="${n(stripe)}" fill="${color(c, 4)}" opacity="0.08"/>`;
  }
  const count = random.int(2, 4);
  for (let i = 0; i < count; i++) {
    const r = random.between(0.2, 0.34) * h;
    const cx = w * ((i + 0.5) / count) + random.between(-0.04, 0.04) * w;
    const cy = h * random.between(0.38, 0.62);
    out += `<circle cx="${n(cx + r * 0.08)}" cy="${n(cy + r * 0.1)}" r="${n(r)}" fill="${c.palette.dark}" opacity="0.12"/>`;
    out += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${c.palette.light}"/>`;
    out += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.78)}" fill="none" stroke="${c.colors[0]}" stroke-opacity="0.15" stroke-width="${n(r * 0.02)}"/>`;
    out += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.58)}" fill="${color(c, i + 1)}" opacity="0.9"/>`;
    for (let k = 0; k < 7; k++) {
      const angle = random.between(0, Math.PI * 2);
      const dist = random.between(0, r * 0.45);
      const rr = random.between(0.05, 0.12) * r;
      out += `<circle cx="${n(cx + Math.cos(angle) * dist)}" cy="${n(cy + Math.sin(angle) * dist)}" r="${n(rr)}" fill="${color(c, i + k + 2)}"/>`;
    }
  }
  return out;
}

function ripples(c: Canvas): string {
  const { width: w, height: h, random } = c;
  const cx = random.between(0.3, 0.7) * w;
  const cy = random.between(0.35, 0.65) * h;
  let out = `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(h * 0.9)}" fill="${glow(c, c.palette.light, 0.7)}"/>`;
  const rings = random.int(7, 11);
  for (let i = rings; i > 0; i--) {
    const r = (i / rings) * w * 0.55;
    out += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="none" stroke="${color(c, i)}" stroke-width="${n(random.between(4, 12))}" opacity="${n(0.25 + (1 - i / rings) * 0.6)}"/>`;
  }
  out += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(h * 0.06)}" fill="${color(c, 3)}"/>`;
  // A stone or two beside the water: small anchors make the composition feel calm, not empty.
  const stones = random.int(1, 3);
  for (let i = 0; i < stones; i++) {
    const sx = random.between(0.1, 0.9) * w;
    const sy = h * random.between(0.8, 0.92);
    const rx = random.between(0.03, 0.07) * w;
    out += `<ellipse cx="${n(sx)}" cy="${n(sy)}" rx="${n(rx)}" ry="${n(rx * 0.55)}" fill="${color(c, i + 4)}" opacity="0.85"/>`;
  }
  return out;
}

function aperture(c: Canvas): string {
  const { width: w, height: h, random } = c;
  const cx = random.between(0.35, 0.65) * w;
  const cy = h / 2;
  const r = h * random.between(0.32, 0.4);
  let out = `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 2.4)}" fill="${glow(c, color(c, 2), 0.45)}"/>`;
  out += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 1.18)}" fill="${c.palette.dark}"/>`;
  out += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 1.1)}" fill="none" stroke="${color(c, 0)}" stroke-opacity="0.35" stroke-width="3"/>`;
  const blades = 6 + random.int(0, 2);
  const inner = r * random.between(0.28, 0.45);
  for (let b = 0; b < blades; b++) {
    const a0 = (b / blades) * Math.PI * 2;
    const a1 = ((b + 1) / blades) * Math.PI * 2;
    const p0 = [cx + Math.cos(a0) * r, cy + Math.sin(a0) * r];
    const p1 = [cx + Math.cos(a1) * r, cy + Math.sin(a1) * r];
    const p2 = [cx + Math.cos(a1 + 0.6) * inner, cy + Math.sin(a1 + 0.6) * inner];
    out += `<path d="M${n(p0[0]!)} ${n(p0[1]!)} L${n(p1[0]!)} ${n(p1[1]!)} L${n(p2[0]!)} ${n(p2[1]!)}Z" fill="${color(c, b)}" opacity="${n(0.55 + (b % 3) * 0.15)}"/>`;
  }
  out += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(inner * 0.9)}" fill="${glow(c, c.palette.light, 0.9)}"/>`;
  // Bokeh dots in the background, the photographer's cliché in its friendliest form.
  for (let i = 0; i < 9; i++) {
    const br = random.between(0.03, 0.09) * h;
    out += `<circle cx="${n(random.between(0, w))}" cy="${n(random.between(0, h))}" r="${n(br)}" fill="${color(c, i)}" opacity="${n(random.between(0.15, 0.4))}"/>`;
  }
  return out;
}

const DRAW: Record<Composition, (canvas: Canvas) => string> = {
  landscape,
  orbs,
  bauhaus,
  waves,
  skyline,
  arches,
  shelf,
  circuit,
  plates,
  ripples,
  aperture,
};

/** Alt text for each composition: the art is abstract, so say what it looks like. */
const DESCRIPTIONS: Record<Composition, string> = {
  landscape: 'Layered hills under a low sun',
  orbs: 'Soft overlapping circles of colour',
  bauhaus: 'Bold geometric shapes arranged on a grid',
  waves: 'Layered bands of colour like waves',
  skyline: 'A city skyline at dusk with a few lit windows',
  arches: 'Nested arches in layered colours',
  shelf: 'Rows of colourful book spines on two shelves',
  circuit: 'Glowing lines and nodes like a circuit board',
  plates: 'Plates of colourful food seen from above',
  ripples: 'Ripples spreading across calm water',
  aperture: 'A camera aperture surrounded by soft bokeh',
};

/** Options of one picture: `theme` is a demo category slug (unknown: the design theme). */
export interface ArtOptions {
  seed: number;
  theme: string;
  width?: number;
  height?: number;
  /** A composition to draw instead of one of the theme's (a picture that must show something). */
  composition?: Composition;
}

/**
 * The SVG of one picture and a description for its alt text: `theme` picks the palette and
 * the favoured compositions, `seed` everything else.
 */
export function coverArt(options: ArtOptions): { svg: string; description: string } {
  const width = options.width ?? COVER_SIZE.width;
  const height = options.height ?? COVER_SIZE.height;
  const theme = THEMES[options.theme] ?? THEMES[DEFAULT_THEME]!;
  const random = createRandom(options.seed);
  const palette = theme.palette;
  let counter = 0;
  const canvas: Canvas = {
    width,
    height,
    random,
    palette,
    colors: random.shuffle([...palette.shapes]),
    defs: [],
    nextId: () => `g${counter++}`,
  };
  // Drawn even when chosen, so that the rest of the picture comes out of the same stream.
  const drawn = theme.compositions[random.int(0, theme.compositions.length - 1)]!;
  const composition = options.composition ?? drawn;
  const [from, via, to] = palette.background;
  const angle = random.chance(0.5);
  canvas.defs.push(
    `<linearGradient id="bg" x1="0" y1="0" x2="${angle ? 1 : 0.3}" y2="1">` +
      `<stop offset="0" stop-color="${from}"/><stop offset="0.55" stop-color="${via}"/>` +
      `<stop offset="1" stop-color="${to}"/></linearGradient>`,
  );
  const body = DRAW[composition](canvas);
  // A soft vignette and a light sheen give flat shapes a little depth.
  canvas.defs.push(
    '<radialGradient id="vignette" cx="0.5" cy="0.45" r="0.75">' +
      '<stop offset="0.6" stop-color="#000" stop-opacity="0"/>' +
      '<stop offset="1" stop-color="#000" stop-opacity="0.22"/></radialGradient>',
    '<linearGradient id="sheen" x1="0" y1="0" x2="1" y2="1">' +
      '<stop offset="0" stop-color="#fff" stop-opacity="0.14"/>' +
      '<stop offset="0.5" stop-color="#fff" stop-opacity="0"/></linearGradient>',
  );
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs>${canvas.defs.join('')}</defs>` +
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>${body}` +
    `<rect width="${width}" height="${height}" fill="url(#sheen)"/>` +
    `<rect width="${width}" height="${height}" fill="url(#vignette)"/></svg>`;
  return { svg, description: DESCRIPTIONS[composition] };
}

/** The SVG of an avatar: an abstract motif in two or three colours (no initials: fonts differ). */
export function avatarSvg(options: { seed: number; side?: number }): string {
  const side = options.side ?? AVATAR_SIDE;
  const random = createRandom(options.seed);
  const theme = THEMES[COVER_THEMES[random.int(0, COVER_THEMES.length - 1)]!]!;
  const colors = random.shuffle([...theme.palette.shapes]);
  const [from, , to] = theme.palette.background;
  const s = side;
  let shapes = '';
  switch (random.int(0, 3)) {
    case 0:
      shapes = `<circle cx="${n(s * 0.5)}" cy="${n(s * 0.5)}" r="${n(s * 0.3)}" fill="${colors[0]}"/><circle cx="${n(s * 0.62)}" cy="${n(s * 0.4)}" r="${n(s * 0.14)}" fill="${colors[1]}"/>`;
      break;
    case 1:
      shapes = `<path d="M0 ${s} L0 ${n(s * 0.55)} A${n(s * 0.5)} ${n(s * 0.5)} 0 0 1 ${s} ${n(s * 0.55)} L${s} ${s}Z" fill="${colors[0]}"/><circle cx="${n(s * 0.5)}" cy="${n(s * 0.32)}" r="${n(s * 0.12)}" fill="${colors[1]}"/>`;
      break;
    case 2:
      shapes = `<rect x="${n(s * 0.2)}" y="${n(s * 0.2)}" width="${n(s * 0.6)}" height="${n(s * 0.6)}" rx="${n(s * 0.12)}" fill="${colors[0]}" transform="rotate(${random.int(-20, 20)} ${n(s / 2)} ${n(s / 2)})"/><circle cx="${n(s * 0.5)}" cy="${n(s * 0.5)}" r="${n(s * 0.16)}" fill="${colors[1]}"/>`;
      break;
    default:
      shapes = `<path d="M0 ${n(s * 0.7)} Q${n(s * 0.5)} ${n(s * 0.35)} ${s} ${n(s * 0.7)} L${s} ${s} L0 ${s}Z" fill="${colors[0]}"/><path d="M0 ${n(s * 0.85)} Q${n(s * 0.5)} ${n(s * 0.6)} ${s} ${n(s * 0.85)} L${s} ${s} L0 ${s}Z" fill="${colors[1]}"/><circle cx="${n(s * 0.7)}" cy="${n(s * 0.3)}" r="${n(s * 0.1)}" fill="${colors[2]}"/>`;
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 ${s} ${s}">` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/>` +
    `<stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="${s}" height="${s}" fill="url(#bg)"/>${shapes}</svg>`
  );
}

/**
 * Rasterises one of these SVGs to PNG. Uncompressed: the buffer only travels to the media
 * store, which re-encodes it as webp, so time spent on deflate here would be wasted.
 */
export function renderSvg(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png({ compressionLevel: 0 }).toBuffer();
}

/** Renders a cover (or a thumbnail, or an in-post image at another size) to a PNG buffer. */
export async function renderCoverArt(
  options: ArtOptions,
): Promise<{ png: Buffer; description: string }> {
  const { svg, description } = coverArt(options);
  return { png: await renderSvg(svg), description };
}

/** Renders an avatar to a PNG buffer. */
export function renderAvatar(options: { seed: number; side?: number }): Promise<Buffer> {
  return renderSvg(avatarSvg(options));
}
