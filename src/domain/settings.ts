/**
 * The Blog widget's settings (DESIGN.md "Settings"; SPEC §3, §5, §9): one typed table of every
 * key with its type, bounds and defaults, which may differ for desktop and mobile. The site's
 * stored values are sparse (only what the owner changed); `resolveSettings` fills in the
 * defaults for one device. The editor's panel is generated from this table, the API validates
 * writes with `settingsPatchSchema`, and the widget reads resolved values.
 */
import { z } from 'zod';
import { ITEM_SIZE_MAX, ITEM_SIZE_MIN, SPACING_MAX } from './layout-bounds';
import type { PermissionSettings } from './permissions';
import { isSafeText, safeJson, safeText, UNSAFE_TEXT_MESSAGE } from './text-input';

/** SPEC §3: the setting types. Enumerations are Strings with a fixed list of options. */
export type SettingType = 'Number' | 'Boolean' | 'Font' | 'Color' | 'String';

/** SPEC §1: owners customise desktop and mobile separately. */
export type Device = 'desktop' | 'mobile';
export const DEVICES: readonly Device[] = ['desktop', 'mobile'];

/** A font setting's value: a family from the presets and a size in px. */
export interface FontValue {
  family: FontFamily;
  size: number;
}

/**
 * Font families offered in the editor: four system stacks (nothing to download), then web fonts
 * shipped with the product (@fontsource woff2, served by the app; a browser downloads one only
 * when a page uses it, so a blog that keeps the system fonts never does). Issue 7.
 */
export const FONT_FAMILIES = [
  'sans',
  'serif',
  'mono',
  'rounded',
  'inter',
  'lora',
  'playfair',
  'merriweather',
] as const;
export type FontFamily = (typeof FONT_FAMILIES)[number];
/** The families that are web fonts shipped with the product (the rest are system stacks). */
export const WEB_FONT_FAMILIES: readonly FontFamily[] = [
  'inter',
  'lora',
  'playfair',
  'merriweather',
];
/** SPEC §9 text sizes stay in this range. */
export const FONT_SIZE_MIN = 10;
export const FONT_SIZE_MAX = 72;

export type SettingValue = number | boolean | string | FontValue;

/** A default that may differ by device. */
type PerDevice<T> = T | { desktop: T; mobile: T };

interface SettingBase<T, K extends string> {
  key: K;
  default: PerDevice<T>;
  /** Only some layouts use the setting (the editor shows it for them). */
  layouts?: readonly FeedLayout[];
  /** One value for the whole site, stored with desktop's: both devices resolve desktop's. */
  isSiteLevel?: boolean;
}

export interface NumberSetting<K extends string = string> extends SettingBase<number, K> {
  type: 'Number';
  min: number;
  max: number;
  /** Whole numbers unless a step is given. */
  step?: number;
}
export interface BooleanSetting<K extends string = string> extends SettingBase<boolean, K> {
  type: 'Boolean';
}
export interface StringSetting<K extends string = string, O extends string = string>
  extends SettingBase<O, K> {
  type: 'String';
  /** An enumeration when set: the value must be one of these. */
  options?: readonly O[];
  maxLength?: number;
}
export interface ColorSetting<K extends string = string> extends SettingBase<string, K> {
  type: 'Color';
}
export interface FontSetting<K extends string = string> extends SettingBase<FontValue, K> {
  type: 'Font';
}
export type SettingDefinition<K extends string = string> =
  | NumberSetting<K>
  | BooleanSetting<K>
  | StringSetting<K>
  | ColorSetting<K>
  | FontSetting<K>;

/** SPEC §2 and §3: the feed layouts; the first eight are desktop's, the last three mobile's. */
export const DESKTOP_LAYOUTS = [
  'side-by-side',
  'grid',
  'medium',
  'one-column',
  'magazine',
  'masonry',
  'list',
  'pro-gallery',
] as const;
export const MOBILE_LAYOUTS = ['mobile-list', 'mobile-side-by-side', 'mobile-magazine'] as const;
export type FeedLayout = (typeof DESKTOP_LAYOUTS)[number] | (typeof MOBILE_LAYOUTS)[number];
export const FEED_LAYOUTS: readonly FeedLayout[] = [...DESKTOP_LAYOUTS, ...MOBILE_LAYOUTS];

