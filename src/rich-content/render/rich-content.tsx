/**
 * Renders a rich-content document as semantic HTML (SPEC §3). One component per node type, looked
 * up in the render registry (`nodes/render-registry.ts`), which has one for every type. Text
 * decorations become inline elements; links are sanitised.
 */
import type { RichDocument } from '../document';
import { rendererOf } from '../nodes/render-registry';
import { DocumentView } from './document-view';
import type { RenderContext } from './types';

export type { RenderContext } from './types';

/** A whole document (a post's), every node type drawn by its renderer. */
export function RichContent({
  document,
  context,
}: {
  document: RichDocument;
  context?: RenderContext;
}) {
  return <DocumentView document={document} context={context} rendererOf={rendererOf} />;
}
