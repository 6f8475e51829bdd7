/**
 * What the post page needs of the settings beyond the feed's view (SPEC §2 "Post page with related
 * or recent posts"; §3 tag layout Button/Text, related-post types related=0, recent=1; §9 tag
 * buttons padding 6/12, spacing 8, border 1; text-tag spacing 12). Read from the resolved table,
 * so defaults and bounds stay in `settings.ts`.
 */
import {
  type NumberSetting,
  type RELATED_POST_TYPES,
  type ResolvedSettings,
  settingDefinition,
  type TAG_LAYOUTS,
} from './settings';

/** SPEC §3: related posts share categories and tags; recent posts are the newest. */
export type RelatedPostType = (typeof RELATED_POST_TYPES)[number];

/** SPEC §3 tag layout. */
export type TagLayout = (typeof TAG_LAYOUTS)[number];

/** The most related posts a page shows: the setting's own upper bound. */
export const RELATED_POSTS_MAX = (settingDefinition('relatedPosts.count') as NumberSetting).max;

/** SPEC §9: tags laid out as text sit 12 px apart (buttons use the spacing setting). */
export const TEXT_TAG_SPACING = 12;

/** How the post page draws its tags (SPEC §3, §9). */
export interface TagStyleView {
  layout: TagLayout;
  paddingVertical: number;
  paddingHorizontal: number;
  /** The gap between tags in px: the setting for buttons, SPEC §9's 12 for text. */
  spacing: number;
  borderWidth: number;
  cornerRadius: number;
}

/** The post page's extra settings: tags and the related-posts row. */
export interface PostExtrasView {
  tags: TagStyleView;
  related: { type: RelatedPostType; count: number };
}

/** Picks the post page's extras from a device's resolved settings. */
export function postExtrasView(resolved: ResolvedSettings): PostExtrasView {
  const layout = resolved['tags.layout'];
  return {
    tags: {
      layout,
      paddingVertical: resolved['tags.paddingVertical'],
      paddingHorizontal: resolved['tags.paddingHorizontal'],
      spacing: layout === 'text' ? TEXT_TAG_SPACING : resolved['tags.spacing'],
      borderWidth: resolved['tags.borderWidth'],
      cornerRadius: resolved['tags.cornerRadius'],
    },
    related: {
      type: resolved['relatedPosts.type'],
      count: clampRelatedCount(resolved['relatedPosts.count']),
    },
  };
}

/** A related-posts count within 1 and the setting's bound (a whole number). */
export function clampRelatedCount(count: number): number {
  if (!Number.isFinite(count)) return RELATED_POSTS_MAX;
  return Math.min(RELATED_POSTS_MAX, Math.max(1, Math.trunc(count)));
}
