/**
 * Validation of the editor's small dialogs (issue 4 "Writing"): every field is checked before a
 * block is inserted, and each problem is a message key (`postEditor.errors.<key>`) shown beside
 * its field. Pure functions, so the rules are unit-tested without a browser.
 *
 * The URL rule itself is the one `safeUrl` of rich-content (DESIGN "Errors and bad input"); the
 * bounds are the nodes' own, which the model's schemas use too: map ranges, gallery columns and
 * poll answers in `rich-content/nodes/<type>/limits.ts`, table columns in
 * `rich-content/nodes/table/schema.ts`.
 */
import {
  LINK_PREVIEW_DESCRIPTION_MAX_LENGTH,
  LINK_PREVIEW_TITLE_MAX_LENGTH,
} from '../../domain/link-preview';
import { ALT_TEXT_MAX_LENGTH } from '../../domain/media';
import { SPACING_MAX } from '../../domain/settings';
import { parseVideoSource } from '../../domain/video';
import { GALLERY_COLUMNS_MAX } from '../../rich-content/nodes/gallery/limits';
import { MAP_LATITUDE_MAX, MAP_LONGITUDE_MAX } from '../../rich-content/nodes/map/limits';
import { POLL_OPTIONS_MAX, POLL_OPTIONS_MIN } from '../../rich-content/nodes/poll/limits';
import { MAX_TABLE_COLUMNS } from '../../rich-content/nodes/table/schema';
import { isSafeUrl } from '../../rich-content/safe-url';

/** A problem with one field: the message key and its interpolation values. */
export interface FieldError {
  key: string;
  values?: Record<string, string | number>;
}

/** Problems by field name; empty when the form is valid. */
export type FieldErrors = Record<string, FieldError>;

/** Whether a form has no problems. */
export const isValid = (errors: FieldErrors): boolean => Object.keys(errors).length === 0;

/** The most rows the table dialog makes at once (more can be added in the table later). */
export const TABLE_ROWS_MAX = 50;
/** The most columns: the model's own bound. */
export const TABLE_COLUMNS_MAX = MAX_TABLE_COLUMNS;
/** A poll's answers: the node's own bounds (rich-content/nodes/poll). */
export { POLL_OPTIONS_MAX, POLL_OPTIONS_MIN };
/** Longest poll question or answer, and button text. */
export const SHORT_TEXT_MAX = 200;
/** Longest HTML embed (the document's own limits still apply on save). */
export const HTML_MAX = 100_000;

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const LOOKS_LIKE_HOST = /^[\w-]+(\.[\w-]+)+([/?#:]|$)/;

/**
 * What a writer typed into a URL field, completed: `example.com/page` becomes
 * `https://example.com/page`; anything else is only trimmed.
 */
export function completeUrl(raw: string): string {
  const url = raw.trim();
  if (url === '' || SCHEME.test(url) || url.startsWith('/') || url.startsWith('#')) return url;
  return LOOKS_LIKE_HOST.test(url) ? `https://${url}` : url;
}

/**
 * A link's URL (text links and buttons): required, a safe scheme (http, https, mailto, tel) or a
 * path of this site. `javascript:` and the like are refused with their own message.
 */
export function linkUrlError(raw: string): FieldError | undefined {
  const url = completeUrl(raw);
  if (url === '') return { key: 'required' };
  if (!isSafeUrl(url)) return { key: 'unsafeUrl' };
  if (SCHEME.test(url) && /^https?:/i.test(url) && !isAbsoluteHttp(url)) return { key: 'url' };
  if (!SCHEME.test(url) && !url.startsWith('/') && !url.startsWith('#')) return { key: 'url' };
  return undefined;
}

function isAbsoluteHttp(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '';
  } catch {
    return false;
  }
}

/** A web page's address (link previews, HTML embeds by URL): an absolute http(s) URL. */
export function webUrlError(raw: string): FieldError | undefined {
  const url = completeUrl(raw);
  if (url === '') return { key: 'required' };
  if (!isSafeUrl(url)) return { key: 'unsafeUrl' };
  return isAbsoluteHttp(url) ? undefined : { key: 'webUrl' };
}

const VIDEO_FILE = /\.(mp4|webm|ogv|ogg|mov|m4v)$/i;

/** A video link: YouTube, Vimeo, one of our own mp4 files, or a direct http(s) video file. */
export function videoUrlError(raw: string): FieldError | undefined {
  const url = completeUrl(raw);
  if (url === '') return { key: 'required' };
  if (!isSafeUrl(url)) return { key: 'unsafeUrl' };
  if (parseVideoSource(url) !== null) return undefined;
  if (isAbsoluteHttp(url) && VIDEO_FILE.test(new URL(url).pathname)) return undefined;
  return { key: 'videoUrl' };
}

/** Text that must be there and not too long. */
export function requiredTextError(raw: string, max = SHORT_TEXT_MAX): FieldError | undefined {
  const text = raw.trim();
  if (text === '') return { key: 'required' };
  if (text.length > max) return { key: 'tooLong', values: { max } };
  return undefined;
}

/** A decimal number typed by a writer (a comma works as the decimal point), else undefined. */
export function parseDecimal(raw: string): number | undefined {
  const text = raw.trim().replace(',', '.');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(text)) return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

function rangeError(raw: string, min: number, max: number): FieldError | undefined {
  if (raw.trim() === '') return { key: 'required' };
  const value = parseDecimal(raw);
  if (value === undefined) return { key: 'number' };
  if (value < min || value > max) return { key: 'range', values: { min, max } };
  return undefined;
}

function integerRangeError(raw: string, min: number, max: number): FieldError | undefined {
  if (raw.trim() === '') return { key: 'required' };
  if (!/^\d+$/.test(raw.trim())) return { key: 'wholeNumber' };
  const value = Number(raw.trim());
  if (value < min || value > max) return { key: 'range', values: { min, max } };
  return undefined;
}

/** Collects the defined errors of a form. */
function collect(entries: Record<string, FieldError | undefined>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, error] of Object.entries(entries)) if (error) errors[field] = error;
  return errors;
}

