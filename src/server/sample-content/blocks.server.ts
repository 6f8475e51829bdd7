/**
 * Demo posts' blocks as rich content: shared by the demo seed and the sample posts an owner adds
 * from the onboarding screen (services/sample-posts.server.ts).
 */
import {
  type BlockNode,
  blockquote,
  codeBlock,
  divider,
  documentOf,
  heading,
  list,
  paragraph,
  type RichDocument,
  type RichNode,
} from '../../rich-content/document';
import type { DemoBlock } from './content.server';

/** Gives every non-text node of a document an id unique within it, independent of process state. */
export function renumber<T extends RichNode>(nodes: T[], counter = { n: 0 }): T[] {
  for (const node of nodes) {
    if (node.type !== 'TEXT') node.id = `n${++counter.n}`;
    renumber<RichNode>(node.nodes, counter);
  }
  return nodes;
}

/** One demo block as a rich-content node. */
export function blockToNode(block: DemoBlock): BlockNode {
  switch (block.type) {
    case 'paragraph':
      return paragraph(block.text);
    case 'heading':
      return heading(block.level ?? 2, block.text);
    case 'bulleted':
    case 'ordered':
      return list(block.type, [...block.items]);
    case 'quote':
      return blockquote(block.text);
    case 'code':
      return codeBlock(block.text);
    case 'divider':
      return divider();
  }
}

/** A demo post's blocks as a document written at `date`. */
export function demoDocument(blocks: readonly DemoBlock[], date: Date): RichDocument {
  return documentOf(renumber(blocks.map(blockToNode)), date);
}
