/**
 * SPEC §5: the per-layout bounds that the post's gallery lays itself out with as well as the
 * settings table. Apart from settings.ts (which re-exports them) so that the gallery's script in
 * the browser carries no zod (issue 20's script budget).
 */
export const SPACING_MAX = 100;
export const ITEM_SIZE_MIN = 150;
export const ITEM_SIZE_MAX = 1000;