/** The text link dialog. */
export function validateLink(form: { url: string }): FieldErrors {
  return collect({ url: linkUrlError(form.url) });
}

/** The button dialog: its label and where it leads. */
export function validateButton(form: { text: string; url: string }): FieldErrors {
  return collect({ text: requiredTextError(form.text), url: linkUrlError(form.url) });
}

/** The map dialog: an address and coordinates in their ranges (the model's bounds). */
export function validateMap(form: { address: string; lat: string; lng: string }): FieldErrors {
  return collect({
    address: requiredTextError(form.address),
    lat: rangeError(form.lat, -MAP_LATITUDE_MAX, MAP_LATITUDE_MAX),
    lng: rangeError(form.lng, -MAP_LONGITUDE_MAX, MAP_LONGITUDE_MAX),
  });
}

/** The poll dialog: a question and 2..POLL_OPTIONS_MAX answers, none empty, none repeated. */
export function validatePoll(form: { title: string; options: readonly string[] }): FieldErrors {
  const entries: Record<string, FieldError | undefined> = { title: requiredTextError(form.title) };
  const seen = new Set<string>();
  form.options.forEach((option, index) => {
    const error = requiredTextError(option);
    const normal = option.trim().toLowerCase();
    entries[`option${index}`] =
      error ?? (seen.has(normal) ? { key: 'duplicateOption' } : undefined);
    seen.add(normal);
  });
  if (form.options.length < POLL_OPTIONS_MIN) {
    entries.options = { key: 'pollOptionsMin', values: { count: POLL_OPTIONS_MIN } };
  } else if (form.options.length > POLL_OPTIONS_MAX) {
    entries.options = { key: 'pollOptionsMax', values: { count: POLL_OPTIONS_MAX } };
  }
  return collect(entries);
}

/** The table dialog: whole numbers of rows and columns within bounds. */
export function validateTable(form: { rows: string; columns: string }): FieldErrors {
  return collect({
    rows: integerRangeError(form.rows, 1, TABLE_ROWS_MAX),
    columns: integerRangeError(form.columns, 1, TABLE_COLUMNS_MAX),
  });
}

/** The HTML embed dialog: either markup or the address of a page to embed. */
export function validateHtml(form: {
  mode: 'html' | 'url';
  html: string;
  url: string;
}): FieldErrors {
  if (form.mode === 'url') return collect({ url: webUrlError(form.url) });
  return collect({ html: requiredTextError(form.html, HTML_MAX) });
}

/** The video link dialog. */
export function validateVideoLink(form: { url: string }): FieldErrors {
  return collect({ url: videoUrlError(form.url) });
}

/** The link preview dialog: the page's address; title, description and image are optional. */
export function validateLinkPreview(form: {
  url: string;
  title?: string;
  description?: string;
  thumbnailUrl?: string;
}): FieldErrors {
  const optional = (raw: string | undefined, max: number) =>
    (raw ?? '').trim().length > max ? { key: 'tooLong', values: { max } } : undefined;
  const image = (form.thumbnailUrl ?? '').trim();
  return collect({
    url: webUrlError(form.url),
    title: optional(form.title, LINK_PREVIEW_TITLE_MAX_LENGTH),
    description: optional(form.description, LINK_PREVIEW_DESCRIPTION_MAX_LENGTH),
    thumbnailUrl: image === '' ? undefined : webUrlError(image),
  });
}

/** The image details dialog: alternative text unless the image is decorative. */
export function validateImageDetails(form: { altText: string; decorative: boolean }): FieldErrors {
  if (form.decorative) return {};
  return collect({
    altText:
      form.altText.trim().length > ALT_TEXT_MAX_LENGTH
        ? { key: 'tooLong', values: { max: ALT_TEXT_MAX_LENGTH } }
        : undefined,
  });
}

/** Gallery columns: the node's own bound (rich-content/nodes/gallery), used by the renderer too. */
export { GALLERY_COLUMNS_MAX };
/** The spacing between gallery items in px: the layout bound of SPEC §5. */
export const GALLERY_SPACING_MAX = SPACING_MAX;

/** The gallery dialog: whole numbers of columns and of spacing within bounds. */
export function validateGallery(form: { columns: string; spacing: string }): FieldErrors {
  return collect({
    columns: integerRangeError(form.columns, 1, GALLERY_COLUMNS_MAX),
    spacing: integerRangeError(form.spacing, 0, GALLERY_SPACING_MAX),
  });
}

/** The file dialog: the name readers see, required and not too long. */
export function validateFile(form: { name: string }): FieldErrors {
  return collect({ name: requiredTextError(form.name) });
}

/** The audio dialog: name and author are optional, but not endless. */
export function validateAudio(form: { name: string; authorName: string }): FieldErrors {
  const optional = (raw: string) =>
    raw.trim().length > SHORT_TEXT_MAX
      ? { key: 'tooLong', values: { max: SHORT_TEXT_MAX } }
      : undefined;
  return collect({ name: optional(form.name), authorName: optional(form.authorName) });
}
