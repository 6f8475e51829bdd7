/**
 * Data blocks of the interactive nodes (SPEC §3): APP_EMBED here; POLL, MAP and BUTTON in their
 * folders (`nodes/<type>/schema.ts`, re-exported).
 */
import { z } from 'zod';
import { ContainerDataSchema, MediaSchema } from './shared';

const container = ContainerDataSchema.optional();

export * from '../nodes/button/schema';
export * from '../nodes/poll/schema';

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
