/** VIDEO's data block (SPEC §3 "Video"): the media, thumbnail, title and player options. */
import { z } from 'zod';
import { MediaSchema, OptionalContainerSchema } from '../../model/shared';

export const VideoDataSchema = z.object({
  containerData: OptionalContainerSchema,
  video: MediaSchema,
  thumbnail: MediaSchema.optional(),
  disableDownload: z.boolean().optional(),
  title: z.string().optional(),
  options: z
    .object({
      autoPlay: z.boolean().optional(),
      playInLoop: z.boolean().optional(),
      showControls: z.boolean().optional(),
    })
    .optional(),
});
export type VideoData = z.infer<typeof VideoDataSchema>;