/** SPEC §3 enumerations. */
export const IMAGE_RATIOS = ['16:9', '4:3', '1:1', '3:4', '9:16', '16:7'] as const;
export type ImageRatio = (typeof IMAGE_RATIOS)[number];
export const IMAGE_CROPS = ['crop', 'fit'] as const;
export const IMAGE_ALIGNMENTS = ['end', 'start'] as const;
export const CONTENT_ALIGNMENTS = ['start', 'center', 'end'] as const;
export const CONTENT_HEIGHT_MODES = ['manual', 'auto'] as const;
export const CARDS_PER_ROW_MODES = ['fixed', 'fit'] as const;
export const PAGINATION_TYPES = ['infinite', 'pages'] as const;
export const LABEL_STYLES = ['text', 'button'] as const;
export const TAG_LAYOUTS = ['button', 'text'] as const;
export const RELATED_POST_TYPES = ['related', 'recent'] as const;
export const POST_LIST_PAGINATION_TYPES = ['count', 'paginated'] as const;
export const VIDEO_PLAY_MODES = ['hover', 'autoplay', 'click'] as const;
export const VIDEO_SPEEDS = ['0.25', '0.5', '1', '1.25', '1.5', '2'] as const;
export const RATING_FORMATS = ['value-count', 'value-parens', 'count', 'value-of-five'] as const;
export const GALLERY_TYPES = ['grid', 'slider'] as const;
export const POST_LIST_LAYOUTS = ['grid', 'side-by-side', 'list', 'one-column'] as const;
export const POST_LIST_SOURCES = ['all', 'category', 'tag'] as const;

/** SPEC §5: per-layout bounds (the gallery's in layout-bounds.ts, which carries no zod). */
export { ITEM_SIZE_MAX, ITEM_SIZE_MIN, SPACING_MAX };
export const CARDS_PER_ROW_MAX = 5;
export const INFO_SIZE_MAX = 700;
export const TITLE_LINES_MAX = 6;
export const DESCRIPTION_LINES_MAX = 8;
/** SPEC §5: posts per page and post-list entity count 1–50. */
export const POSTS_PER_PAGE_MAX = 50;
export const ENTITY_COUNT_MAX = 50;
/** SPEC §9: the feed's default page size. */
export const DEFAULT_POSTS_PER_PAGE = 20;
/** Slot contents and labels stay short; they are shown, not stored documents. */
export const SETTING_TEXT_MAX = 2000;

const COLOR_PATTERN = /^#(?:[0-9a-f]{6}|[0-9a-f]{8})$/;

function layoutsWith<L extends FeedLayout>(...layouts: L[]): readonly L[] {
  return layouts;
}

/** The key of a layout's parameter `N` (`feed.grid.spacing`). */
type LayoutKey<L extends FeedLayout, N extends string> = `feed.${L}.${N}`;

/** A layout parameter: `feed.<layout>.<name>` for each layout that has it. */
function perLayout<N extends string, L extends FeedLayout>(
  name: N,
  defaults: { [P in L]?: PerDevice<number> },
  bounds: { min: number; max: number } | ((layout: FeedLayout) => { min: number; max: number }),
): NumberSetting<LayoutKey<L, N>>[];
function perLayout<N extends string, L extends FeedLayout, T extends string>(
  name: N,
  defaults: { [P in L]?: NoInfer<T> },
  options: readonly T[],
): StringSetting<LayoutKey<L, N>, T>[];
function perLayout(
  name: string,
  defaults: Partial<Record<FeedLayout, PerDevice<number> | string>>,
  spec:
    | { min: number; max: number }
    | ((l: FeedLayout) => { min: number; max: number })
    | readonly string[],
): SettingDefinition[] {
  return (Object.keys(defaults) as FeedLayout[]).map((layout) => {
    const key = layoutKey(layout, name);
    const value = defaults[layout]!;
    if (Array.isArray(spec)) {
      return { key, type: 'String', default: value as string, options: spec, layouts: [layout] };
    }
    const bounds =
      typeof spec === 'function' ? spec(layout) : (spec as { min: number; max: number });
    return {
      key,
      type: 'Number',
      default: value as PerDevice<number>,
      ...bounds,
      layouts: [layout],
    };
  });
}

/** The key of a layout's own parameter. */
export function layoutKey<L extends FeedLayout, N extends string>(
  layout: L,
  name: N,
): LayoutKey<L, N> {
  return `feed.${layout}.${name}`;
}

