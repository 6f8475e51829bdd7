/**
 * Which reader a file needs, told from its first bytes (issue 21, decision 057 "The command
 * line"): XML with an `<rss` element is a WordPress export (WXR), JSON is a Ghost export, a zip
 * an Inkwell archive (its manifest is checked when it is opened). Anything
 * else is described in words, so the message says what the file looks like instead of a parser's
 * complaint about its first byte.
 */
import { open } from 'node:fs/promises';
import type { ImportSource } from '../records';

/** How much of the file is looked at: an XML declaration and comments fit in it many times. */
export const SNIFF_BYTES = 16 * 1024;

/** A zip is taken for an Inkwell archive; its manifest says whether it is one (decision 057). */
export type SniffResult =
  | { source: ImportSource | 'inkwell' }
  | { source: null; looksLike: string };

/** Tells the format from the start of a file's content. Pure. */
export function sniffFormat(head: Uint8Array): SniffResult {
  if (head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 3 && head[3] === 4) {
    return { source: 'inkwell' };
  }
  if (head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b) {
    return { source: null, looksLike: 'a gzip archive (decompress it first)' };
  }
  const text = new TextDecoder('utf-8').decode(head, { stream: true }).replace(/^\uFEFF/, '');
  const start = text.trimStart();
  if (start === '') return { source: null, looksLike: 'an empty file' };
  if (start.startsWith('{') || start.startsWith('[')) return { source: 'ghost' };
  if (start.startsWith('<')) {
    if (/<rss[\s>]/.test(text)) return { source: 'wordpress' };
    if (/<!doctype html|<html[\s>]/i.test(text)) return { source: null, looksLike: 'an HTML page' };
    return { source: null, looksLike: 'XML without an <rss> element near its start' };
  }
  if (text.includes('\u0000') || text.includes('\uFFFD')) {
    return { source: null, looksLike: 'a binary file' };
  }
  const firstLine = start.split('\n', 1)[0]!.slice(0, 40);
  return { source: null, looksLike: `text starting with "${firstLine}"` };
}

/** Reads the first SNIFF_BYTES of the file at `path` and tells its format. */
export async function sniffFile(path: string): Promise<SniffResult> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return sniffFormat(buffer.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}
