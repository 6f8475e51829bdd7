/**
 * The renderer of every node type (issue 16): the reader's pages, the server's renderer and the
 * editor's node views draw nodes from this map. Typed against every `NodeType`, so a node type
 * without a renderer does not compile (it was a `Partial` map, where a missing renderer drew
 * nothing). Kept apart from `nodes/registry.ts` (schemas, zod) so the reader's bundle carries
 * only renderers, and from the editor registry (TipTap). Each renderer lives in its node's folder
 * (`nodes/<type>/render.tsx`); the text and structure nodes' are still in `render/text-nodes.tsx`.
 */
import '../render/messages';
import '../render/media-nodes.css';
import { TEXT_RENDERERS } from '../render/text-nodes';
import type { NodeRenderer, RendererRegistry } from '../render/types';
import { renderAppEmbed } from './app-embed/render';
import { renderAudio } from './audio/render';
import { renderEmbed } from './embed/render';
import { renderFile } from './file/render';
import { renderGallery } from './gallery/render';
import { renderGif } from './gif/render';
import { renderHtml } from './html/render';
import { renderImage } from './image/render';
import { renderLinkPreview } from './link-preview/render';
import { renderMap } from './map/render';
import { renderPoll } from './poll/render';
import { renderVideo } from './video/render';

export const RENDERERS = {
  ...TEXT_RENDERERS,
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
} satisfies RendererRegistry;

/** The renderer of a node's type, for code that holds a node of any type. */
export const rendererOf = (type: keyof RendererRegistry): NodeRenderer =>
  RENDERERS[type] as NodeRenderer;
