/** TEXT's data block (SPEC §3 "Text"): the run's text and its decorations. */
import { z } from 'zod';
import { DecorationSchema } from '../../model/decorations';

/** Upper bound of one TEXT node's text, in UTF-16 code units (see also `limits.ts`). */
export const MAX_TEXT_LENGTH = 100_000;

export const TextDataSchema = z.object({
  text: z.string().max(MAX_TEXT_LENGTH),
  decorations: z.array(DecorationSchema).max(32).default([]),
});
export type TextData = z.infer<typeof TextDataSchema>;