const ALL = FEED_LAYOUTS;
const CARD_LAYOUTS = layoutsWith('grid', 'medium', 'masonry', 'pro-gallery', 'magazine');
/** The same default for each of `layouts` (a table-building helper: its keys are `layouts`). */
function each<L extends FeedLayout, T>(layouts: readonly L[], value: T): { [P in L]?: T } {
  const defaults: { [P in L]?: T } = {};
  for (const layout of layouts) defaults[layout] = value;
  return defaults;
}

/** SPEC §5: image proportions are 20–80, or 20–60 on mobile side-by-side. */
function proportionBounds(layout: FeedLayout) {
  return { min: 20, max: layout === 'mobile-side-by-side' ? 60 : 80 };
}

/** SPEC §9 defaults and §5 bounds of every layout parameter. */
const LAYOUT_SETTINGS = [
  ...perLayout(
    'spacing',
    {
      ...each(ALL, 32),
      list: 24,
      'mobile-list': 20,
      'mobile-side-by-side': 20,
      'mobile-magazine': 20,
    },
    { min: 0, max: SPACING_MAX },
  ),
  ...perLayout(
    'itemSize',
    { grid: 292, medium: 454, magazine: 454, masonry: 292, 'pro-gallery': 454 },
    { min: ITEM_SIZE_MIN, max: ITEM_SIZE_MAX },
  ),
  ...perLayout('cardsPerRowMode', each(CARD_LAYOUTS, 'fixed' as const), CARDS_PER_ROW_MODES),
  ...perLayout(
    'cardsPerRow',
    { grid: 3, medium: 2, magazine: 2, masonry: 3, 'pro-gallery': 3 },
    { min: 1, max: CARDS_PER_ROW_MAX },
  ),
  ...perLayout('infoSize', { 'pro-gallery': 150, medium: 180 }, { min: 0, max: INFO_SIZE_MAX }),
  ...perLayout(
    'sidesPadding',
    {
      'side-by-side': 36,
      grid: 24,
      medium: 30,
      'one-column': 48,
      magazine: 30,
      masonry: 24,
      list: 30,
      'pro-gallery': 24,
      'mobile-list': 20,
      'mobile-side-by-side': 20,
      'mobile-magazine': 20,
    },
    { min: 0, max: SPACING_MAX },
  ),
  ...perLayout('margins', each(ALL, 20), { min: 0, max: SPACING_MAX }),
  ...perLayout('titleLines', each(ALL, 3), { min: 1, max: TITLE_LINES_MAX }),
  ...perLayout('descriptionLines', each(ALL, 3), { min: 1, max: DESCRIPTION_LINES_MAX }),
  ...perLayout(
    'imageProportions',
    { 'side-by-side': 50, 'mobile-side-by-side': 40, 'mobile-list': 30 },
    proportionBounds,
  ),
  ...perLayout(
    'imageCrop',
    each(layoutsWith(...ALL.filter((l) => l !== 'list')), 'crop' as const),
    IMAGE_CROPS,
  ),
  ...perLayout(
    'imageRatio',
    {
      ...each(ALL, '16:9' as ImageRatio),
      'side-by-side': '4:3',
      'pro-gallery': '4:3',
      'mobile-side-by-side': '1:1',
      'mobile-list': '1:1',
      magazine: '1:1',
      'mobile-magazine': '4:3',
    },
    IMAGE_RATIOS,
  ),
  ...perLayout(
    'imageAlignment',
    { 'side-by-side': 'end' as const, 'mobile-side-by-side': 'end', 'mobile-list': 'end' },
    IMAGE_ALIGNMENTS,
  ),
  ...perLayout('contentAlignment', each(ALL, 'start' as const), CONTENT_ALIGNMENTS),
  ...perLayout(
    'contentHeightMode',
    each(
      layoutsWith('grid', 'medium', 'pro-gallery', 'magazine', 'mobile-magazine'),
      'manual' as const,
    ),
    CONTENT_HEIGHT_MODES,
  ),
  ...perLayout(
    'contentHeight',
    { grid: 300, medium: 320, 'pro-gallery': 150, magazine: 350, 'mobile-magazine': 300 },
    { min: 50, max: 1000 },
  ),
  ...perLayout('borderWidth', each(ALL, 1), { min: 0, max: 10 }),
  ...perLayout('cornerRadius', each(ALL, 0), { min: 0, max: 100 }),
  ...perLayout('overlayOpacity', { magazine: 55, 'mobile-magazine': 55 }, { min: 0, max: 100 }),
  ...perLayout('galleryType', { 'pro-gallery': 'grid' as const }, GALLERY_TYPES),
];

