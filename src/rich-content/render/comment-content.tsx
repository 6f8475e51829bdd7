/**
 * A comment's document (issue 6) as HTML: the same renderers as a post's for the nodes a comment
 * may hold (paragraphs of text with bold, italic, links and mentions; comment-document.ts), and
 * only those, so that the comments' script carries none of the others (issue 20's budget).
 */
import './text-nodes.css';
import type { NodeType, RichDocument } from '../document';
import { renderParagraph } from '../nodes/paragraph/render';
import { renderText } from '../nodes/text/render';
import { DocumentView } from './document-view';
import type { NodeRenderer, RenderContext } from './types';

const COMMENT_RENDERERS: Partial<Record<NodeType, NodeRenderer>> = {
  TEXT: renderText as NodeRenderer,
  PARAGRAPH: renderParagraph as NodeRenderer,
};

/**
 * Any other node is drawn as nothing: the server stores only what comment-document.ts allows, so
 * one here is a document that did not come through it.
 */
const renderNothing: NodeRenderer = () => null;

const commentRendererOf = (type: NodeType): NodeRenderer =>
  COMMENT_RENDERERS[type] ?? renderNothing;

/** A comment's text, drawn as a post's would be. */
export function CommentContent({
  document,
  context,
}: {
  document: RichDocument;
  context?: RenderContext;
}) {
  return <DocumentView document={document} context={context} rendererOf={commentRendererOf} />;
}
