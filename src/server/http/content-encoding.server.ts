/**
 * Which compression a page is sent with, from the request's Accept-Encoding (RFC 9110 §12.5.3).
 * Brotli first: at its fast settings it compresses a page several times faster than gzip's
 * fastest level and smaller, which is most of the work a member's fresh page costs after React.
 * Browsers send `br` on HTTPS and localhost; gzip covers the rest.
 */

/** The encodings the server compresses pages with, best first. */
export const PAGE_ENCODINGS = ['br', 'gzip'] as const;
export type PageEncoding = (typeof PAGE_ENCODINGS)[number];

/** `name;q=0.5` → its weight; a missing or malformed weight counts as 1, as clients mean it. */
function weightOf(params: string[]): number {
  for (const param of params) {
    const [key, value] = param.split('=').map((part) => part.trim());
    if (key?.toLowerCase() === 'q') {
      const weight = Number(value);
      return Number.isFinite(weight) ? weight : 1;
    }
  }
  return 1;
}

/**
 * The encoding to send, or null for none. An encoding is acceptable when named with a weight
 * above zero, or when `*` is and it is not named with weight zero; among acceptable ones the
 * higher weight wins, then the server's order.
 */
export function chooseEncoding(
  acceptEncoding: string | undefined,
  encodings: readonly PageEncoding[] = PAGE_ENCODINGS,
): PageEncoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const entry of acceptEncoding.split(',')) {
    const [rawName, ...params] = entry.split(';');
    const name = rawName?.trim().toLowerCase();
    if (!name) continue;
    weights.set(name === 'x-gzip' ? 'gzip' : name, weightOf(params));
  }
  const wildcard = weights.get('*') ?? 0;
  let best: PageEncoding | null = null;
  let bestWeight = 0;
  for (const encoding of encodings) {
    const weight = weights.get(encoding) ?? wildcard;
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  return best;
}

/**
 * Whether the client takes gzip: a member's page laid over the shared one is sent as gzip from
 * parts compressed beforehand, which Brotli cannot splice (decision 054).
 */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  return chooseEncoding(acceptEncoding, ['gzip']) === 'gzip';
}
