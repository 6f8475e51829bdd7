/**
 * MAP's data block (SPEC §3 "Map"). Defaults follow SPEC §9: map type ROADMAP. Its bounds are
 * the node's own (`limits.ts`), shared with the map dialog.
 */
import { z } from 'zod';
import { OptionalContainerSchema } from '../../model/shared';
import { MAP_LATITUDE_MAX, MAP_LONGITUDE_MAX, MAP_TYPES, MAP_ZOOM_MAX } from './limits';

export { MAP_TYPES };

export const MapSettingsSchema = z.object({
  address: z.string().optional(),
  draggable: z.boolean().optional(),
  marker: z.boolean().optional(),
  streetViewControl: z.boolean().optional(),
  zoomControl: z.boolean().optional(),
  lat: z.number().min(-MAP_LATITUDE_MAX).max(MAP_LATITUDE_MAX).optional(),
  lng: z.number().min(-MAP_LONGITUDE_MAX).max(MAP_LONGITUDE_MAX).optional(),
  locationName: z.string().optional(),
  viewModeControl: z.boolean().optional(),
  initialZoom: z.number().int().min(0).max(MAP_ZOOM_MAX).optional(),
  mapType: z.enum(MAP_TYPES).default('ROADMAP'),
});
export type MapSettings = z.infer<typeof MapSettingsSchema>;

export const MapDataSchema = z.object({
  containerData: OptionalContainerSchema,
  mapSettings: MapSettingsSchema.prefault({}),
});
export type MapData = z.infer<typeof MapDataSchema>;
