/**
 * Data blocks of the structure nodes (SPEC §3): TABLE and TABLE_CELL, COLLAPSIBLE_LIST, LAYOUT
 * and LAYOUT_CELL, and EXTERNAL (a plugin's node with generic data).
 */
import { z } from 'zod';
import { ColorSchema, ContainerDataSchema, JsonStructSchema, TEXT_DIRECTIONS } from './shared';

const container = ContainerDataSchema.optional();

export const MAX_TABLE_COLUMNS = 64;

export const TableDataSchema = z.object({
  containerData: container,
  dimensions: z
    .object({
      /** Relative width of each column. */
      colsWidthRatio: z.array(z.number().nonnegative()).max(MAX_TABLE_COLUMNS).default([]),
      /** Height of each row in pixels. */
      rowsHeight: z.array(z.number().nonnegative()).max(5_000).default([]),
      colsMinWidth: z.array(z.number().nonnegative()).max(MAX_TABLE_COLUMNS).default([]),
    })
    .optional(),
  /** Deprecated in Ricos in favour of `rowHeader`; kept for older documents. */
  header: z.boolean().optional(),
  /** The first row is a header row. */
  rowHeader: z.boolean().optional(),
  /** The first column is a header column. */
  columnHeader: z.boolean().optional(),
});
export type TableData = z.infer<typeof TableDataSchema>;

export const VERTICAL_ALIGNMENTS = ['TOP', 'MIDDLE', 'BOTTOM'] as const;

export const TableCellDataSchema = z.object({
  cellStyle: z
    .object({
      verticalAlignment: z.enum(VERTICAL_ALIGNMENTS).optional(),
      backgroundColor: ColorSchema.optional(),
    })
    .optional(),
  borderColors: z
    .object({
      left: ColorSchema.optional(),
      right: ColorSchema.optional(),
      top: ColorSchema.optional(),
      bottom: ColorSchema.optional(),
    })
    .optional(),
  colspan: z.number().int().min(1).max(MAX_TABLE_COLUMNS).optional(),
  rowspan: z.number().int().min(1).optional(),
});
export type TableCellData = z.infer<typeof TableCellDataSchema>;

export const INITIAL_EXPANDED_ITEMS = ['FIRST', 'ALL', 'NONE'] as const;

export const CollapsibleListDataSchema = z.object({
  containerData: container,
  /** Opening one item closes the others. */
  expandOnlyOne: z.boolean().optional(),
  initialExpandedItems: z.enum(INITIAL_EXPANDED_ITEMS).optional(),
  direction: z.enum(TEXT_DIRECTIONS).optional(),
  isQapageData: z.boolean().optional(),
});
export type CollapsibleListData = z.infer<typeof CollapsibleListDataSchema>;

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

/** A plugin's own node: generic data the renderer of that plugin understands. */
export const ExternalDataSchema = JsonStructSchema;
export type ExternalData = z.infer<typeof ExternalDataSchema>;
