/**
 * The table's data blocks (SPEC §3 "Table"): TABLE (dimensions, header row and column) and
 * TABLE_CELL (style, borders, spans); TABLE_ROW has none. The three node types share this folder.
 */
import { z } from 'zod';
import { ColorSchema, OptionalContainerSchema } from '../../model/shared';

export const MAX_TABLE_COLUMNS = 64;

export const TableDataSchema = z.object({
  containerData: OptionalContainerSchema,
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
