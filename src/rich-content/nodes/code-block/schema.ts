/** CODE_BLOCK's data block (SPEC §3 "Code block"): text style. */
import { z } from 'zod';
import { TextStyleSchema } from '../../model/shared';

export const CodeBlockDataSchema = z.object({ textStyle: TextStyleSchema.optional() });
export type CodeBlockData = z.infer<typeof CodeBlockDataSchema>;
