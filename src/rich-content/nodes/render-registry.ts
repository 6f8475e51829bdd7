/**
 * The renderer of every node type (issue 16): the reader's pages, the server's renderer and the
 * editor's node views draw nodes from this map. Typed against every `NodeType`, so a node type
 * without a renderer does not compile (it was a `Partial` map, where a missing renderer drew
 * nothing). Kept apart from `nodes/registry.ts` (schemas, zod) so the reader's bundle carries
 * only renderers, and from the editor registry (TipTap).
 */
import { MEDIA_RENDERERS } from '../render/media-nodes';
import { TEXT_RENDERERS } from '../render/text-nodes';
import type { NodeRenderer, RendererRegistry } from '../render/types';

export const RENDERERS = { ...TEXT_RENDERERS, ...MEDIA_RENDERERS } satisfies RendererRegistry;

/** The renderer of a node's type, for code that holds a node of any type. */
export const rendererOf = (type: keyof RendererRegistry): NodeRenderer =>
  RENDERERS[type] as NodeRenderer;
