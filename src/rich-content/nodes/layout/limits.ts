/**
 * LAYOUT's grid (SPEC §3 "Layout"): a cell spans some of the layout's columns. No zod here, so
 * the renderer (which shares the columns among cells without a span) imports it too.
 */
export const LAYOUT_COLUMNS = 12;
