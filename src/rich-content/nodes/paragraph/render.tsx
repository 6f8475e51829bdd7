import type { RichNode } from '../../document';
import { textBlockProps } from '../../render/block-style';
import { TEXT_CLASSES } from '../../render/text-classes';
import type { NodeRenderer } from '../../render/types';

/** Whether a text block holds no visible text (an empty line the author left for space). */
function isEmptyBlock(node: RichNode): boolean {
  return node.nodes.every((child) => child.type === 'TEXT' && child.textData.text === '');
}

/** The PARAGRAPH node's renderer. */
export const renderParagraph: NodeRenderer<'PARAGRAPH'> = (node, children, context) => {
  const props = textBlockProps(node, TEXT_CLASSES.paragraph, context, node.paragraphData);
  // An empty paragraph is a blank line in the editor; keep its height.
  if (isEmptyBlock(node)) {
    return (
      <p {...props} className={`${props.className} rc-paragraph--empty`}>
        <br />
      </p>
    );
  }
  return <p {...props}>{children}</p>;
};
