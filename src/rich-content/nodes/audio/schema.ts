/** AUDIO's data block (SPEC §3 "Audio"): the media, cover, name, author and host embed markup. */
import { z } from 'zod';
import { MediaSchema, OptionalContainerSchema } from '../../model/shared';

export const AudioDataSchema = z.object({
  containerData: OptionalContainerSchema,
  audio: MediaSchema,
  disableDownload: z.boolean().optional(),
  coverImage: MediaSchema.optional(),
  name: z.string().optional(),
  authorName: z.string().optional(),
  /** Embed markup of an audio host; rendered only in a sandboxed iframe. */
  html: z.string().optional(),
});
export type AudioData = z.infer<typeof AudioDataSchema>;
