/**
 * SPEC §1 render modes: the widget renders on the live site, in the builder's editor canvas, in
 * the editor's preview and during onboarding. The editor names the mode in the page address
 * (`?renderMode=editor`); anything else is the live site.
 */
import type { Device } from './settings';

export const RENDER_MODES = ['site', 'editor', 'preview', 'onboarding'] as const;
export type RenderMode = (typeof RENDER_MODES)[number];

/** The render mode named by a `renderMode` query value; the live site unless it is a known one. */
export function parseRenderMode(value: string | null | undefined): RenderMode {
  return (RENDER_MODES as readonly string[]).includes(value ?? '') ? (value as RenderMode) : 'site';
}

/** The device the editor's canvas asks for (`?device=mobile` in its mobile view). */
const CANVAS_DEVICES: readonly Device[] = ['desktop', 'mobile'];

/** How a page renders for the builder editor's canvas and preview (issue 7; decision 022). */
export interface CanvasView {
  renderMode: RenderMode;
  /** The device the canvas shows, which wins over the browser's; null outside the editor. */
  device: Device | null;
  /** Whether the page reads the draft settings instead of the published ones. */
  isDraft: boolean;
}

/**
 * The render mode, device and settings state a page request asks for. Only the editor and its
 * preview name a device (the canvas narrows to a phone in a desktop browser) and only an actor who
 * may edit the settings sees the draft: a visitor's `?renderMode=editor` gets published settings,
 * so a draft never reaches the visitors' page cache.
 */
export function canvasViewOf(search: URLSearchParams, canEditSettings: boolean): CanvasView {
  const renderMode = parseRenderMode(search.get('renderMode'));
  const isCanvas = renderMode === 'editor' || renderMode === 'preview';
  const asked = search.get('device') as Device | null;
  return {
    renderMode,
    device: isCanvas && asked && CANVAS_DEVICES.includes(asked) ? asked : null,
    isDraft: isCanvas && canEditSettings,
  };
}

/** What decides whether the all-posts feed shows the first-run screen (SPEC §1 onboarding). */
export interface OnboardingFacts {
  renderMode: RenderMode;
  /** The blog has at least one published post. */
  hasPublishedPosts: boolean;
  /** The actor may set the blog up (`can(actor, 'sample-posts:add')`: the owner). */
  maySetUp: boolean;
}

/**
 * Whether the feed shows the onboarding screen instead of the empty feed: the blog has no
 * published post, the owner looks at it in onboarding mode or in the editor's canvas. Visitors,
 * the live site and the editor's preview keep the empty state (SPEC §2).
 */
export function showsOnboarding({ renderMode, hasPublishedPosts, maySetUp }: OnboardingFacts) {
  return !hasPublishedPosts && maySetUp && (renderMode === 'onboarding' || renderMode === 'editor');
}
