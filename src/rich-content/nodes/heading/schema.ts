/** HEADING's data block (SPEC §3 "Heading"): the level (1–6), text style and indentation. */
import { z } from 'zod';
import { IndentationSchema, TextStyleSchema } from '../../model/shared';

export const HeadingDataSchema = z.object({
  level: z.number().int().min(1).max(6),
  textStyle: TextStyleSchema.optional(),
  indentation: IndentationSchema.optional(),
});
export type HeadingData = z.infer<typeof HeadingDataSchema>;