function bool<K extends string>(key: K, value: PerDevice<boolean>): BooleanSetting<K> {
  return { key, type: 'Boolean', default: value };
}
function num<K extends string>(
  key: K,
  value: PerDevice<number>,
  min: number,
  max: number,
): NumberSetting<K> {
  return { key, type: 'Number', default: value, min, max };
}
/** An enumeration: its value type is the union of its options. */
function choice<K extends string, T extends string>(
  key: K,
  value: PerDevice<NoInfer<T>>,
  options: readonly T[],
): StringSetting<K, T> & { options: readonly T[] } {
  return { key, type: 'String', default: value, options };
}
function text<K extends string>(key: K, value = '', maxLength = 120): StringSetting<K> {
  return { key, type: 'String', default: value, maxLength };
}
function color<K extends string>(key: K, value: PerDevice<string>): ColorSetting<K> {
  return { key, type: 'Color', default: value };
}
function font<K extends string>(key: K, value: PerDevice<FontValue>): FontSetting<K> {
  return { key, type: 'Font', default: value };
}

/** SPEC §3 display toggles; SPEC §9: all true except the category label and updated date. */
export const DISPLAY_TOGGLES = [
  'authorName',
  'authorPicture',
  'publishDate',
  'updatedDate',
  'readingTime',
  'description',
  'categoryLabel',
  'viewCount',
  'commentCount',
  'likeCount',
  'rating',
  'tags',
  'moreOptionsMenu',
  'relatedPosts',
] as const;
export type DisplayToggle = (typeof DISPLAY_TOGGLES)[number];
const DISPLAY_OFF_BY_DEFAULT: ReadonlySet<DisplayToggle> = new Set([
  'categoryLabel',
  'updatedDate',
]);

/** SPEC §3 share channels; SPEC §9: print and pinterest off by default. */
export const SHARE_CHANNELS = [
  'facebook',
  'twitter',
  'linked-in',
  'link',
  'print',
  'pinterest',
] as const;

