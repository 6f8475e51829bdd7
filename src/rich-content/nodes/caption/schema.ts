/** CAPTION's data block (SPEC §3 "Caption"): text style. */
import { z } from 'zod';
import { TextStyleSchema } from '../../model/shared';

export const CaptionDataSchema = z.object({ textStyle: TextStyleSchema.optional() });
export type CaptionData = z.infer<typeof CaptionDataSchema>;
