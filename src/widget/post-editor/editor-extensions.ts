/**
 * The editor's extensions (issue 4 "Writing"): the rich-content schema (`rich-content/editor/
 * extensions.ts`, unchanged: same names, same attributes, so the converters hold) with the
 * editor's behaviour on top: node views for media and embeds, colour and size marks that show in
 * the editing area, history, drop and gap cursors, the placeholder, the slash command, upload
 * placeholders, and fresh ids for pasted copies (decision 012).
 */
import {
  type AnyExtension,
  Extension,
  type Extensions,
  type Mark,
  mergeAttributes,
} from '@tiptap/core';
import { TableView } from '@tiptap/extension-table';
import { Dropcursor, Gapcursor, Placeholder, UndoRedo } from '@tiptap/extensions';
import type { Node as PmNode } from '@tiptap/pm/model';
import { NodeSelection, Plugin, PluginKey } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';
import type { TableData } from '../../rich-content/document';
import { EDITOR_NODES, richContentExtensions } from '../../rich-content/editor/extensions';
import { cssColor, cssFontSize } from '../../rich-content/render/css-values';
import { UploadPlaceholders } from './editor-uploads';
import { newNodeId } from './insert-blocks';
import { blockNodeView, NODE_VIEW_TYPES, type NodeViewType } from './node-views';
import { type SlashBridge, SlashCommand } from './slash-menu';
import { TableDimensions } from './table-commands';

const VIEW_BY_NAME = new Map<string, NodeViewType>(
  (Object.keys(NODE_VIEW_TYPES) as NodeViewType[]).map((type) => [EDITOR_NODES[type].name, type]),
);

/** A mark rendered with an inline style computed from its data (sanitised like the renderer). */
function styledMark(
  extension: AnyExtension,
  decoration: 'COLOR' | 'FONT_SIZE',
  style: (attrs: Record<string, unknown>) => string,
) {
  return (extension as Mark).extend({
    renderHTML({ mark, HTMLAttributes }) {
      const css = style(mark.attrs);
      const attributes = mergeAttributes({ 'data-rc-mark': decoration }, HTMLAttributes);
      return ['span', css ? { ...attributes, style: css } : attributes, 0];
    },
  });
}

function colorStyle(attrs: Record<string, unknown>): string {
  const data = attrs.colorData as { foreground?: string; background?: string } | null;
  const foreground = cssColor(data?.foreground);
  const background = cssColor(data?.background);
  return [foreground && `color:${foreground}`, background && `background-color:${background}`]
    .filter(Boolean)
    .join(';');
}

function fontSizeStyle(attrs: Record<string, unknown>): string {
  const data = attrs.fontSizeData as { unit?: 'PX' | 'EM'; value: number } | null;
  const size = data ? cssFontSize(data) : undefined;
  return size ? `font-size:${size}` : '';
}

/** Gives pasted copies of nodes new ids, so ids stay unique within the document. */
const UniqueIdsOnPaste = Extension.create({
  name: 'uniqueIdsOnPaste',
  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: new PluginKey('uniqueIdsOnPaste'),
        appendTransaction(transactions, _old, state) {
          if (!transactions.some((tr) => tr.docChanged && tr.getMeta('uiEvent') === 'paste')) {
            return null;
          }
          const seen = new Set<string>();
          const tr = state.tr;
          state.doc.descendants((node, pos) => {
            const id = node.attrs.id;
            if (typeof id !== 'string' || id === '') return true;
            if (seen.has(id)) tr.setNodeAttribute(pos, 'id', newNodeId());
            else seen.add(id);
            return true;
          });
          return tr.docChanged ? tr : null;
        },
      }),
    ];
  },
});

/**
 * TipTap's table view, marking the table with its header row and column (table data in our
 * model, not header cells) so the editing area shows them as the post page will.
 */
class HeaderAwareTableView extends TableView {
  constructor(
    node: PmNode,
    cellMinWidth: number,
    view: EditorView,
    attributes?: Record<string, unknown>,
  ) {
    super(node, cellMinWidth, view, attributes);
    this.markHeaders(node);
  }

  override update(node: PmNode): boolean {
    if (!super.update(node)) return false;
    this.markHeaders(node);
    return true;
  }

  private markHeaders(node: PmNode): void {
    const data = (node.attrs.tableData as TableData | null) ?? {};
    this.table.toggleAttribute('data-row-header', data.rowHeader ?? data.header ?? false);
    this.table.toggleAttribute('data-column-header', data.columnHeader ?? false);
  }
}

/** Names of the media nodes that hold a caption (not atoms, so a click does not select them). */
const CAPTIONED = new Set(
  (Object.keys(NODE_VIEW_TYPES) as NodeViewType[])
    .filter((type) => NODE_VIEW_TYPES[type])
    .map((type) => EDITOR_NODES[type].name),
);

/**
 * A click on captioned media (outside the caption) chooses the whole block, as it does for
 * atoms: ProseMirror selects only leaves on a plain click.
 */
const SelectCaptionedMedia = Extension.create({
  name: 'selectCaptionedMedia',
  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: new PluginKey('selectCaptionedMedia'),
        props: {
          handleClickOn(view, _pos, node, nodePos, event) {
            if (!CAPTIONED.has(node.type.name)) return false;
            const target = event.target instanceof Element ? event.target : null;
            if (!target || target.closest('figcaption, .rte-block__bar')) return false;
            view.dispatch(
              view.state.tr.setSelection(NodeSelection.create(view.state.doc, nodePos)),
            );
            return true;
          },
        },
      }),
    ];
  },
});

export interface EditorExtensionOptions {
  placeholder: string;
  linePlaceholder: string;
  captionPlaceholder: string;
  slashBridge: { current: SlashBridge | null };
}

/** Every extension of the writer's editor. */
export function editorExtensions(options: EditorExtensionOptions): Extensions {
  const schemaExtensions = richContentExtensions.map((extension) => {
    const type = VIEW_BY_NAME.get(extension.name);
    if (type) return extension.extend({ addNodeView: blockNodeView });
    if (extension.name === 'color') return styledMark(extension, 'COLOR', colorStyle);
    if (extension.name === 'fontSize') return styledMark(extension, 'FONT_SIZE', fontSizeStyle);
    if (extension.name === EDITOR_NODES.TABLE.name) {
      return extension.configure({ View: HeaderAwareTableView });
    }
    return extension;
  });
  return [
    ...schemaExtensions,
    UndoRedo,
    Dropcursor.configure({ color: 'var(--accent, #2a4bd7)', width: 3 }),
    Gapcursor,
    Placeholder.configure({
      includeChildren: true,
      placeholder: ({ node, editor }) => {
        if (node.type.name === 'caption') return options.captionPlaceholder;
        if (node.type.name !== 'paragraph') return '';
        // An empty document invites writing; later, the empty line under the caret hints at `/`.
        return editor.state.doc.childCount <= 1 ? options.placeholder : options.linePlaceholder;
      },
    }),
    SlashCommand.configure({ bridge: options.slashBridge }),
    UploadPlaceholders,
    UniqueIdsOnPaste,
    SelectCaptionedMedia,
    TableDimensions,
  ];
}
