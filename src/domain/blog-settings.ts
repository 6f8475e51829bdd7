/**
 * The blog's own settings (issue 18 § Blog settings): what belongs to the blog rather than to one
 * widget's look, edited by owners at `/dashboard/settings` through `/api/dashboard/settings`.
 *
 * One table, `BLOG_SETTING_FIELDS`, says where each field lives and how it is bounded:
 * - `site` fields are columns of the `sites` row (name, description, logo, language, time zone,
 *   hold first comments, demo mode, category prefix, default SEO title and description); their
 *   bounds are the named limits below.
 * - `widget` fields are keys of the Blog widget's settings table (`domain/settings.ts`), the very
 *   values the builder's Settings tab edits; their type and bounds are that table's, checked by
 *   `settingValueProblem`, never restated here. They are stored per device: this page writes the
 *   value to both devices (decision 040).
 *
 * Pure: the form and the server import it, so the form shows the limits the server enforces.
 */
import { z } from 'zod';
import { isValidTimeZone } from './dates';
import { expandPattern, ROUTE_TABLE } from './routes';
import {
  FEED_CONTENT_KINDS,
  FEED_ITEM_COUNT_MAX,
  FEED_ITEM_COUNT_MIN,
  type FeedContentKind,
  POST_URL_SHAPES,
  type PostUrlShape,
} from './seo';
import {
  type Device,
  type ResolvedSettings,
  type SettingKey,
  SHARE_CHANNELS,
  settingDefinition,
  settingValueProblem,
} from './settings';
import { isReservedSlug } from './slugs';
import { safeText } from './text-input';

/** Longest blog name (the site header shows it on one line). */
export const BLOG_NAME_MAX_LENGTH = 80;
/** Longest blog description. */
export const BLOG_DESCRIPTION_MAX_LENGTH = 500;
/** Longest default SEO title (search engines show about 60 characters; the rest is kept). */
export const BLOG_SEO_TITLE_MAX_LENGTH = 120;
/** Longest default SEO description (search engines show about 160 characters). */
export const BLOG_SEO_DESCRIPTION_MAX_LENGTH = 320;
/** Longest category prefix (one URL segment). */
export const CATEGORY_PATH_MAX_LENGTH = 40;
/** How many former category prefixes keep answering with a redirect. */
export const FORMER_CATEGORY_PATHS_MAX = 10;
/** The category route's own first segment (SPEC §2): the prefix route then adds nothing. */
export const DEFAULT_CATEGORY_PREFIX = 'category';

/**
 * SPEC §9: the languages the product lists (36 plus English, the fallback). A blog in one of them
 * renders in it once its strings exist (issue 22 translates); until then English strings show.
 */
export const BLOG_LANGUAGES = [
  'ar',
  'bg',
  'ca',
  'cs',
  'da',
  'de',
  'el',
  'en',
  'es',
  'fi',
  'fr',
  'he',
  'hi',
  'hr',
  'hu',
  'id',
  'it',
  'ja',
  'ko',
  'lt',
  'lv',
  'ms',
  'nl',
  'no',
  'pl',
  'pt',
  'ro',
  'ru',
  'sk',
  'sl',
  'sv',
  'th',
  'tl',
  'tr',
  'uk',
  'vi',
  'zh',
] as const;
export type BlogLanguage = (typeof BLOG_LANGUAGES)[number];

/**
 * First segments the blog's own routes start with (SPEC §2, `ROUTE_TABLE`): a category prefix
 * equal to one would never be reached, since a route with a literal segment wins. Read from the
 * route table, so a new route is covered without a change here.
 */
const ROUTE_FIRST_SEGMENTS: ReadonlySet<string> = new Set(
  Object.values(ROUTE_TABLE).flatMap((route) =>
    expandPattern(route.pattern).flatMap((path) => {
      const first = path.split('/').find((segment) => segment !== '') ?? '';
      return first === '' || first.startsWith(':') ? [] : [first];
    }),
  ),
);

/** A URL segment as slugs are: lowercase letters and digits joined by single dashes. */
const SEGMENT_SHAPE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Why `path` cannot be the blog's category prefix (SPEC §2: a second category route under the
 * blog's prefix), or null. It must be one URL segment in slug shape; not a first segment of
 * another blog route (`tags`, `archive`, …) nor a SPEC §2 reserved word, which would shadow it or
 * be shadowed; and not only digits, which the dated post route (`/:year/:month/:slug`) reads as
 * a year. `category` itself is fine: it is the default, with no second route.
 */
export function categoryPathProblem(path: string): string | null {
  if (path.length === 0) return 'is required';
  if (path.length > CATEGORY_PATH_MAX_LENGTH) {
    return `must be at most ${CATEGORY_PATH_MAX_LENGTH} characters`;
  }
  if (!SEGMENT_SHAPE.test(path)) return 'may contain only a–z, 0–9 and single dashes';
  if (path === DEFAULT_CATEGORY_PREFIX) return null;
  if (/^\d+$/.test(path)) return 'cannot be only digits (dated post addresses start so)';
  if (ROUTE_FIRST_SEGMENTS.has(path)) return `"${path}" is taken by another blog address`;
  if (isReservedSlug(path)) return `"${path}" is a reserved word`;
  return null;
}

