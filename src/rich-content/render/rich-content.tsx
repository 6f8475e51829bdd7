/**
 * Renders a rich-content document as semantic HTML (SPEC §3). One component per node type, looked
 * up in the render registry (`nodes/render-registry.ts`), which has one for every type. Text
 * decorations become inline elements; links are sanitised.
 */
import { Fragment, type ReactNode, useMemo } from 'react';
import type { RichDocument, RichNode } from '../document';
import { useTranslation } from '../i18n';
import './messages';
import { rendererOf } from '../nodes/render-registry';
import { collectAnchorTargets, documentStyleVars } from './block-style';
import type { RenderContext } from './types';

export type { RenderContext } from './types';

function renderNode(node: RichNode, key: number | string, context: RenderContext): ReactNode {
  // Each renderer takes its own node type; the lookup by `node.type` guarantees the match.
  const renderer = rendererOf(node.type);
  const children = (node.nodes ?? []).map((child, i) => renderNode(child, i, context));
  return <Fragment key={node.id || key}>{renderer(node, children, context)}</Fragment>;
}

/**
 * The document's nodes as HTML, with the document style (SPEC §3) as CSS custom properties on the
 * root and SPEC §9's mobile text sizes when the page is for a phone (`context.device`); without a
 * device, a media query at the 660 px breakpoint decides.
 */
export function RichContent({
  document,
  context = {},
}: {
  document: RichDocument;
  context?: RenderContext;
}) {
  const { t } = useTranslation();
  const anchorTargets = useMemo(() => collectAnchorTargets(document.nodes), [document]);
  const full: RenderContext = {
    labels: { spoiler: t('richContent.spoiler'), table: t('richContent.table') },
    ...context,
    ...(anchorTargets.size > 0 && { anchorTargets }),
  };
  return (
    <div
      className={context.device === 'mobile' ? 'rich-content rich-content--mobile' : 'rich-content'}
      style={documentStyleVars(document.documentStyle)}
    >
      {document.nodes.map((n, i) => renderNode(n, i, full))}
    </div>
  );
}
