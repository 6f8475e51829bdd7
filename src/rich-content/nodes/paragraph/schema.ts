/** PARAGRAPH's data block (SPEC §3 "Paragraph"): text style and indentation. */
import { z } from 'zod';
import { IndentationSchema, TextStyleSchema } from '../../model/shared';

export const ParagraphDataSchema = z.object({
  textStyle: TextStyleSchema.optional(),
  indentation: IndentationSchema.optional(),
  /** Ricos keeps a heading level on paragraphs converted from headings; informative only. */
  level: z.number().int().min(1).max(6).optional(),
});
export type ParagraphData = z.infer<typeof ParagraphDataSchema>;
