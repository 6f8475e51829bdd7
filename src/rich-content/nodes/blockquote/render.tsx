import { textBlockProps } from '../../render/block-style';
import { TEXT_CLASSES } from '../../render/text-classes';
import type { NodeRenderer } from '../../render/types';

/** The BLOCKQUOTE node's renderer. */
export const renderBlockquote: NodeRenderer<'BLOCKQUOTE'> = (node, children, context) => (
  <blockquote {...textBlockProps(node, TEXT_CLASSES.blockquote, context, node.blockquoteData)}>
    {children}
  </blockquote>
);
