/**
 * The renderer of every node type (issue 16): the reader's pages, the server's renderer and the
 * editor's node views draw nodes from this map. Typed against every `NodeType`, so a node type
 * without a renderer does not compile (it was a `Partial` map, where a missing renderer drew
 * nothing). Kept apart from `nodes/registry.ts` (schemas, zod) so the reader's bundle carries
 * only renderers, and from the editor registry (TipTap). Each renderer lives in its node's folder
 * (`nodes/<type>/render.tsx`); nodes that share a folder (lists, table,
 * collapsible list, layout) share one map of renderers.
 */
import '../render/messages';
import '../render/media-nodes.css';
import type { NodeRenderer, RendererRegistry } from '../render/types';
import { renderAppEmbed } from './app-embed/render';
import { renderAudio } from './audio/render';
import { renderBlockquote } from './blockquote/render';
import { renderButton } from './button/render';
import { renderCaption } from './caption/render';
import { renderCodeBlock } from './code-block/render';
import { COLLAPSIBLE_LIST_RENDERERS } from './collapsible-list/render';
import { renderDivider } from './divider/render';
import { renderEmbed } from './embed/render';
import { renderExternal } from './external/render';
import { renderFile } from './file/render';
import { renderGallery } from './gallery/render';
import { renderGif } from './gif/render';
import { renderHeading } from './heading/render';
import { renderHtml } from './html/render';
import { renderImage } from './image/render';
import { LAYOUT_RENDERERS } from './layout/render';
import { renderLinkPreview } from './link-preview/render';
import { LIST_RENDERERS } from './lists/render';
import { renderMap } from './map/render';
import { renderParagraph } from './paragraph/render';
import { renderPoll } from './poll/render';
import { TABLE_RENDERERS } from './table/render';
import { renderText } from './text/render';
import { renderVideo } from './video/render';
import '../render/text-nodes.css';

export const RENDERERS = {
  TEXT: renderText,
  PARAGRAPH: renderParagraph,
  HEADING: renderHeading,
  ...LIST_RENDERERS,
  BLOCKQUOTE: renderBlockquote,
  CODE_BLOCK: renderCodeBlock,
  CAPTION: renderCaption,
  DIVIDER: renderDivider,
  IMAGE: renderImage,
  VIDEO: renderVideo,
  GIF: renderGif,
  AUDIO: renderAudio,
  GALLERY: renderGallery,
  FILE: renderFile,
  HTML: renderHtml,
  EMBED: renderEmbed,
  LINK_PREVIEW: renderLinkPreview,
  MAP: renderMap,
  APP_EMBED: renderAppEmbed,
  POLL: renderPoll,
  BUTTON: renderButton,
  ...TABLE_RENDERERS,
  ...COLLAPSIBLE_LIST_RENDERERS,
  ...LAYOUT_RENDERERS,
  EXTERNAL: renderExternal,
} satisfies RendererRegistry;

/** The renderer of a node's type, for code that holds a node of any type. */
export const rendererOf = (type: keyof RendererRegistry): NodeRenderer =>
  RENDERERS[type] as NodeRenderer;
