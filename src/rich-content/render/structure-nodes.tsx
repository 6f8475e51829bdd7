/**
 * Renderers of structure nodes (SPEC §3): TABLE with its rows and cells, COLLAPSIBLE_LIST with its
 * items, LAYOUT with its cells, and EXTERNAL; BUTTON's own is in `nodes/button/render.tsx`. Where a child needs to know its place (a
 * header row, the first column, the first collapsible item) the parent hands it down through a
 * React context, so the registry's renderers keep their simple `(node, children)` shape.
 */
import {
  Children,
  createContext,
  isValidElement,
  type ReactNode,
  type SyntheticEvent,
  useContext,
  useId,
} from 'react';
import type { CollapsibleListData, TableCellData, TableData } from '../document';
import { renderButton } from '../nodes/button/render';
import {
  classNames,
  mergeStyles,
  nodeStyle,
  optionalStyle,
  type StyleWithVars,
  withAnchorId,
} from './block-style';
import { clamp, cssColor, cssPixels } from './css-values';
import { DEFAULT_LABELS, type RendererRegistry } from './types';

/** Children with the keys they were rendered with, each wrapped by `wrap`. */
function mapChildren(children: ReactNode, wrap: (child: ReactNode, index: number) => ReactNode) {
  return Children.toArray(children).map(wrap);
}

function keyOf(child: ReactNode, index: number): string | number {
  return isValidElement(child) && child.key !== null ? child.key : index;
}

// ---- Table -----------------------------------------------------------------------------------

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

// ---- Collapsible list ------------------------------------------------------------------------

const CollapsibleContext = createContext<{
  name?: string;
  isOpen: boolean;
  isExclusive: boolean;
}>({ isOpen: false, isExclusive: false });

/**
 * Native `<details>` items. With "expand only one", the items share a `name` (the exclusive
 * accordion browsers run without script) and a toggle handler closes open siblings where the
 * browser does not. Initially open: the first item, all (only the first when exclusive) or none.
 */
function CollapsibleList({
  data,
  style,
  id,
  children,
}: {
  data: CollapsibleListData | undefined;
  style?: StyleWithVars;
  id?: string;
  children: ReactNode;
}) {
  const name = useId();
  const isExclusive = data?.expandOnlyOne === true;
  const initial = data?.initialExpandedItems ?? 'FIRST';
  const dir = data?.direction?.toLowerCase() as 'ltr' | 'rtl' | undefined;
  return (
    <div
      className={classNames('rc-collapsible', isExclusive && 'rc-collapsible--exclusive')}
      dir={dir}
      style={style}
      id={id}
    >
      {mapChildren(children, (child, index) => (
        <CollapsibleContext.Provider
          key={keyOf(child, index)}
          value={{
            ...(isExclusive && { name }),
            isExclusive,
            // Open items sharing a name would be closed by the browser on parse: one at most.
            isOpen:
              initial === 'ALL' ? !isExclusive || index === 0 : initial === 'FIRST' && index === 0,
          }}
        >
          {child}
        </CollapsibleContext.Provider>
      ))}
    </div>
  );
}

/** Closes the other open items of an exclusive list when one opens (browsers without `name`). */
function handleExclusiveToggle(event: SyntheticEvent<HTMLDetailsElement>) {
  const item = event.currentTarget;
  if (!item.open) return;
  for (const sibling of item.parentElement?.children ?? []) {
    if (sibling !== item && sibling instanceof HTMLDetailsElement && sibling.open) {
      sibling.open = false;
    }
  }
}

function CollapsibleItem({ style, children }: { style?: StyleWithVars; children: ReactNode }) {
  const { name, isOpen, isExclusive } = useContext(CollapsibleContext);
  return (
    <details
      className="rc-collapsible__item"
      name={name}
      open={isOpen}
      onToggle={isExclusive ? handleExclusiveToggle : undefined}
      style={style}
    >
      {children}
    </details>
  );
}

// ---- Renderers -------------------------------------------------------------------------------

/** Structure renderers; text-nodes.tsx joins them into its registry. */
export const STRUCTURE_RENDERERS = {
  BUTTON: renderButton,
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
  COLLAPSIBLE_LIST: (node, children, context) => (
    <CollapsibleList
      data={node.collapsibleListData}
      style={nodeStyle(node.style)}
      {...withAnchorId(node, context)}
    >
      {children}
    </CollapsibleList>
  ),
  COLLAPSIBLE_ITEM: (node, children) => (
    <CollapsibleItem style={nodeStyle(node.style)}>{children}</CollapsibleItem>
  ),
  COLLAPSIBLE_ITEM_TITLE: (node, children) => (
    <summary className="rc-collapsible__title" style={nodeStyle(node.style)}>
      {children}
    </summary>
  ),
  COLLAPSIBLE_ITEM_BODY: (node, children) => (
    <div className="rc-collapsible__body" style={nodeStyle(node.style)}>
      {children}
    </div>
  ),
  LAYOUT: (node, children, context) => {
    // Cells without a colSpan share the 12 columns equally (the custom property inherits).
    const share = Math.max(1, Math.floor(12 / Math.max(node.nodes.length, 1)));
    return (
      <div
        className="rc-layout"
        style={mergeStyles(
          { '--rc-col-span': share },
          optionalStyle('backgroundColor', cssColor(node.layoutData?.backgroundColor)),
          nodeStyle(node.style),
        )}
        {...withAnchorId(node, context)}
      >
        {children}
      </div>
    );
  },
  LAYOUT_CELL: (node, children) => {
    const span = node.layoutCellData?.colSpan;
    return (
      <div
        className="rc-layout__cell"
        style={mergeStyles(span ? { '--rc-col-span': span } : undefined, nodeStyle(node.style))}
      >
        {children}
      </div>
    );
  },
  // A plugin's node we have no renderer for: its block children still read.
  EXTERNAL: (_node, children) => children,
} satisfies Partial<RendererRegistry>;
