/**
 * WordPress shortcodes in post content. `[caption]` (the classic editor's image with a caption)
 * is rewritten into the `<figure>`/`<figcaption>` the block editor writes, so one converter reads
 * both. Other shortcodes need the plugin that defined them; their text stays in the post as
 * written and each name is reported once (`unknown-shortcode:<name>`).
 */
import type { ImportProblem } from '../records';

const CAPTION = /\[caption([^\]]*)\]([\s\S]*?)\[\/caption\]/g;
/** The image (maybe wrapped in a link) at the start of a caption shortcode, then its text. */
const CAPTIONED_IMAGE = /^\s*((?:<a\s[^>]*>\s*)?<img\s[^>]*>(?:\s*<\/a>)?)([\s\S]*)$/i;
const CAPTION_ATTRIBUTE = /\bcaption=("([^"]*)"|'([^']*)')/i;

/** `[caption ...]<img> text[/caption]` → `<figure><img><figcaption>text</figcaption></figure>`. */
export function expandCaptions(html: string): string {
  return html.replace(CAPTION, (whole, attributes: string, inner: string) => {
    const match = CAPTIONED_IMAGE.exec(inner);
    if (!match) return whole;
    const [, image = '', rest = ''] = match;
    const fromAttribute = CAPTION_ATTRIBUTE.exec(attributes);
    const caption = rest.trim() || fromAttribute?.[2] || fromAttribute?.[3] || '';
    const figcaption = caption ? `<figcaption>${caption}</figcaption>` : '';
    return `<figure class="wp-caption">${image}${figcaption}</figure>`;
  });
}

/** Shortcodes WordPress itself or common plugins define; other bracketed words are left alone. */
const SHORTCODE =
  /\[(gallery|embed|video|audio|playlist|caption|wp_caption|contact-form(?:-7)?|[a-z][a-z0-9_-]*)(\s[^\]]*)?\](?:[\s\S]*?\[\/\1\])?/g;
const KNOWN_NAMES = new Set([
  'gallery',
  'embed',
  'video',
  'audio',
  'playlist',
  'caption',
  'wp_caption',
  'contact-form',
  'contact-form-7',
]);

/**
 * The shortcodes left in content, one problem per name: a known WordPress shortcode, or any
 * `[name attr=...]`/`[name]...[/name]` (plain bracketed words like "[1]" are not reported).
 */
export function findShortcodes(html: string): ImportProblem[] {
  const seen = new Map<string, string>();
  for (const match of html.matchAll(SHORTCODE)) {
    const [whole, name = '', attributes = ''] = match;
    const looksLikeShortcode =
      KNOWN_NAMES.has(name) || attributes.includes('=') || whole.includes(`[/${name}]`);
    if (looksLikeShortcode && !seen.has(name)) seen.set(name, whole);
  }
  return [...seen].map(([name, sample]) => ({
    code: `unknown-shortcode:${name}`,
    message: `The shortcode [${name}] needs a WordPress plugin; its text was kept as written.`,
    sample: sample.length > 200 ? `${sample.slice(0, 199)}…` : sample,
  }));
}
