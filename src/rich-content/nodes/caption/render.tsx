import { textBlockProps } from '../../render/block-style';
import type { NodeRenderer } from '../../render/types';

/** The CAPTION node's renderer. */
export const renderCaption: NodeRenderer<'CAPTION'> = (node, children, context) => (
  <figcaption {...textBlockProps(node, 'rc-caption', context, node.captionData)}>
    {children}
  </figcaption>
);
