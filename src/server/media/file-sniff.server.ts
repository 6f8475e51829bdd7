/**
 * What an uploaded file really is, from its first bytes (its "magic number"), never from the
 * type the browser claims: a script renamed to `.pdf` or an HTML page sent as `image/png` must
 * not be stored and served under a trusted type. Pure: it looks at a buffer only.
 *
 * Formats without a signature of their own are decided with the file name's extension, and only
 * among types that share the container the bytes prove: an OOXML document (docx, xlsx, pptx) is
 * a zip, an old Office document (doc, xls, ppt) an OLE compound file, a csv a plain text.
 */
import { extensionFor, type UploadKind } from '../../domain/media-upload';

/** How many leading bytes `sniffMimeType` needs to decide. */
export const SNIFF_BYTES = 4096;

function startsWith(head: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (head.length < offset + signature.length) return false;
  return signature.every((byte, index) => head[offset + index] === byte);
}

function ascii(head: Uint8Array, offset: number, length: number): string {
  return String.fromCharCode(...head.subarray(offset, offset + length));
}

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** The ISO base media (mp4) major brand, or null when the file is not one. */
function isoBrand(head: Uint8Array): string | null {
  return head.length >= 12 && ascii(head, 4, 4) === 'ftyp' ? ascii(head, 8, 4) : null;
}

function isMp3(head: Uint8Array): boolean {
  if (startsWith(head, [0x49, 0x44, 0x33])) return true; // 'ID3' tag before the first frame
  // A bare MPEG audio frame: 11 sync bits, then a layer that is not the reserved 00.
  return (
    head.length >= 2 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0 && (head[1]! & 0x06) !== 0
  );
}

/** The type an OpenDocument or EPUB zip names in its first entry, `mimetype`, stored uncompressed. */
function zipDeclaredMimeType(head: Uint8Array): string | null {
  if (ascii(head, 30, 8) !== 'mimetype') return null;
  const match = /^[a-z0-9.+/-]+/.exec(ascii(head, 38, 80));
  return match?.[0] ?? null;
}

/** Plain text: UTF-8 without NUL or other control characters than tab, newlines and form feed. */
function isPlainText(head: Uint8Array, isTruncated: boolean): boolean {
  if (head.length === 0) return false;
  // A multi-byte character cut at the end of the sample is not an error.
  const sample = isTruncated ? head.subarray(0, Math.max(0, head.length - 3)) : head;
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(sample);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
    return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text);
  } catch {
    return false;
  }
}

function extensionOf(fileName: string): string {
  return /\.([A-Za-z0-9]{1,8})$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
}

const OOXML: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};
const OLE_TYPES: Record<string, string> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
};

/** The type the bytes prove, for any kind (null when none of ours). */
function sniffAny(head: Uint8Array, fileName: string, isTruncated: boolean): string | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a') return 'image/gif';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 4) === 'WEBP') return 'image/webp';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 4) === 'WAVE') return 'audio/wav';
  if (ascii(head, 0, 4) === 'OggS') return 'audio/ogg';
  if (ascii(head, 0, 4) === 'fLaC') return 'audio/flac';
  if (ascii(head, 0, 5) === '%PDF-') return 'application/pdf';
  if (ascii(head, 0, 5) === '{\\rtf') return 'application/rtf';
  const brand = isoBrand(head);
  if (brand !== null) {
    if (brand === 'avif' || brand === 'avis') return 'image/avif';
    if (brand.startsWith('M4A') || brand.startsWith('M4B')) return 'audio/mp4';
    // QuickTime (.mov) shares the box structure but not every browser plays it.
    if (brand === 'qt  ') return null;
    return 'video/mp4';
  }
  if (isMp3(head)) return 'audio/mpeg';
  const extension = extensionOf(fileName);
  if (startsWith(head, ZIP)) {
    return zipDeclaredMimeType(head) ?? OOXML[extension] ?? 'application/zip';
  }
  if (startsWith(head, OLE)) return OLE_TYPES[extension] ?? null;
  if (isPlainText(head, isTruncated)) return extension === 'csv' ? 'text/csv' : 'text/plain';
  return null;
}

/**
 * The mime type of an upload of `kind` from its first `SNIFF_BYTES` bytes, when it is one the
 * kind accepts; null otherwise (SPEC §8 `file-upload-failure`). `isTruncated` says the file goes
 * on past `head`.
 */
export function sniffMimeType(
  kind: UploadKind,
  head: Uint8Array,
  fileName: string,
  isTruncated = false,
): string | null {
  let type = sniffAny(head, fileName, isTruncated);
  // An audio-only mp4 often carries a generic brand (isom, mp42): as audio, it is an m4a.
  if (kind === 'audio' && type === 'video/mp4') type = 'audio/mp4';
  return type !== null && extensionFor(kind, type) !== null ? type : null;
}
