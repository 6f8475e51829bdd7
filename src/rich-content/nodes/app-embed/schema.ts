/** APP_EMBED's data block (SPEC §3 "App embed"): type PRODUCT, EVENT or BOOKING and the item. */
import { z } from 'zod';
import { MediaSchema, OptionalContainerSchema } from '../../model/shared';

export const APP_TYPES = ['PRODUCT', 'EVENT', 'BOOKING'] as const;

export const AppEmbedDataSchema = z.object({
  containerData: OptionalContainerSchema,
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