/** Every setting of the Blog widget, typed key by key (`ResolvedSettings` is made from it). */
const SETTING_TABLE = [
  // Layout and pagination (SPEC §4, §5, §9).
  choice('feed.layout', { desktop: 'grid', mobile: 'mobile-side-by-side' }, FEED_LAYOUTS),
  choice('feed.paginationType', 'infinite', PAGINATION_TYPES),
  num('feed.postsPerPage', DEFAULT_POSTS_PER_PAGE, 1, POSTS_PER_PAGE_MAX),
  bool('feed.capAt100Pages', false),
  bool('feed.showFeaturedBanner', false),
  text('feed.featuredReadMoreLabel'),
  text('feed.allPostsLabel'),
  text('slots.abovePostList', '', SETTING_TEXT_MAX),
  text('slots.belowContent1', '', SETTING_TEXT_MAX),
  text('slots.belowContent2', '', SETTING_TEXT_MAX),
  ...LAYOUT_SETTINGS,
  // Pro gallery slider (SPEC §9: auto-slide off, mobile on; loop off; arrows; pause 4 s; 18).
  bool('feed.pro-gallery.sliderAutoSlide', { desktop: false, mobile: true }),
  bool('feed.pro-gallery.sliderLoop', false),
  bool('feed.pro-gallery.sliderShowArrows', true),
  num('feed.pro-gallery.sliderPauseSeconds', 4, 1, 10),
  num('feed.pro-gallery.sliderArrowSize', 18, 6, 180),
  // Display toggles; mobile follows desktop unless customised (SPEC §9 "mobile display false").
  ...DISPLAY_TOGGLES.map((name) => bool(`display.${name}`, !DISPLAY_OFF_BY_DEFAULT.has(name))),
  bool('display.mobileCustomised', false),
  // Header (SPEC §9: menu, menu search, menu category labels, login button on).
  bool('header.showMenu', true),
  bool('header.showSearch', true),
  bool('header.showCategoryLabels', true),
  bool('header.showLoginButton', true),
  bool('header.showCreatePostButton', true),
  // Share (SPEC §3, §9).
  ...SHARE_CHANNELS.map((channel) =>
    bool(`share.${channel}`, channel !== 'print' && channel !== 'pinterest'),
  ),
  // Category label and tags (SPEC §3, §5, §9).
  choice('categoryLabel.style', 'text', LABEL_STYLES),
  num('categoryLabel.fontSize', 14, 10, 24),
  num('categoryLabel.paddingVertical', 6, 0, 100),
  num('categoryLabel.paddingHorizontal', 12, 0, 100),
  num('categoryLabel.cornerRadius', 0, 0, 100),
  num('categoryLabel.borderWidth', 0, 0, 10),
  choice('tags.layout', 'button', TAG_LAYOUTS),
  num('tags.paddingVertical', 6, 0, 100),
  num('tags.paddingHorizontal', 12, 0, 100),
  num('tags.spacing', 8, 0, 100),
  num('tags.borderWidth', 1, 0, 10),
  num('tags.cornerRadius', 0, 0, 100),
  // Post page (SPEC §2 related or recent posts).
  choice('relatedPosts.type', 'related', RELATED_POST_TYPES),
  num('relatedPosts.count', 3, 1, 3),
  // Post-list widget (SPEC §5 entity count 1–50, default 3).
  num('postList.entityCount', 3, 1, ENTITY_COUNT_MAX),
  choice('postList.paginationType', 'count', POST_LIST_PAGINATION_TYPES),
  choice('postList.layout', 'grid', POST_LIST_LAYOUTS),
  // SPEC §2 feed sources of the post-list widget: all posts, one category or one tag (by slug).
  choice('postList.source', 'all', POST_LIST_SOURCES),
  text('postList.categorySlug', '', 200),
  text('postList.tagSlug', '', 200),
  // Ratings and comments (SPEC §3).
  bool('comments.enabled', true),
  bool('comments.ratingsEnabled', false),
  choice('ratings.format', 'value-count', RATING_FORMATS),
  // Likes and the member area (SPEC §6): visitors may like anonymously (SPEC §1 "Visitors ...
  // like"); the member area's join-community popup for private members.
  bool('likes.anonymousEnabled', true),
  bool('members.areaInstalled', true),
  // Video in the list (SPEC §9: play on hover, sound off, 1x, loop on, play button shown).
  choice('video.playMode', 'hover', VIDEO_PLAY_MODES),
  bool('video.soundOn', false),
  choice('video.speed', '1', VIDEO_SPEEDS),
  bool('video.loop', true),
  bool('video.showPlayButton', true),
  // SPEC §1: the responsive theme of a responsive editor, for the whole site (both devices).
  { ...bool('theme.responsive', false), isSiteLevel: true },
  // Design: fonts and colours (SPEC §9 text sizes; mobile feed titles 22, description 14).
  font('design.titleFont', {
    desktop: { family: 'serif', size: 24 },
    mobile: { family: 'serif', size: 22 },
  }),
  font('design.descriptionFont', {
    desktop: { family: 'sans', size: 16 },
    mobile: { family: 'sans', size: 14 },
  }),
  font('design.metaFont', { family: 'sans', size: 13 }),
  color('design.titleColor', '#1c1e24'),
  color('design.textColor', '#4a4f5c'),
  color('design.linkColor', '#2a4bd7'),
  color('design.cardBackground', '#ffffff'),
  color('design.borderColor', '#e4e2dc'),
  color('design.overlayColor', '#000000'),
];

/** One definition of the table, with its own key and value types. */
type TableSetting = (typeof SETTING_TABLE)[number];

/** A key of the settings table (`feed.layout`, `feed.grid.spacing`, `display.tags`, …). */
export type SettingKey = TableSetting['key'];

/** The value type a definition resolves to: an enumeration's options, else its type's. */
type ValueOfSetting<D> = D extends { type: 'Number' }
  ? number
  : D extends { type: 'Boolean' }
    ? boolean
    : D extends { type: 'Font' }
      ? FontValue
      : D extends { options?: readonly (infer O extends string)[] }
        ? O
        : string;

/** Every setting of the Blog widget. */
export const SETTINGS: readonly SettingDefinition<SettingKey>[] = SETTING_TABLE;

const BY_KEY: ReadonlyMap<string, SettingDefinition> = new Map(SETTINGS.map((s) => [s.key, s]));

/** The definition of a key, or undefined for an unknown key. */
export function settingDefinition(key: string): SettingDefinition | undefined {
  return BY_KEY.get(key);
}

/** A definition's default for a device. */
export function defaultFor(definition: SettingDefinition, device: Device): SettingValue {
  const value = definition.default;
  if (typeof value === 'object' && value !== null && 'desktop' in value && 'mobile' in value) {
    return value[device];
  }
  return value as SettingValue;
}

