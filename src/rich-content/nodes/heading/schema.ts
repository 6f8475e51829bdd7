/** HEADING's data block (SPEC §3 "Heading"): the level (1–6), text style and indentation. */
import { z } from 'zod';
import { IndentationSchema, TextStyleSchema } from '../../model/shared';
import { HEADING_LEVEL_MAX, HEADING_LEVEL_MIN } from './limits';

export const HeadingDataSchema = z.object({
  level: z.number().int().min(HEADING_LEVEL_MIN).max(HEADING_LEVEL_MAX),
  textStyle: TextStyleSchema.optional(),
  indentation: IndentationSchema.optional(),
});
export type HeadingData = z.infer<typeof HeadingDataSchema>;
