/**
 * MAP's names and bounds (SPEC §3 "Map"), in one place for the model and the map dialog. Plain
 * constants without zod, so the dialog and the renderer can import them.
 */

/** Map types; 'SATELITE' is spelled as SPEC §3 and the Ricos format spell it. */
export const MAP_TYPES = ['ROADMAP', 'SATELITE', 'HYBRID', 'TERRAIN'] as const;
/** Latitudes run from -90 to 90 degrees. */
export const MAP_LATITUDE_MAX = 90;
/** Longitudes run from -180 to 180 degrees. */
export const MAP_LONGITUDE_MAX = 180;
/** The closest zoom level of web maps. */
export const MAP_ZOOM_MAX = 22;
