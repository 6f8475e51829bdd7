/**
 * How the builder editor's settings panel arranges the one settings table (issue 7; decision
 * 022): every key of `SETTINGS` falls in one tab (Layout, Display, Design, Settings) and one
 * section of it by rules on its key, so a setting added to the table appears in the panel with
 * no change here. Reset restores the defaults of one tab, so each key has exactly one tab.
 * Also the rules the controls share with the API: clamping a typed value to its bound, and the
 * patch that starts customising mobile's display (SPEC §9).
 */
import {
  type Device,
  DISPLAY_TOGGLES,
  FEED_LAYOUTS,
  FONT_SIZE_MAX,
  FONT_SIZE_MIN,
  type FontValue,
  layoutsFor,
  type ResolvedSettings,
  SETTINGS,
  type SettingDefinition,
  type SettingKey,
  type SettingValue,
} from './settings';

/** The panel's tabs, in order (issue 7). */
export const PANEL_TABS = ['layout', 'display', 'design', 'settings'] as const;
export type PanelTab = (typeof PANEL_TABS)[number];

/** Where the canvas shows what a section changes: the feed, a post page, or another site page. */
export type PanelScope = 'feed' | 'post' | 'post-list' | 'related-posts';

/** The sections of each tab, in the order the panel shows them, with where they apply. */
export const PANEL_SECTIONS = {
  layout: [
    { id: 'feedLayout', scope: 'feed' },
    { id: 'layoutParams', scope: 'feed' },
    { id: 'slider', scope: 'feed' },
    { id: 'pagination', scope: 'feed' },
    { id: 'postList', scope: 'post-list' },
  ],
  display: [
    { id: 'mobileDisplay', scope: 'feed' },
    { id: 'postInfo', scope: 'feed' },
    { id: 'postPage', scope: 'post' },
    { id: 'relatedPosts', scope: 'related-posts' },
    { id: 'featured', scope: 'feed' },
    { id: 'header', scope: 'feed' },
    { id: 'share', scope: 'post' },
  ],
  design: [
    { id: 'fonts', scope: 'feed' },
    { id: 'colors', scope: 'feed' },
    { id: 'categoryLabel', scope: 'feed' },
    { id: 'tags', scope: 'post' },
    { id: 'ratings', scope: 'post' },
  ],
  settings: [
    { id: 'theme', scope: 'feed' },
    { id: 'engagement', scope: 'post' },
    { id: 'video', scope: 'feed' },
    { id: 'labels', scope: 'feed' },
    { id: 'postListSource', scope: 'post-list' },
    { id: 'slots', scope: 'feed' },
  ],
} as const satisfies Record<PanelTab, readonly { id: string; scope: PanelScope }[]>;

export type PanelSection = (typeof PANEL_SECTIONS)[PanelTab][number]['id'];

/** Where a key sits in the panel. */
export interface PanelPlacement {
  tab: PanelTab;
  section: PanelSection;
}

const POST_PAGE_TOGGLES = new Set(['display.rating', 'display.tags', 'display.relatedPosts']);
const LAYOUT_PREFIXES = FEED_LAYOUTS.map((layout) => `feed.${layout}.`);

/** The tab and section of a setting, by the rules of its key. */
export function panelPlacement(key: string): PanelPlacement {
  const at = (tab: PanelTab, section: PanelSection): PanelPlacement => ({ tab, section });
  if (key === 'feed.layout') return at('layout', 'feedLayout');
  if (LAYOUT_PREFIXES.some((prefix) => key.startsWith(prefix))) {
    return at('layout', key.includes('.slider') ? 'slider' : 'layoutParams');
  }
  if (/^feed\.(paginationType|postsPerPage|capAt100Pages)$/.test(key)) {
    return at('layout', 'pagination');
  }
  if (/^postList\.(source|categorySlug|tagSlug)$/.test(key)) {
    return at('settings', 'postListSource');
  }
  if (key.startsWith('postList.')) return at('layout', 'postList');
  if (key === 'display.mobileCustomised') return at('display', 'mobileDisplay');
  if (POST_PAGE_TOGGLES.has(key)) return at('display', 'postPage');
  if (key.startsWith('relatedPosts.')) return at('display', 'relatedPosts');
  if (key.startsWith('display.')) return at('display', 'postInfo');
  if (key === 'feed.showFeaturedBanner') return at('display', 'featured');
  if (key.startsWith('header.')) return at('display', 'header');
  if (key.startsWith('share.')) return at('display', 'share');
  if (/^design\.\w+Font$/.test(key)) return at('design', 'fonts');
  if (key.startsWith('design.')) return at('design', 'colors');
  if (key.startsWith('categoryLabel.')) return at('design', 'categoryLabel');
  if (key.startsWith('tags.')) return at('design', 'tags');
  if (key.startsWith('ratings.')) return at('design', 'ratings');
  if (key.startsWith('theme.')) return at('settings', 'theme');
  if (key.startsWith('video.')) return at('settings', 'video');
  if (key.startsWith('slots.')) return at('settings', 'slots');
  if (/^feed\.\w+Label$/.test(key)) return at('settings', 'labels');
  return at('settings', 'engagement');
}

