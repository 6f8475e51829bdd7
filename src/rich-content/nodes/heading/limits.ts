/**
 * HEADING's bounds (SPEC §3 "Heading"): levels 1 to 6, as HTML has them. No zod here, so the
 * renderer imports them too; a PARAGRAPH's informative `level` (from Ricos) has the same range.
 */
export const HEADING_LEVEL_MIN = 1;
export const HEADING_LEVEL_MAX = 6;
