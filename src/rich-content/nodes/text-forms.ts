/**
 * Plain-text forms of nodes (search, excerpts, reading time: `text.ts`), a required part of every
 * node's definition (`registry.ts`). A node with a form of its own has it in its folder
 * (`text/text.ts`, `image/text.ts`); the others take one of the two shared forms here.
 */
import type { NodeOf, NodeType } from '../model/nodes';

/**
 * How a node's plain text comes around its children's: `own` before them (a TEXT run's text),
 * `after` after them (a line break after a text block, an image's caption line). `CHILDREN_TEXT`
 * (neither) gives only the children's text.
 */
export interface TextForm<T extends NodeType = NodeType> {
  own?(node: NodeOf<T>): string;
  after?(node: NodeOf<T>): string | undefined;
}

/** Structure, media and embeds: their children's text only. */
export const CHILDREN_TEXT = {} satisfies TextForm;
/** A text block: its children's text and a line break. */
export const LINE_TEXT = { after: () => '\n' } satisfies TextForm;
