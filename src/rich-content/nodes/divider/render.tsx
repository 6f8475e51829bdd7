import { classNames, mergeStyles, nodeStyle } from '../../render/block-style';
import type { NodeRenderer } from '../../render/types';

/** The DIVIDER node's renderer. */
export const renderDivider: NodeRenderer<'DIVIDER'> = (node) => {
  const data = node.dividerData;
  return (
    <hr
      className={classNames(
        'rc-divider',
        `rc-divider--${data.lineStyle.toLowerCase()}`,
        `rc-divider--${data.width.toLowerCase()}`,
        data.alignment && `rc-divider--${data.alignment.toLowerCase()}`,
      )}
      style={mergeStyles(nodeStyle(node.style))}
    />
  );
};
