/**
 * Draws a rich-content document as semantic HTML (SPEC §3) with a given map of node renderers:
 * the whole registry for a post (rich-content.tsx), the text-only part of it for a comment
 * (comment-content.tsx), so that a comment's script carries no gallery or table (issue 20).
 */
import { Fragment, type ReactNode, useMemo } from 'react';
import type { NodeType, RichDocument, RichNode } from '../document';
import { useTranslation } from '../i18n';
import './messages';
import { collectAnchorTargets, documentStyleVars } from './block-style';
import type { NodeRenderer, RenderContext } from './types';

/** The renderer of a node type, in the map a view draws with. */
export type RendererLookup = (type: NodeType) => NodeRenderer;

function renderNode(
  node: RichNode,
  key: number | string,
  context: RenderContext,
  rendererOf: RendererLookup,
): ReactNode {
  // Each renderer takes its own node type; the lookup by `node.type` guarantees the match.
  const renderer = rendererOf(node.type);
  const children = (node.nodes ?? []).map((child, i) => renderNode(child, i, context, rendererOf));
  return <Fragment key={node.id || key}>{renderer(node, children, context)}</Fragment>;
}

/**
 * The document's nodes as HTML, with the document style (SPEC §3) as CSS custom properties on the
 * root and SPEC §9's mobile text sizes when the page is for a phone (`context.device`); without a
 * device, a media query at the 660 px breakpoint decides.
 */
export function DocumentView({
  document,
  context = {},
  rendererOf,
}: {
  document: RichDocument;
  context?: RenderContext;
  rendererOf: RendererLookup;
}) {
  const { t } = useTranslation();
  const anchorTargets = useMemo(() => collectAnchorTargets(document.nodes), [document]);
  const full: RenderContext = {
    labels: {
      spoiler: t('richContent.spoiler'),
      table: t('richContent.table'),
      code: t('richContent.code'),
    },
    ...context,
    ...(anchorTargets.size > 0 && { anchorTargets }),
  };
  return (
    <div
      className={context.device === 'mobile' ? 'rich-content rich-content--mobile' : 'rich-content'}
      style={documentStyleVars(document.documentStyle)}
      lang={context.language}
    >
      {document.nodes.map((n, i) => renderNode(n, i, full, rendererOf))}
    </div>
  );
}
