/** The layout's data blocks (SPEC §3 "Layout"): LAYOUT and LAYOUT_CELL, which share this folder. */
import { z } from 'zod';
import { ColorSchema, OptionalContainerSchema } from '../../model/shared';
import { LAYOUT_COLUMNS } from './limits';

export const LayoutDataSchema = z.object({
  containerData: OptionalContainerSchema,
  backgroundColor: ColorSchema.optional(),
});
export type LayoutData = z.infer<typeof LayoutDataSchema>;

export const LayoutCellDataSchema = z.object({
  /** How many of the layout's columns (`LAYOUT_COLUMNS`) the cell spans. */
  colSpan: z.number().int().min(1).max(LAYOUT_COLUMNS).optional(),
});
export type LayoutCellData = z.infer<typeof LayoutCellDataSchema>;
