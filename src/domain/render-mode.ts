/**
 * SPEC §1 render modes: the widget renders on the live site, in the builder's editor canvas, in
 * the editor's preview and during onboarding. The editor names the mode in the page address
 * (`?renderMode=editor`); anything else is the live site.
 */
export const RENDER_MODES = ['site', 'editor', 'preview', 'onboarding'] as const;
export type RenderMode = (typeof RENDER_MODES)[number];

/** The render mode named by a `renderMode` query value; the live site unless it is a known one. */
export function parseRenderMode(value: string | null | undefined): RenderMode {
  return (RENDER_MODES as readonly string[]).includes(value ?? '') ? (value as RenderMode) : 'site';
}
