import { mergeStyles, nodeStyle, optionalStyle, withAnchorId } from '../../render/block-style';
import { cssColor } from '../../render/css-values';
import type { RendererRegistry } from '../../render/types';
import { LAYOUT_COLUMNS } from './limits';

/** The layout's renderers. */
export const LAYOUT_RENDERERS = {
  LAYOUT: (node, children, context) => {
    // Cells without a colSpan share the layout's columns equally (the custom property inherits).
    const share = Math.max(1, Math.floor(LAYOUT_COLUMNS / Math.max(node.nodes.length, 1)));
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
} satisfies Pick<RendererRegistry, 'LAYOUT' | 'LAYOUT_CELL'>;
