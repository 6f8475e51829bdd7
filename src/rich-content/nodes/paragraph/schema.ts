/** PARAGRAPH's data block (SPEC §3 "Paragraph"): text style and indentation. */
import { z } from 'zod';
import { IndentationSchema, TextStyleSchema } from '../../model/shared';
import { HEADING_LEVEL_MAX, HEADING_LEVEL_MIN } from '../heading/limits';

export const ParagraphDataSchema = z.object({
  textStyle: TextStyleSchema.optional(),
  indentation: IndentationSchema.optional(),
  /** Ricos keeps a heading level on paragraphs converted from headings; informative only. */
  level: z.number().int().min(HEADING_LEVEL_MIN).max(HEADING_LEVEL_MAX).optional(),
});
export type ParagraphData = z.infer<typeof ParagraphDataSchema>;