/** Describes why a value does not fit its definition; null when it fits. */
export function settingValueProblem(definition: SettingDefinition, value: unknown): string | null {
  switch (definition.type) {
    case 'Number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'must be a number';
      if (value < definition.min || value > definition.max) {
        return `must be between ${definition.min} and ${definition.max}`;
      }
      const step = definition.step ?? 1;
      if (Math.abs(value / step - Math.round(value / step)) > 1e-9) {
        return step === 1 ? 'must be a whole number' : `must be a multiple of ${step}`;
      }
      return null;
    }
    case 'Boolean':
      return typeof value === 'boolean' ? null : 'must be true or false';
    case 'Color':
      return typeof value === 'string' && COLOR_PATTERN.test(value)
        ? null
        : 'must be a colour like #1c1e24';
    case 'Font': {
      const font = value as Partial<FontValue> | null;
      if (typeof font !== 'object' || font === null) return 'must be a font';
      if (!FONT_FAMILIES.includes(font.family as FontFamily)) {
        return `family must be one of ${FONT_FAMILIES.join(', ')}`;
      }
      if (typeof font.size !== 'number' || !Number.isInteger(font.size)) {
        return 'size must be a whole number';
      }
      if (font.size < FONT_SIZE_MIN || font.size > FONT_SIZE_MAX) {
        return `size must be between ${FONT_SIZE_MIN} and ${FONT_SIZE_MAX}`;
      }
      return null;
    }
    case 'String': {
      if (typeof value !== 'string') return 'must be text';
      if (!isSafeText(value)) return UNSAFE_TEXT_MESSAGE;
      if (definition.options && !definition.options.includes(value)) {
        return `must be one of ${definition.options.join(', ')}`;
      }
      const max = definition.maxLength ?? SETTING_TEXT_MAX;
      return value.length > max ? `must be at most ${max} characters` : null;
    }
  }
}

/** The layouts a device may use. */
export function layoutsFor(device: Device): readonly FeedLayout[] {
  return device === 'desktop' ? DESKTOP_LAYOUTS : FEED_LAYOUTS;
}

/**
 * What the API accepts as a change of one device's settings: known keys only, each value within
 * its bounds. A 400 names the key and the bound ("feed.grid.spacing: must be between 0 and 100").
 * `null` resets a key to its default.
 */
export function settingsPatchSchema(device: Device) {
  return z
    .record(safeText(), safeJson())
    .superRefine((patch, context) => {
      for (const [key, value] of Object.entries(patch)) {
        const definition = BY_KEY.get(key);
        if (!definition) {
          context.addIssue({ code: 'custom', path: [key], message: 'is not a setting' });
          continue;
        }
        if (value === null) continue;
        if (definition.isSiteLevel && device !== 'desktop') {
          context.addIssue({
            code: 'custom',
            path: [key],
            message: 'is the site’s, set on desktop',
          });
          continue;
        }
        const problem = settingValueProblem(definition, value);
        if (problem) context.addIssue({ code: 'custom', path: [key], message: problem });
        if (key === 'feed.layout' && !layoutsFor(device).includes(value as FeedLayout)) {
          context.addIssue({
            code: 'custom',
            path: [key],
            message: `must be one of ${layoutsFor(device).join(', ')} on ${device}`,
          });
        }
      }
    })
    .transform((patch) => patch as Record<string, SettingValue | null>);
}

/** What a site has stored: sparse values per device. */
export type StoredSettings = Partial<Record<Device, Record<string, unknown>>>;

/**
 * Every key with its value for a device: a mapped type of the settings table, so that a
 * mistyped key or a value of the wrong type fails to compile (issue 16 §4).
 */
export type ResolvedSettings = {
  readonly [D in TableSetting as D['key']]: ValueOfSetting<D>;
};

/**
 * The full settings of a device: stored values that still fit their definition (a stored value
 * from an older, wider bound is ignored rather than trusted), else the default. Display toggles
 * on mobile follow desktop unless the owner customised mobile (SPEC §9).
 */