/**
 * Whether `timeZone` is an IANA zone name the runtime knows (`Europe/Berlin`, `UTC`). Offsets
 * (`+02:00`) are refused: a fixed offset has no summer time, so archive months would drift.
 */
export function isIanaTimeZone(timeZone: string): boolean {
  return (
    /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/.test(timeZone) && isValidTimeZone(timeZone)
  );
}

/**
 * The fields stored as Blog widget settings, by the name this page uses, with their key in the
 * settings table. Share channels are `share.<channel>` each.
 */
export const WIDGET_BACKED_FIELDS = {
  commentsEnabled: 'comments.enabled',
  ratingsEnabled: 'comments.ratingsEnabled',
  anonymousLikes: 'likes.anonymousEnabled',
  membersArea: 'members.areaInstalled',
  postsPerPage: 'feed.postsPerPage',
} as const satisfies Record<string, SettingKey>;
export type WidgetBackedField = keyof typeof WIDGET_BACKED_FIELDS;
export const WIDGET_BACKED_FIELD_NAMES = Object.keys(WIDGET_BACKED_FIELDS) as WidgetBackedField[];

export type ShareChannel = (typeof SHARE_CHANNELS)[number];
export { SHARE_CHANNELS };

/** The settings table's key of a share channel. */
export function shareKey(channel: ShareChannel): SettingKey {
  return `share.${channel}`;
}

/**
 * A value checked by the settings table's own definition of `key` (type and bounds), so the
 * builder and this page refuse the same values with the same words.
 */
