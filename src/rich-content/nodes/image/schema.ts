/** IMAGE's data block (SPEC §3 "Image"): the media, link, alt text, caption string and border. */
import { z } from 'zod';
import { ColorSchema, LinkSchema, MediaSchema, OptionalContainerSchema } from '../../model/shared';

export const ImageDataSchema = z.object({
  containerData: OptionalContainerSchema,
  image: MediaSchema,
  link: LinkSchema.optional(),
  disableExpand: z.boolean().optional(),
  altText: z.string().optional(),
  /** The skeleton's caption text; newer documents hold a CAPTION child node instead. */
  caption: z.string().optional(),
  disableDownload: z.boolean().optional(),
  /** A decorative image has no alternative text and is hidden from assistive technology. */
  decorative: z.boolean().optional(),
  border: z
    .object({
      width: z.number().nonnegative().optional(),
      color: ColorSchema.optional(),
      radius: z.number().nonnegative().optional(),
    })
    .optional(),
});
export type ImageData = z.infer<typeof ImageDataSchema>;
