/**
 * Readers' own state laid over a shared page at serve time (issue 20; decision 050).
 *
 * A page rendered with a hole recorder (widget/reader/reader.tsx) carries each `<Personal>` part
 * between two markers, and the recorder keeps the part's element with the contexts it was rendered
 * in. `splitPage` cuts the HTML at the markers into the page's fixed text and its holes;
 * the page renderer's `renderHoles` (src/entry.server.tsx) renders just the holes again for one
 * reader's view, in one React render;
 * `joinPage` puts a page back together from either. A member's page from the shared one thus
 * costs a render of a few small parts, not of the page.
 */
import { constants, crc32, deflateRawSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import type { CapturedHole, HoleRecorder } from '../../load-context';

/** A page cut at its holes: `fixed[i]`, hole `i`, `fixed[i + 1]`, … */
export interface SplitPage {
  fixed: string[];
  /** The holes in the page's order. */
  holes: CapturedHole[];
  /** Each hole as the page was rendered (the visitor's, for a shared page). */
  rendered: string[];
  /** The targets whose state the holes show (`post:<id>`, `comment:<id>`, `follow:<key>`). */
  targets: string[];
}

const MARKER = /<template data-inkwell-hole="(\d+)"><\/template>/g;

/**
 * The page cut at its hole markers, or null when they do not pair up (a hole inside an attribute,
 * a render cut short): such a page is served as rendered, without its markers, and not laid over.
 */
export function splitPage(html: string, recorder: HoleRecorder): SplitPage | null {
  const fixed: string[] = [];
  const holes: CapturedHole[] = [];
  const rendered: string[] = [];
  let from = 0;
  for (const start of html.matchAll(MARKER)) {
    if (start.index < from) return null;
    const index = Number(start[1]);
    const end = `<template data-inkwell-hole-end="${index}"></template>`;
    const contentStart = start.index + start[0].length;
    const endAt = html.indexOf(end, contentStart);
    const hole = recorder.holes[index];
    if (endAt < 0 || !hole) return null;
    fixed.push(html.slice(from, start.index));
    holes.push(hole);
    rendered.push(html.slice(contentStart, endAt));
    from = endAt + end.length;
  }
  fixed.push(html.slice(from));
  return { fixed, holes, rendered, targets: [...recorder.targets] };
}

/** The page's HTML with the markers taken out (when it cannot be split, a page as rendered). */
export function withoutMarkers(html: string): string {
  return html
    .replace(MARKER, '')
    .replace(/<template data-inkwell-hole-end="\d+"><\/template>/g, '');
}

/** The page with these parts in its holes. */
export function joinPage(page: Pick<SplitPage, 'fixed'>, parts: readonly string[]): string {
  let html = page.fixed[0]!;
  for (let i = 0; i < parts.length; i++) html += parts[i]! + page.fixed[i + 1]!;
  return html;
}

// --- A member's page compressed by its parts (decision 054). ---
//
// Compressing a whole page for each member cost as much as the rest of their request. A gzip
// stream is a run of deflate blocks, and a deflate compressor flushed with Z_SYNC_FLUSH ends on a
// byte boundary with nothing pending; a fresh compressor refers to nothing before its own input.
// So each fixed part of a shared page is compressed once, thoroughly, and each hole on its own
// (the same hole's HTML, shared by many readers, once); a reader's page is those blocks in the
// page's order between a gzip header and trailer, whose CRC-32 is combined from the parts'.

/** The fixed parts' level: compressed once per shared page, so as small as is quick. */
const FIXED_PARTS_LEVEL = 6;
/** The holes' level: a hole new to the process is compressed while its reader waits. */
const HOLE_LEVEL = 1;
/** Bytes of holes kept compressed (most are the memo's shared HTML: like buttons, headers). */
const HOLE_SEGMENTS_BUDGET_BYTES = 8 * 1024 * 1024;

/**
 * One part of a page as deflate blocks ending on a byte boundary, with its length and CRC-32 (the
 * page's CRC is combined from its parts' without reading their bytes again).
 */
interface Segment {
  deflated: Buffer;
  length: number;
  crc: number;
  /** x^(8·length) modulo the CRC polynomial: what shifts a CRC past this part. */
  shift: number;
}

function segmentOf(text: string, level: number): Segment {
  const raw = Buffer.from(text, 'utf8');
  return {
    deflated: deflateRawSync(raw, { level, finishFlush: constants.Z_SYNC_FLUSH }),
    length: raw.length,
    crc: crc32(raw),
    shift: bytesShift(raw.length),
  };
}

// CRC-32 combination, as zlib's crc32_combine (crc32.c): CRC(A·B) = CRC(A)·x^(8·|B|) + CRC(B),
// in GF(2) modulo the reflected polynomial.
const CRC_POLY = 0xedb88320;

/** a·b modulo the CRC polynomial (reflected bit order, as CRC-32 keeps its values). */
function multModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  let factor = b;
  for (;;) {
    if (a & m) {
      p ^= factor;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    factor = factor & 1 ? (factor >>> 1) ^ CRC_POLY : factor >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) modulo the polynomial, for k < 32. */
const X2N = (() => {
  const table = [0x40000000];
  for (let k = 1; k < 32; k++) table.push(multModP(table[k - 1]!, table[k - 1]!));
  return table;
})();

/** x^(8·length) modulo the polynomial. */
function bytesShift(length: number): number {
  let p = 0x80000000;
  let n = length;
  let k = 3;
  while (n > 0) {
    if (n & 1) p = multModP(X2N[k & 31]!, p);
    n = Math.floor(n / 2);
    k++;
  }
  return p;
}

/** Each shared page's fixed parts, compressed when a reader first asks for them. */
const fixedSegments = new WeakMap<SplitPage, Segment[]>();
/** Holes by their HTML: equal HTML, the same blocks. */
const holeSegments = new LRUCache<string, Segment>({
  maxSize: HOLE_SEGMENTS_BUDGET_BYTES,
  sizeCalculation: (segment) => segment.length * 2 + segment.deflated.length + 64,
});

function holeSegmentOf(html: string): Segment {
  let segment = holeSegments.get(html);
  if (!segment) {
    segment = segmentOf(html, HOLE_LEVEL);
    holeSegments.set(html, segment);
  }
  return segment;
}

/** gzip's member header: deflate, no name, no time, Unix (RFC 1952 §2.3). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
/** The last block: stored, empty, final (RFC 1951 §3.2.4). */
const FINAL_BLOCK = Buffer.from([1, 0, 0, 0xff, 0xff]);

/**
 * The page with these parts in its holes, gzip-compressed: byte for byte what gunzip turns into
 * `joinPage(page, parts)`. For a shared page kept in the hole store (its fixed parts are
 * compressed once and kept with it); a page rendered for one reader is joined and compressed
 * whole, as before.
 */
export function gzipJoinedPage(page: SplitPage, parts: readonly string[]): Buffer {
  let fixed = fixedSegments.get(page);
  if (!fixed) {
    fixed = page.fixed.map((text) => segmentOf(text, FIXED_PARTS_LEVEL));
    fixedSegments.set(page, fixed);
  }
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  const add = (segment: Segment) => {
    if (segment.length === 0) return;
    chunks.push(segment.deflated);
    crc = (multModP(segment.shift, crc) ^ segment.crc) >>> 0;
    size += segment.length;
  };
  add(fixed[0]!);
  for (let i = 0; i < parts.length; i++) {
    add(holeSegmentOf(parts[i]!));
    add(fixed[i + 1]!);
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE(size % 2 ** 32, 4);
  chunks.push(FINAL_BLOCK, trailer);
  return Buffer.concat(chunks);
}

// --- A reader's page again: the same parts, the same bytes (decision 054). ---
//
// A member reading the same page again (a refresh, the feed between posts) mostly gets the same
// parts: the memo's kept HTML and the same JSON of their view. The gzip page is a function of
// the shared page and its parts alone, so when every part equals the last one this reader got
// over this page, those bytes are the answer. Equal parts are the only test: a reader whose state
// changed (their like, a read notification, a new count) has a different part and gets a new page;
// and no reader can get bytes another's parts would not give.

/** Bytes of readers' last pages kept (gzip bytes plus their parts' text). */
const READER_PAGES_BUDGET_BYTES = 32 * 1024 * 1024;

interface ReaderPage {
  parts: readonly string[];
  gzip: Buffer;
}

/** A number per shared page, so that keys hold no reference to it (its holes are heavy). */
const pageIds = new WeakMap<SplitPage, number>();
let lastPageId = 0;
const readerPages = new LRUCache<string, ReaderPage>({
  maxSize: READER_PAGES_BUDGET_BYTES,
  sizeCalculation: ({ parts, gzip }) =>
    gzip.length + parts.reduce((sum, part) => sum + part.length * 2, 0) + 128,
});

function pageIdOf(page: SplitPage): number {
  let id = pageIds.get(page);
  if (id === undefined) {
    id = ++lastPageId;
    pageIds.set(page, id);
  }
  return id;
}

function isSameParts(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * `gzipJoinedPage(page, parts)` for one reader (`readerKey`: their member id, or their visitor
 * id): the bytes they got last time over this page when every part is the same.
 */
export function readerGzipPage(
  page: SplitPage,
  parts: readonly string[],
  readerKey: string,
): Buffer {
  const key = `${pageIdOf(page)}|${readerKey}`;
  const kept = readerPages.get(key);
  if (kept && isSameParts(kept.parts, parts)) return kept.gzip;
  const gzip = gzipJoinedPage(page, parts);
  readerPages.set(key, { parts: [...parts], gzip });
  return gzip;
}