function tableValue<T>(key: SettingKey, base: z.ZodType<T>) {
  const definition = settingDefinition(key)!;
  return base.superRefine((value, context) => {
    const problem = settingValueProblem(definition, value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });
}

/**
 * An object of these fields that refuses any other key with an issue at that key's path (zod's
 * strict object reports unknown keys at the parent's path, which would not name the field).
 */
function fieldsObject<Shape extends z.ZodRawShape>(shape: Shape, unknownMessage: string) {
  return z
    .looseObject(shape)
    .superRefine((value, context) => {
      for (const key of Object.keys(value)) {
        if (!Object.hasOwn(shape, key)) {
          context.addIssue({ code: 'custom', path: [key], message: unknownMessage });
        }
      }
    })
    .transform((value) => value as z.infer<z.ZodObject<Shape>>);
}

const text = (max: number) => safeText().trim().max(max, `must be at most ${max} characters`);

/**
 * What the form sends: any subset of the fields (left out = unchanged). Unknown fields are a
 * 400 naming each one. The logo is the id of an image uploaded through the media pipeline
 * (`POST /api/editor/media`), or null to remove it.
 */
export const BlogSettingsPatchSchema = fieldsObject(
  {
    name: safeText()
      .trim()
      .min(1, 'is required')
      .max(BLOG_NAME_MAX_LENGTH, `must be at most ${BLOG_NAME_MAX_LENGTH} characters`)
      .optional(),
    description: text(BLOG_DESCRIPTION_MAX_LENGTH).optional(),
    logoMediaId: z.uuid('must be an uploaded image').nullable().optional(),
    language: z
      .enum(BLOG_LANGUAGES, { message: `must be one of ${BLOG_LANGUAGES.join(', ')}` })
      .optional(),
    timeZone: safeText()
      .refine(isIanaTimeZone, 'must be an IANA time zone name such as Europe/Berlin')
      .optional(),
    holdFirstComments: z.boolean().optional(),
    demoMode: z.boolean().optional(),
    categoryPath: safeText()
      .trim()
      .toLowerCase()
      .superRefine((value, context) => {
        const problem = categoryPathProblem(value);
        if (problem) context.addIssue({ code: 'custom', message: problem });
      })
      .optional(),
    seoTitle: text(BLOG_SEO_TITLE_MAX_LENGTH).optional(),
    seoDescription: text(BLOG_SEO_DESCRIPTION_MAX_LENGTH).optional(),
    postUrlShape: z
      .enum(POST_URL_SHAPES, { message: `must be one of ${POST_URL_SHAPES.join(', ')}` })
      .optional(),
    feedItemCount: z
      .number({ message: 'must be a whole number' })
      .int('must be a whole number')
      .min(FEED_ITEM_COUNT_MIN, `must be at least ${FEED_ITEM_COUNT_MIN}`)
      .max(FEED_ITEM_COUNT_MAX, `must be at most ${FEED_ITEM_COUNT_MAX}`)
      .optional(),
    feedContent: z
      .enum(FEED_CONTENT_KINDS, { message: `must be one of ${FEED_CONTENT_KINDS.join(', ')}` })
      .optional(),
    commentsEnabled: tableValue('comments.enabled', z.boolean()).optional(),
    ratingsEnabled: tableValue('comments.ratingsEnabled', z.boolean()).optional(),
    anonymousLikes: tableValue('likes.anonymousEnabled', z.boolean()).optional(),
    membersArea: tableValue('members.areaInstalled', z.boolean()).optional(),
    postsPerPage: tableValue('feed.postsPerPage', z.number()).optional(),
    share: fieldsObject(
      Object.fromEntries(
        SHARE_CHANNELS.map((channel) => [
          channel,
          tableValue(shareKey(channel), z.boolean()).optional(),
        ]),
      ) as Record<ShareChannel, z.ZodOptional<z.ZodType<boolean>>>,
      'is not a share channel',
    ).optional(),
  },
  'is not a blog setting',
);
export type BlogSettingsPatch = z.infer<typeof BlogSettingsPatchSchema>;

/** The blog's logo as pages show it. */
export interface BlogLogoView {
  id: string;
  /** A served width of the image (`mediaUrl`). */
  url: string;
  width: number;
  height: number;
}

/** Every value of the page, as stored (widget-backed ones as desktop has them). */
export interface BlogSettingsValues {
  name: string;
  description: string;
  logo: BlogLogoView | null;
  language: string;
  timeZone: string;
  holdFirstComments: boolean;
  demoMode: boolean;
  categoryPath: string;
  seoTitle: string;
  seoDescription: string;
  /** Issue 19: the shape of post addresses, and what the feeds carry (domain/seo.ts). */
  postUrlShape: PostUrlShape;
  feedItemCount: number;
  feedContent: FeedContentKind;
  commentsEnabled: boolean;
  ratingsEnabled: boolean;
  anonymousLikes: boolean;
  membersArea: boolean;
  postsPerPage: number;
  share: Record<ShareChannel, boolean>;
}

/** Widget-backed values whose mobile value differs from desktop's (set so in the builder). */
export type MobileDifferences = Partial<
  Pick<BlogSettingsValues, WidgetBackedField> & { share: Partial<Record<ShareChannel, boolean>> }
>;

/** What the page shows: the values, where mobile differs, and the builder's draft state. */
export interface BlogSettingsView {
  values: BlogSettingsValues;
  mobile: MobileDifferences;
  /** The builder has unpublished changes (decision 022); this page's saves go into them too. */
  hasBuilderDraft: boolean;
}

/** The widget-backed values of one device's resolved settings. */
export function widgetBackedValues(
  resolved: ResolvedSettings,
): Pick<BlogSettingsValues, WidgetBackedField | 'share'> {
  return {
    commentsEnabled: resolved['comments.enabled'],
    ratingsEnabled: resolved['comments.ratingsEnabled'],
    anonymousLikes: resolved['likes.anonymousEnabled'],
    membersArea: resolved['members.areaInstalled'],
    postsPerPage: resolved['feed.postsPerPage'],
    share: Object.fromEntries(
      SHARE_CHANNELS.map((channel) => [channel, resolved[`share.${channel}`]]),
    ) as Record<ShareChannel, boolean>,
  };
}

/** Where mobile's widget-backed values differ from desktop's. */
export function mobileDifferences(
  desktop: ResolvedSettings,
  mobile: ResolvedSettings,
): MobileDifferences {
  const d = widgetBackedValues(desktop);
  const m = widgetBackedValues(mobile);
  const out: Record<string, unknown> = {};
  for (const field of WIDGET_BACKED_FIELD_NAMES) {
    if (d[field] !== m[field]) out[field] = m[field];
  }
  const share: Partial<Record<ShareChannel, boolean>> = {};
  for (const channel of SHARE_CHANNELS) {
    if (d.share[channel] !== m.share[channel]) share[channel] = m.share[channel];
  }
  if (Object.keys(share).length > 0) out.share = share;
  return out as MobileDifferences;
}

/**
 * The widget settings patch of a page patch: the same keys for every device (this page sets the
 * blog's value on desktop and mobile alike).
 */
export function widgetPatchOf(patch: BlogSettingsPatch): Record<string, boolean | number> {
  const out: Record<string, boolean | number> = {};
  for (const field of WIDGET_BACKED_FIELD_NAMES) {
    const value = patch[field];
    if (value !== undefined) out[WIDGET_BACKED_FIELDS[field]] = value;
  }
  for (const channel of SHARE_CHANNELS) {
    const value = patch.share?.[channel];
    if (value !== undefined) out[shareKey(channel)] = value;
  }
  return out;
}

/** The devices this page writes widget-backed values to. */
export const BLOG_SETTINGS_DEVICES: readonly Device[] = ['desktop', 'mobile'];

/**
 * The category prefixes that keep answering (with a 301 to the current one) after a change: the
 * one left joins the former ones, the new one leaves them, the newest `FORMER_CATEGORY_PATHS_MAX`
 * stay. `category` never needs keeping: its route always exists.
 */
export function nextFormerCategoryPaths(
  former: readonly string[],
  previous: string,
  next: string,
): string[] {
  if (previous === next) return [...former];
  const kept = [previous, ...former].filter(
    (path, index, all) =>
      path !== next && path !== DEFAULT_CATEGORY_PREFIX && all.indexOf(path) === index,
  );
  return kept.slice(0, FORMER_CATEGORY_PATHS_MAX);
}

/** The page's reads (load-context.ts `DashboardReads.settings`). */
export interface DashboardSettingsReads {
  get(): Promise<BlogSettingsView>;
}
