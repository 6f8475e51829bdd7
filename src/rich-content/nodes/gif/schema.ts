/** GIF's data block (SPEC §3 "GIF"): original and downsized sources, size, NORMAL or STICKER. */
import { z } from 'zod';
import { OptionalContainerSchema } from '../../model/shared';

const GifSourcesSchema = z.object({
  gif: z.string().optional(),
  mp4: z.string().optional(),
  still: z.string().optional(),
});

export const GifDataSchema = z.object({
  containerData: OptionalContainerSchema,
  original: GifSourcesSchema.optional(),
  downsized: GifSourcesSchema.optional(),
  height: z.number().nonnegative().optional(),
  width: z.number().nonnegative().optional(),
  gifType: z.enum(['NORMAL', 'STICKER']).default('NORMAL'),
});
export type GifData = z.infer<typeof GifDataSchema>;
