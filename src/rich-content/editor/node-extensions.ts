/**
 * What the node types' TipTap nodes (`nodes/<type>/extension.ts`) share: a node's attributes
 * (`specs.ts`), the block group, the editor names of the text nodes other nodes' content names,
 * and the two kinds of node of our own: a structure container and a media block.
 */
import { mergeAttributes, Node } from '@tiptap/core';
import { EDITOR_NODES, nodeAttributes } from './specs';

/** Attributes of the node of the given model type. */
export const attributesOf = (type: keyof typeof EDITOR_NODES) =>
  nodeAttributes(EDITOR_NODES[type].dataKey);

export const BLOCK = 'block';

/** A structure node of our own: a container whose content mirrors the model's children. */
export function containerNode(
  type: keyof typeof EDITOR_NODES,
  content: string,
  options: { group?: string; tag?: string; isolating?: boolean } = {},
) {
  const tag = options.tag ?? 'div';
  return Node.create({
    name: EDITOR_NODES[type].name,
    group: options.group,
    content,
    isolating: options.isolating ?? false,
    defining: true,
    addAttributes: () => attributesOf(type),
    parseHTML: () => [{ tag: `${tag}[data-rc-node="${type}"]` }],
    renderHTML: ({ HTMLAttributes }) => [
      tag,
      mergeAttributes({ 'data-rc-node': type }, HTMLAttributes),
      0,
    ],
  });
}

/** A media, embed or interactive block; IMAGE, VIDEO, GIF and AUDIO hold an optional caption. */
export function mediaNode(type: keyof typeof EDITOR_NODES, hasCaption: boolean) {
  return Node.create({
    name: EDITOR_NODES[type].name,
    group: BLOCK,
    atom: !hasCaption,
    content: hasCaption ? `${EDITOR_NODES.CAPTION.name}?` : '',
    isolating: hasCaption,
    draggable: true,
    selectable: true,
    addAttributes: () => attributesOf(type),
    parseHTML: () => [{ tag: `${hasCaption ? 'figure' : 'div'}[data-rc-node="${type}"]` }],
    renderHTML: ({ HTMLAttributes }) => {
      const attributes = mergeAttributes({ 'data-rc-node': type }, HTMLAttributes);
      return hasCaption ? ['figure', attributes, 0] : ['div', attributes];
    },
  });
}

/** The editor names that content expressions of other nodes use. */
export const PARAGRAPH = EDITOR_NODES.PARAGRAPH.name;
export const HEADING = EDITOR_NODES.HEADING.name;
export const LIST_ITEM = EDITOR_NODES.LIST_ITEM.name;
export const BULLETED_LIST = EDITOR_NODES.BULLETED_LIST.name;
export const ORDERED_LIST = EDITOR_NODES.ORDERED_LIST.name;
