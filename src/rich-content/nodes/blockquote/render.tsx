import { textBlockProps } from '../../render/block-style';
import type { NodeRenderer } from '../../render/types';

/** The BLOCKQUOTE node's renderer. */
export const renderBlockquote: NodeRenderer<'BLOCKQUOTE'> = (node, children, context) => (
  <blockquote {...textBlockProps(node, 'rc-blockquote', context, node.blockquoteData)}>
    {children}
  </blockquote>
);
