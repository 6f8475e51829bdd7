/** LINK_PREVIEW's data block (SPEC §3 "Link preview"): the link, title, thumbnail and card styles. */
import { z } from 'zod';
import { ColorSchema, LinkSchema, OptionalContainerSchema } from '../../model/shared';

export const THUMBNAIL_POSITIONS = ['START', 'END', 'TOP', 'HIDDEN'] as const;

export const LinkPreviewDataSchema = z.object({
  containerData: OptionalContainerSchema,
  link: LinkSchema,
  title: z.string().optional(),
  thumbnailUrl: z.string().optional(),
  description: z.string().optional(),
  html: z.string().optional(),
  styles: z
    .object({
      backgroundColor: ColorSchema.optional(),
      titleColor: ColorSchema.optional(),
      subtitleColor: ColorSchema.optional(),
      linkColor: ColorSchema.optional(),
      borderWidth: z.number().nonnegative().optional(),
      borderRadius: z.number().nonnegative().optional(),
      borderColor: ColorSchema.optional(),
      thumbnailPosition: z.enum(THUMBNAIL_POSITIONS).optional(),
    })
    .optional(),
});
export type LinkPreviewData = z.infer<typeof LinkPreviewDataSchema>;