export function resolveSettings(stored: StoredSettings, device: Device): ResolvedSettings {
  const own = stored[device] ?? {};
  const desktop = stored.desktop ?? {};
  const followDesktopDisplay =
    device === 'mobile' && storedOrDefault('display.mobileCustomised', own, 'mobile') !== true;
  const values: Record<string, SettingValue> = {};
  for (const definition of SETTINGS) {
    const followsDesktop =
      definition.isSiteLevel === true ||
      (followDesktopDisplay && definition.key.startsWith('display.'));
    const source = followsDesktop ? desktop : own;
    const sourceDevice = source === desktop ? 'desktop' : device;
    values[definition.key] = storedOrDefault(definition.key, source, sourceDevice);
  }
  // The one place the table becomes `ResolvedSettings`: every key of the table was set above,
  // each to a value that fits its definition (`storedOrDefault` checks), as the type states.
  const resolved = values as Writable<ResolvedSettings>;
  if (!layoutsFor(device).includes(resolved['feed.layout'])) {
    resolved['feed.layout'] = tableDefault('feed.layout', device);
  }
  // SPEC §9: unless the owner set them, title lines follow the title font's size.
  const titleSize = resolved['design.titleFont'].size;
  for (const layout of FEED_LAYOUTS) {
    const key = layoutKey(layout, 'titleLines');
    if (own[key] === undefined || own[key] === null) resolved[key] = defaultTitleLines(titleSize);
  }
  return resolved;
}

/** The table's default for `key` on a device, typed as the key's value. */
function tableDefault<K extends SettingKey>(key: K, device: Device): ResolvedSettings[K] {
  // The table's default fits its own definition (settings.test.ts checks every one).
  return defaultFor(BY_KEY.get(key)!, device) as ResolvedSettings[K];
}

type Writable<T> = { -readonly [K in keyof T]: T[K] };

/** SPEC §9: a title font of 24 px or more is clamped to 3 lines, a smaller one to 4. */
export function defaultTitleLines(titleFontSize: number): number {
  return titleFontSize >= 24 ? 3 : 4;
}

function storedOrDefault(
  key: string,
  values: Record<string, unknown>,
  device: Device,
): SettingValue {
  const definition = BY_KEY.get(key)!;
  const value = values[key];
  if (value !== undefined && value !== null && settingValueProblem(definition, value) === null) {
    return value as SettingValue;
  }
  return defaultFor(definition, device);
}

/** Applies a validated patch to one device's stored values (null removes a key). */
export function applySettingsPatch(
  current: Record<string, unknown>,
  patch: Record<string, SettingValue | null>,
): Record<string, unknown> {
  const next: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete next[key];
    else next[key] = value;
  }
  return next;
}

/** SPEC §1 themes: facelift is the default; the responsive theme is a responsive editor's. */
export const WIDGET_THEMES = ['facelift', 'responsive'] as const;
export type WidgetTheme = (typeof WIDGET_THEMES)[number];

/** The parameters of one layout, by their short names (`spacing`, `imageRatio`, ...). */
export type LayoutParams = Readonly<Record<string, SettingValue>>;

/** What the feed of one device needs from the settings, small enough to send with each page. */
export interface FeedSettingsView {
  /** SPEC §1: the widget's theme (`data-theme` on its root): the default or the responsive one. */
  theme: WidgetTheme;
  layout: FeedLayout;
  params: LayoutParams;
  pagination: { type: (typeof PAGINATION_TYPES)[number]; postsPerPage: number; capAt100: boolean };
  display: Readonly<Record<DisplayToggle, boolean>>;
  header: {
    showMenu: boolean;
    showSearch: boolean;
    showCategoryLabels: boolean;
    showLoginButton: boolean;
    showCreatePostButton: boolean;
  };
  categoryLabel: {
    style: (typeof LABEL_STYLES)[number];
    fontSize: number;
    paddingVertical: number;
    paddingHorizontal: number;
    cornerRadius: number;
    borderWidth: number;
  };
  design: {
    titleFont: FontValue;
    descriptionFont: FontValue;
    metaFont: FontValue;
    titleColor: string;
    textColor: string;
    linkColor: string;
    cardBackground: string;
    borderColor: string;
    overlayColor: string;
  };
  featured: { isShown: boolean; readMoreLabel: string };
  allPostsLabel: string;
  slots: { abovePostList: string; belowContent1: string; belowContent2: string };
  ratingFormat: (typeof RATING_FORMATS)[number];
  ratingsEnabled: boolean;
  /** SPEC §3 share channels the owner turned on. */
  share: Readonly<Record<(typeof SHARE_CHANNELS)[number], boolean>>;
  video: {
    playMode: (typeof VIDEO_PLAY_MODES)[number];
    soundOn: boolean;
    speed: number;
    loop: boolean;
    showPlayButton: boolean;
  };
}

