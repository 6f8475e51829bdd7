/** The layout's data blocks (SPEC §3 "Layout"): LAYOUT and LAYOUT_CELL, which share this folder. */
import { z } from 'zod';
import { ColorSchema, ContainerDataSchema } from '../../model/shared';

const container = ContainerDataSchema.optional();

export const LayoutDataSchema = z.object({
  containerData: container,
  backgroundColor: ColorSchema.optional(),
});
export type LayoutData = z.infer<typeof LayoutDataSchema>;

export const LayoutCellDataSchema = z.object({
  /** How many of the layout's 12 columns the cell spans. */
  colSpan: z.number().int().min(1).max(12).optional(),
});
export type LayoutCellData = z.infer<typeof LayoutCellDataSchema>;
