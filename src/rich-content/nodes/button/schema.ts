/** BUTTON's data block (SPEC §3 "Button"): type LINK or ACTION, text, link and styles. */
import { z } from 'zod';
import { ColorSchema, LinkSchema, OptionalContainerSchema } from '../../model/shared';

export const BUTTON_TYPES = ['LINK', 'ACTION'] as const;

export const ButtonDataSchema = z.object({
  containerData: OptionalContainerSchema,
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
