/**
 * TABLE, TABLE_ROW and TABLE_CELL (SPEC §3). Where a cell needs to know its place (a header row,
 * the first column) the parent hands it down through a React context, so the registry's
 * renderers keep their simple `(node, children)` shape.
 */
import { Children, createContext, type ReactNode, useContext } from 'react';
import type { TableCellData, TableData } from '../../document';
import {
  keyOf,
  mapChildren,
  mergeStyles,
  nodeStyle,
  optionalStyle,
  type StyleWithVars,
  withAnchorId,
} from '../../render/block-style';
import { clamp, cssColor, cssPixels } from '../../render/css-values';
import { DEFAULT_LABELS, type RendererRegistry } from '../../render/types';

const TableContext = createContext<{ data: TableData }>({ data: {} });
const RowContext = createContext<{ index: number; isHead: boolean }>({ index: 0, isHead: false });
const CellContext = createContext(0);

/**
 * A real `<table>` in a horizontally scrollable, focusable region: column widths from
 * `colsWidthRatio`, a minimum width from `colsMinWidth` (narrow screens scroll rather than
 * squeeze), the first row in `<thead>` when it is a header row.
 */
function Table({
  data,
  label,
  style,
  id,
  children,
}: {
  data: TableData;
  label: string;
  style?: StyleWithVars;
  id?: string;
  children: ReactNode;
}) {
  const rows = Children.toArray(children);
  const hasHeadRow = (data.rowHeader ?? data.header ?? false) && rows.length > 0;
  const ratios = data.dimensions?.colsWidthRatio ?? [];
  const total = ratios.reduce((sum, ratio) => sum + ratio, 0);
  const minWidth = (data.dimensions?.colsMinWidth ?? []).reduce(
    (sum, width) => sum + (clamp(width, 0, 1000) ?? 0),
    0,
  );
  const row = (child: ReactNode, index: number, isHead: boolean) => (
    <RowContext.Provider key={keyOf(child, index)} value={{ index, isHead }}>
      {child}
    </RowContext.Provider>
  );
  return (
    <TableContext.Provider value={{ data }}>
      {/* A named section is a region; it scrolls, so keys must reach it (WCAG 2.1.1). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the region scrolls; keys must reach it. */}
      <section className="rc-table" aria-label={label} tabIndex={0} style={style} id={id}>
        <table
          className="rc-table__table"
          style={minWidth > 0 ? { minWidth: `${Math.round(minWidth)}px` } : undefined}
        >
          {total > 0 ? (
            <colgroup>
              {ratios.map((ratio, index) => (
                <col
                  // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional.
                  key={index}
                  style={{ width: `${Math.round((ratio / total) * 10000) / 100}%` }}
                />
              ))}
            </colgroup>
          ) : null}
          {hasHeadRow ? <thead>{row(rows[0], 0, true)}</thead> : null}
          <tbody>
            {rows
              .slice(hasHeadRow ? 1 : 0)
              .map((child, i) => row(child, i + (hasHeadRow ? 1 : 0), false))}
          </tbody>
        </table>
      </section>
    </TableContext.Provider>
  );
}

/** A table row at its stored height; each cell learns its column. */
function TableRow({ style, children }: { style?: StyleWithVars; children: ReactNode }) {
  const { data } = useContext(TableContext);
  const { index } = useContext(RowContext);
  const height = cssPixels(data.dimensions?.rowsHeight?.[index], 0, 2000);
  return (
    <tr style={mergeStyles(style, height ? { height } : undefined)}>
      {mapChildren(children, (child, column) => (
        <CellContext.Provider key={keyOf(child, column)} value={column}>
          {child}
        </CellContext.Provider>
      ))}
    </tr>
  );
}

const VERTICAL_ALIGN = { TOP: 'top', MIDDLE: 'middle', BOTTOM: 'bottom' } as const;

/** A cell: `<th scope="col">` in the header row, `<th scope="row">` in a header column. */
function TableCell({
  data,
  style,
  children,
}: {
  data: TableCellData | undefined;
  style?: StyleWithVars;
  children: ReactNode;
}) {
  const table = useContext(TableContext).data;
  const { isHead } = useContext(RowContext);
  const column = useContext(CellContext);
  const isRowHeader = !isHead && column === 0 && table.columnHeader === true;
  const Tag = isHead || isRowHeader ? 'th' : 'td';
  const alignment = data?.cellStyle?.verticalAlignment;
  const borders = data?.borderColors;
  const cellStyle = mergeStyles(
    style,
    optionalStyle('verticalAlign', alignment && VERTICAL_ALIGN[alignment]),
    optionalStyle('backgroundColor', cssColor(data?.cellStyle?.backgroundColor)),
    optionalStyle('borderTopColor', cssColor(borders?.top)),
    optionalStyle('borderRightColor', cssColor(borders?.right)),
    optionalStyle('borderBottomColor', cssColor(borders?.bottom)),
    optionalStyle('borderLeftColor', cssColor(borders?.left)),
  );
  const colSpan = data?.colspan && data.colspan > 1 ? Math.min(data.colspan, 64) : undefined;
  const rowSpan = data?.rowspan && data.rowspan > 1 ? Math.min(data.rowspan, 5000) : undefined;
  return (
    <Tag
      className="rc-table__cell"
      scope={isHead ? 'col' : isRowHeader ? 'row' : undefined}
      colSpan={colSpan}
      rowSpan={rowSpan}
      style={cellStyle}
    >
      {children}
    </Tag>
  );
}

/** The table's renderers. */
export const TABLE_RENDERERS = {
  TABLE: (node, children, context) => (
    <Table
      data={node.tableData}
      label={context.labels?.table ?? DEFAULT_LABELS.table}
      style={nodeStyle(node.style)}
      {...withAnchorId(node, context)}
    >
      {children}
    </Table>
  ),
  TABLE_ROW: (node, children) => <TableRow style={nodeStyle(node.style)}>{children}</TableRow>,
  TABLE_CELL: (node, children) => (
    <TableCell data={node.tableCellData} style={nodeStyle(node.style)}>
      {children}
    </TableCell>
  ),
} satisfies Pick<RendererRegistry, 'TABLE' | 'TABLE_ROW' | 'TABLE_CELL'>;
