/**
 * DESIGN.md "Errors and bad input": links are sanitised; `javascript:` and other unsafe schemes
 * never reach the page. Document URL fields accept any string (a stored document stays readable);
 * every renderer passes them through `safeUrl` on the way out. This is the only copy of the rule.
 */
const SAFE_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:']);

/** The URL when it is relative or uses a safe scheme; undefined otherwise. */
export function safeUrl(raw: string | undefined | null): string | undefined {
  if (!raw) return undefined;
  // Control characters and whitespace inside a scheme are a classic way to smuggle javascript:.
  const trimmed = raw.trim();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point.
  const compact = trimmed.replace(/[\u0000-\u0020\u007f]+/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1];
  if (!scheme) return trimmed;
  return SAFE_SCHEMES.has(`${scheme.toLowerCase()}:`) ? trimmed : undefined;
}

/** Whether a URL from a document may be put in a page (relative, or a safe scheme). */
export function isSafeUrl(raw: string | undefined | null): raw is string {
  return safeUrl(raw) !== undefined;
}