/** Every key of a tab (what Reset restores). */
export function keysOfTab(tab: PanelTab): string[] {
  return SETTINGS.filter((s) => panelPlacement(s.key).tab === tab).map((s) => s.key);
}

/**
 * The settings a section shows for a device with these resolved values: a layout's parameters
 * only for the chosen layout (decision 008), the post-list's for its own layout.
 */
export function sectionSettings(
  section: PanelSection,
  device: Device,
  resolved: ResolvedSettings,
): SettingDefinition<SettingKey>[] {
  const layout = resolved['feed.layout'];
  return SETTINGS.filter((definition) => {
    if (panelPlacement(definition.key).section !== section) return false;
    if (definition.layouts && !definition.layouts.includes(layout)) return false;
    // Mobile's display follows desktop until customised: the switch is mobile's alone.
    if (definition.key === 'display.mobileCustomised') return device === 'mobile';
    return true;
  });
}

/**
 * The device whose row a change of `key` goes to: desktop's for a site-level setting (one value
 * for both devices, such as the theme), else the device being edited.
 */
export function changeDevice(key: string, device: Device): Device {
  return SETTINGS.find((definition) => definition.key === key)?.isSiteLevel ? 'desktop' : device;
}

/** The options of an enumeration on a device (mobile may pick any layout, desktop its own). */
export function optionsFor(definition: SettingDefinition, device: Device): readonly string[] {
  if (definition.type !== 'String' || !definition.options) return [];
  return definition.key === 'feed.layout' ? layoutsFor(device) : definition.options;
}

/** A typed number brought within its bound and step (the control clamps; the API refuses). */
export function clampNumber(value: number, min: number, max: number, step = 1): number {
  if (!Number.isFinite(value)) return min;
  const stepped = Math.round(value / step) * step;
  const clamped = Math.min(max, Math.max(min, stepped));
  // Keep a decimal step's float noise out of the stored value (0.1 * 3 = 0.30000000000000004).
  return Number(clamped.toFixed(6));
}

/** A control's value brought within its definition's bounds. */
export function clampSettingValue(
  definition: SettingDefinition,
  value: SettingValue,
): SettingValue {
  if (definition.type === 'Number' && typeof value === 'number') {
    return clampNumber(value, definition.min, definition.max, definition.step);
  }
  if (definition.type === 'Font' && typeof value === 'object') {
    const font = value as FontValue;
    return { family: font.family, size: clampNumber(font.size, FONT_SIZE_MIN, FONT_SIZE_MAX) };
  }
  return value;
}

/**
 * The patch for changing one display toggle on mobile. SPEC §9: mobile's display follows desktop
 * until the owner customises it; the first mobile change starts from what desktop shows now (not
 * from the defaults), so only the toggle the owner touched differs.
 */
export function mobileDisplayPatch(
  mobile: ResolvedSettings,
  desktop: ResolvedSettings,
  key: string,
  value: boolean,
): Record<string, SettingValue> {
  if (
    mobile['display.mobileCustomised'] === true ||
    (key === 'display.mobileCustomised' && !value)
  ) {
    return { [key]: value };
  }
  const patch: Record<string, SettingValue> = { 'display.mobileCustomised': true };
  for (const name of DISPLAY_TOGGLES) {
    const toggle = `display.${name}` as const;
    patch[toggle] = desktop[toggle];
  }
  if (key !== 'display.mobileCustomised') patch[key] = value;
  return patch;
}
