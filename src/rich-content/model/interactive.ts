/**
 * Data blocks of the interactive nodes (SPEC §3): BUTTON, APP_EMBED and MAP here, POLL in its
 * folder (`nodes/poll/schema.ts`, re-exported). Defaults follow SPEC §9: map type ROADMAP.
 */
import { z } from 'zod';
import { ColorSchema, ContainerDataSchema, LinkSchema, MediaSchema } from './shared';

const container = ContainerDataSchema.optional();

export * from '../nodes/poll/schema';

export const BUTTON_TYPES = ['LINK', 'ACTION'] as const;

export const ButtonDataSchema = z.object({
  containerData: container,
  type: z.enum(BUTTON_TYPES),
  styles: z
    .object({
      border: z
        .object({
          width: z.number().nonnegative().optional(),
          radius: z.number().nonnegative().optional(),
        })
        .optional(),
      colors: z
        .object({
          text: ColorSchema.optional(),
          border: ColorSchema.optional(),
          background: ColorSchema.optional(),
        })
        .optional(),
    })
    .optional(),
  text: z.string().optional(),
  link: LinkSchema.optional(),
});
export type ButtonData = z.infer<typeof ButtonDataSchema>;

export const APP_TYPES = ['PRODUCT', 'EVENT', 'BOOKING'] as const;

export const AppEmbedDataSchema = z.object({
  containerData: container,
  type: z.enum(APP_TYPES),
  itemId: z.string().optional(),
  name: z.string().optional(),
  imageSrc: z.string().optional(),
  url: z.string().optional(),
  image: MediaSchema.optional(),
  bookingData: z.object({ durations: z.string().optional() }).optional(),
  eventData: z
    .object({ scheduling: z.string().optional(), location: z.string().optional() })
    .optional(),
});
export type AppEmbedData = z.infer<typeof AppEmbedDataSchema>;

/** Map types; 'SATELITE' is spelled as SPEC §3 and the Ricos format spell it. */
export const MAP_TYPES = ['ROADMAP', 'SATELITE', 'HYBRID', 'TERRAIN'] as const;

export const MapSettingsSchema = z.object({
  address: z.string().optional(),
  draggable: z.boolean().optional(),
  marker: z.boolean().optional(),
  streetViewControl: z.boolean().optional(),
  zoomControl: z.boolean().optional(),
  lat: z.number().min(-90).max(90).optional(),
  lng: z.number().min(-180).max(180).optional(),
  locationName: z.string().optional(),
  viewModeControl: z.boolean().optional(),
  initialZoom: z.number().int().min(0).max(22).optional(),
  mapType: z.enum(MAP_TYPES).default('ROADMAP'),
});
export type MapSettings = z.infer<typeof MapSettingsSchema>;

export const MapDataSchema = z.object({
  containerData: container,
  mapSettings: MapSettingsSchema.prefault({}),
});
export type MapData = z.infer<typeof MapDataSchema>;
