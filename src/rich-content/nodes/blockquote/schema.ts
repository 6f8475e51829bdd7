/** BLOCKQUOTE's data block (SPEC §3 "Blockquote"): indentation. */
import { z } from 'zod';
import { IndentationSchema } from '../../model/shared';

export const BlockquoteDataSchema = z.object({ indentation: IndentationSchema.optional() });
export type BlockquoteData = z.infer<typeof BlockquoteDataSchema>;
