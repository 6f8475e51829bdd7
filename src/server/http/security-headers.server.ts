/**
 * Security headers, set in one place (issue 15; decision 029): every response gets the same
 * fixed set (nosniff, referrer, permissions, opener, framing) and a Content-Security-Policy; a
 * rendered page's policy also names the sha256 of each of its inline scripts (React Router's
 * bootstrap and loader data), and is stored with the page in the page cache, so a cache hit
 * costs nothing more. HSTS goes only on responses to requests that came over https.
 *
 * The policy lets a page run only our own scripts (no 'unsafe-inline', no 'unsafe-eval') plus
 * Pinterest's pin script (SPEC §7), and load what rich content embeds (SPEC §3): images from any
 * https site (link previews, GIFs, video posters), video and audio players and PDFs in https
 * frames, sandboxed HTML in our own frame document (`HTML_FRAME_PATH`). Inline `style`
 * attributes are allowed: React components set them (settings' colours, sizes, aspect ratios),
 * and a style cannot run script.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { PINTEREST_SCRIPT_URL } from '../../domain/share';
import { HTML_SANDBOX } from '../../rich-content/render/html-frame';

/** The header, lower-case as Fastify stores reply headers. */
export const CSP_HEADER = 'content-security-policy';

/**
 * The policy's directives, but for the page's script hashes. `'self'` is the site's own origin:
 * the builder's editor shows the site's page in a frame of the same origin (frame-ancestors).
 */
const POLICY_DIRECTIVES: ReadonlyArray<readonly [string, string]> = [
  ['default-src', "'self'"],
  ['script-src', `'self' ${new URL(PINTEREST_SCRIPT_URL).origin}`],
  // React sets `style` attributes; the editor kit has a <style> element. CSS cannot run script.
  ['style-src', "'self' 'unsafe-inline'"],
  // Link-preview thumbnails, GIFs, video posters, embed photos; blob: is an upload's preview.
  ['img-src', "'self' data: blob: https:"],
  ['media-src', "'self' blob: https:"],
  // Video players (YouTube, Vimeo), HTML blocks by URL, PDF previews; our HTML frame document.
  ['frame-src', "'self' https:"],
  ['font-src', "'self' data:"],
  ['connect-src', "'self'"],
  ['object-src', "'none'"],
  ['base-uri', "'self'"],
  ['form-action', "'self'"],
  ['frame-ancestors', "'self'"],
];

/**
 * The Content-Security-Policy of a response: the fixed directives, with `scriptHashes`
 * (`'sha256-…'` sources, see `inlineScriptHashes`) allowed in script-src.
 */
export function contentSecurityPolicy(scriptHashes: readonly string[] = []): string {
  return POLICY_DIRECTIVES.map(([name, value]) =>
    name === 'script-src' && scriptHashes.length > 0
      ? `${name} ${value} ${scriptHashes.join(' ')}`
      : `${name} ${value}`,
  ).join('; ');
}

/** The policy of every response that is not a rendered page (API, media, assets, errors). */
export const BASE_POLICY = contentSecurityPolicy();

/**
 * The policy of the HTML frame document: the author's markup and scripts run there (SPEC §3
 * HTML and rich embeds), so scripts from anywhere may run, but always in a sandbox (an opaque
 * origin: no cookies, no storage, no reach into the page) even if opened on its own, and only
 * inside our pages.
 */
export const HTML_FRAME_POLICY = `sandbox ${HTML_SANDBOX}; frame-ancestors 'self'`;

/**
 * A `<script>` element's type that script-src governs: script (classic or module), and speculation
 * rules (reader pages prefetch their links by them, decision 053); others are data.
 */
const RUNNABLE_TYPE = /^(module|speculationrules|(text|application)\/(java|ecma)script)$/i;

/**
 * The CSP sources (`'sha256-…'`) of the inline scripts of a page React rendered, in order. The
 * browser hashes a script's text as the HTML parser reads it: everything between `<script …>`
 * and the next `</script`, which React and React Router never write inside a script (they escape
 * `<` in script data) nor outside one (text and attributes are escaped).
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  let at = html.indexOf('<script');
  while (at !== -1) {
    const tagEnd = html.indexOf('>', at);
    const end = tagEnd === -1 ? -1 : html.indexOf('</script', tagEnd);
    if (end === -1) break;
    const attributes = html.slice(at + 7, tagEnd);
    const type = /\stype="([^"]*)"/i.exec(attributes)?.[1];
    const isInline = !/\ssrc=/i.test(attributes);
    if (isInline && (type === undefined || type === '' || RUNNABLE_TYPE.test(type))) {
      const text = html.slice(tagEnd + 1, end);
      hashes.push(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
    }
    at = html.indexOf('<script', end);
  }
  return hashes;
}

/** A rendered page's policy: its own inline scripts are allowed, and no others. */
export function pageContentSecurityPolicy(html: string): string {
  return contentSecurityPolicy(inlineScriptHashes(html));
}

/**
 * Features no page of ours uses, off for the page and every frame in it. Autoplay, fullscreen,
 * encrypted media and picture-in-picture are left at their defaults: the video players' frames
 * are given them (`allow`).
 */
const PERMISSIONS_POLICY = [
  'camera',
  'microphone',
  'geolocation',
  'payment',
  'usb',
  'serial',
  'hid',
  'bluetooth',
  'midi',
  'display-capture',
  'browsing-topics',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/** The headers every response gets (a page's own policy replaces `content-security-policy`). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  [CSP_HEADER]: BASE_POLICY,
  'x-content-type-options': 'nosniff',
  // Other sites learn our origin from a link, never the path (a draft's or a reset link's).
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': PERMISSIONS_POLICY,
  // A window we open, or that opens us, from another origin gets no handle on our pages.
  'cross-origin-opener-policy': 'same-origin',
  // Browsers without frame-ancestors (the policy above says the same).
  'x-frame-options': 'SAMEORIGIN',
});

/**
 * HSTS (RFC 6797), on https only: a year, this host only. Not `includeSubDomains`: a site's
 * domain is its owner's, whose other subdomains may not serve https.
 */
export const HSTS = 'max-age=31536000';

/**
 * Registers the hook that sets the security headers on every response. It runs first, at
 * `onRequest`, so responses that a later hook refuses (403, 429) or that fail (404, 500) carry
 * them too; a handler may replace a header (a page's policy, the HTML frame's).
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    // `protocol` believes X-Forwarded-Proto only from a trusted proxy (Fastify's trustProxy).
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });
}
