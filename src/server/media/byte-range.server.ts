/**
 * HTTP byte ranges (RFC 9110 §14): what a video or audio element asks for when it seeks. One
 * range is served; a request for several is answered with the whole file, which the RFC allows
 * and which spares a multipart/byteranges body no player needs.
 */

/** An inclusive byte range within a file. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * The range a `Range` header asks for in a file of `size` bytes: null to send the whole file
 * (no header, another unit, several ranges, or a malformed one), 'unsatisfiable' for a range
 * that starts past the end (416).
 */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first, last] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    // A suffix: the last N bytes.
    const length = Number(last);
    if (length === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  if (start >= size) return 'unsatisfiable';
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (end < start) return null;
  return { start, end };
}
