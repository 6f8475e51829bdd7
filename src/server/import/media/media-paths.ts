/**
 * Where an image's URL may be found in an uploads folder or zip given beside the export
 * (decision 057 "Media"): the URL's path, mapped by its suffix. WordPress keeps uploads under
 * `…/wp-content/uploads/2024/03/x.jpg` and Ghost under `…/content/images/2024/03/x.jpg` (a
 * resized copy under `content/images/size/w600/…`); a folder given for either may be the
 * uploads folder itself or the site's root. Pure: it answers relative paths, never touches disk.
 */

/** The folders each source keeps its uploads in, as URL path segments. */
const UPLOAD_ROOTS: readonly (readonly string[])[] = [
  ['wp-content', 'uploads'],
  ['content', 'images'],
];

/** Decodes one URL path segment; null when it is not safe as a file name. */
function safeSegment(raw: string): string | null {
  let segment: string;
  try {
    segment = decodeURIComponent(raw);
  } catch {
    return null;
  }
  if (segment === '' || segment === '.' || segment === '..') return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point.
  if (/[\\/\u0000-\u001f]/.test(segment) || /^[A-Za-z]:$/.test(segment)) return null;
  return segment;
}

/** The path segments of a URL (also of `__GHOST_URL__/content/…` or a bare path), or null. */
export function urlPathSegments(url: string): string[] | null {
  let pathname: string;
  try {
    pathname = new URL(url, 'http://relative.invalid/').pathname;
  } catch {
    return null;
  }
  const raw = pathname.split('/').filter((part) => part !== '');
  const segments: string[] = [];
  for (const part of raw) {
    const segment = safeSegment(part);
    if (segment === null) return null;
    segments.push(segment);
  }
  return segments.length > 0 ? segments : null;
}

function indexOfRoot(segments: readonly string[], root: readonly string[]): number {
  for (let i = 0; i + root.length <= segments.length; i++) {
    if (root.every((part, j) => segments[i + j]!.toLowerCase() === part)) return i;
  }
  return -1;
}

/**
 * Relative paths (with `/`) where the file of `url` may be, most likely first: under an uploads
 * root, the path after it (`2024/03/x.jpg`) and the path from the root (`wp-content/uploads/…`);
 * Ghost's resized copies (`size/w600/…`) map to their original. Any other URL: its whole path,
 * then each shorter suffix down to the file name. Every path is made of safe segments only (no
 * `..`, no empty or absolute part), so joining it under a folder stays inside the folder.
 */
export function candidatePaths(url: string): string[] {
  const segments = urlPathSegments(url);
  if (segments === null) return [];
  const paths: string[] = [];
  for (const root of UPLOAD_ROOTS) {
    const at = indexOfRoot(segments, root);
    if (at < 0) continue;
    let rest = segments.slice(at + root.length);
    // Ghost serves resized copies at content/images/size/w600[h400]/<original path>.
    if (rest[0] === 'size' && rest.length > 2 && /^w\d+(h\d+)?$/.test(rest[1]!)) {
      rest = rest.slice(2);
    }
    if (rest.length === 0) return [];
    paths.push(rest.join('/'), [...root, ...rest].join('/'));
    return paths;
  }
  for (let i = 0; i < segments.length; i++) paths.push(segments.slice(i).join('/'));
  return paths;
}

/** A file name for the media library (it only labels a download): the URL's last segment. */
export function fileNameOf(url: string): string {
  return urlPathSegments(url)?.at(-1) ?? 'image';
}
