/** DIVIDER's data block (SPEC §3 "Divider"): line style, width and alignment. */
import { z } from 'zod';
import { ALIGNMENTS, OptionalContainerSchema } from '../../model/shared';

export const DIVIDER_LINE_STYLES = ['SINGLE', 'DOUBLE', 'DASHED', 'DOTTED'] as const;
export const DIVIDER_WIDTHS = ['LARGE', 'MEDIUM', 'SMALL'] as const;

/** A divider is a single large line unless told otherwise. */
export const DividerDataSchema = z.object({
  containerData: OptionalContainerSchema,
  lineStyle: z.enum(DIVIDER_LINE_STYLES).default('SINGLE'),
  width: z.enum(DIVIDER_WIDTHS).default('LARGE'),
  alignment: z.enum(ALIGNMENTS).optional(),
});
export type DividerData = z.infer<typeof DividerDataSchema>;