/** The settings whose key starts with `P`, by the rest of their key (`header.showMenu` → `showMenu`). */
type SettingsGroup<P extends string> = {
  readonly [K in SettingKey as K extends `${P}${infer Rest}` ? Rest : never]: ResolvedSettings[K];
};

function group<P extends string>(resolved: ResolvedSettings, prefix: P): SettingsGroup<P> {
  const out: Record<string, SettingValue> = {};
  for (const [key, value] of Object.entries(resolved)) {
    if (key.startsWith(prefix)) out[key.slice(prefix.length)] = value;
  }
  return out as SettingsGroup<P>;
}

const feedViews = new WeakMap<ResolvedSettings, FeedSettingsView>();

/**
 * The feed's view of resolved settings: only the chosen layout's parameters travel. Resolved
 * settings are memoised per site generation and never mutated, so their view is computed once
 * per resolved object rather than on every page render.
 */
export function feedSettingsView(resolved: ResolvedSettings): FeedSettingsView {
  let view = feedViews.get(resolved);
  if (!view) {
    view = buildFeedSettingsView(resolved);
    feedViews.set(resolved, view);
  }
  return view;
}

function buildFeedSettingsView(resolved: ResolvedSettings): FeedSettingsView {
  const layout = resolved['feed.layout'];
  const video = group(resolved, 'video.');
  return {
    theme: resolved['theme.responsive'] === true ? 'responsive' : 'facelift',
    layout,
    params: group(resolved, `feed.${layout}.`),
    pagination: {
      type: resolved['feed.paginationType'],
      postsPerPage: resolved['feed.postsPerPage'],
      capAt100: resolved['feed.capAt100Pages'],
    },
    display: Object.fromEntries(
      DISPLAY_TOGGLES.map((name) => [name, resolved[`display.${name}` as const]]),
    ) as Record<DisplayToggle, boolean>,
    header: group(resolved, 'header.'),
    categoryLabel: group(resolved, 'categoryLabel.'),
    design: group(resolved, 'design.'),
    featured: {
      isShown: resolved['feed.showFeaturedBanner'],
      readMoreLabel: resolved['feed.featuredReadMoreLabel'],
    },
    allPostsLabel: resolved['feed.allPostsLabel'],
    slots: group(resolved, 'slots.'),
    ratingFormat: resolved['ratings.format'],
    ratingsEnabled: resolved['comments.ratingsEnabled'],
    share: group(resolved, 'share.'),
    video: {
      playMode: video.playMode,
      soundOn: video.soundOn,
      speed: Number(video.speed),
      loop: video.loop,
      showPlayButton: video.showPlayButton,
    },
  };
}

/**
 * The settings `can()` reads (SPEC §6 "if enabled", "if member app installed"), from one device's
 * resolved settings; `isMultilingual` is the site's. Social sharing is on while any channel is.
 */
export function permissionSettingsOf(
  resolved: ResolvedSettings,
  isMultilingual: boolean,
): PermissionSettings {
  return {
    commentsEnabled: resolved['comments.enabled'] === true,
    anonymousLikesEnabled: resolved['likes.anonymousEnabled'] === true,
    socialSharingEnabled: SHARE_CHANNELS.some(
      (channel) => resolved[`share.${channel}` as const] === true,
    ),
    memberAreaInstalled: resolved['members.areaInstalled'] === true,
    isMultilingual,
    ratingsEnabled: resolved['comments.ratingsEnabled'] === true,
  };
}

/** What the post-list widget needs (SPEC §2 post-list-widget; §5 entity count 1–50, default 3). */
export interface PostListWidgetSettings {
  source: (typeof POST_LIST_SOURCES)[number];
  categorySlug: string;
  tagSlug: string;
  entityCount: number;
  paginationType: (typeof POST_LIST_PAGINATION_TYPES)[number];
  /** The blog's feed settings with the widget's own layout. */
  feed: FeedSettingsView;
}

/** The post-list widget's view of resolved settings. */
export function postListWidgetSettings(resolved: ResolvedSettings): PostListWidgetSettings {
  return {
    source: resolved['postList.source'],
    categorySlug: resolved['postList.categorySlug'],
    tagSlug: resolved['postList.tagSlug'],
    entityCount: resolved['postList.entityCount'],
    paginationType: resolved['postList.paginationType'],
    feed: feedSettingsView({
      ...resolved,
      'feed.layout': resolved['postList.layout'],
    }),
  };
}
