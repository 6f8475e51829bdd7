/**
 * Data blocks of the interactive nodes (SPEC §3): BUTTON and APP_EMBED here; POLL and MAP in
 * their folders (`nodes/poll/schema.ts`, `nodes/map/schema.ts`, re-exported).
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

export * from '../nodes/map/schema';
