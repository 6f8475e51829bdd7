/**
 * What choosing an insert item does (the slash menu, the Insert button): text blocks toggle in
 * place, structure blocks go in as they are, data blocks ask a dialog first, uploads ask for
 * files.
 */
import type { Editor } from '@tiptap/core';
import type { BlockNode } from '../../rich-content/document';
import type { Translator } from '../../rich-content/i18n';
import {
  buttonNode,
  collapsibleListNode,
  dividerNode,
  htmlNode,
  type InsertItem,
  layoutNode,
  linkPreviewNode,
  mapNode,
  pollNode,
  tableNode,
  videoLinkNode,
} from './insert-blocks';
import type { OpenDialog } from './node-edits';

export interface InsertItemContext {
  t: Translator['t'];
  openDialog: OpenDialog;
  /** Inserts a block where the item was chosen. */
  insert(node: BlockNode): void;
  /** Asks the writer for the files of an upload item. */
  pickFiles(item: InsertItem): void;
}

/** Runs a chosen insert item, the `/query` text (if any) already removed. */
export function runInsertItem(editor: Editor, item: InsertItem, context: InsertItemContext): void {
  const { t, openDialog, insert } = context;
  switch (item.id) {
    case 'heading1':
    case 'heading2':
    case 'heading3':
      editor
        .chain()
        .focus()
        .setHeading({ level: Number(item.id.slice(-1)) as 1 | 2 | 3 })
        .run();
      return;
    case 'bulletedList':
      editor.chain().focus().toggleBulletList().run();
      return;
    case 'orderedList':
      editor.chain().focus().toggleOrderedList().run();
      return;
    case 'quote':
      editor.chain().focus().toggleBlockquote().run();
      return;
    case 'codeBlock':
      editor.chain().focus().setCodeBlock().run();
      return;
    case 'divider':
      insert(dividerNode());
      return;
    case 'collapsibleList':
      insert(
        collapsibleListNode([1, 2].map((n) => t('postEditor.starters.collapsibleItem', { n }))),
      );
      return;
    case 'layout':
      insert(layoutNode());
      return;
    case 'videoLink':
      openDialog({ kind: 'videoLink' }, (r) => insert(videoLinkNode(r.url)));
      return;
    case 'linkPreview':
      openDialog({ kind: 'linkPreview' }, (r) => insert(linkPreviewNode(r.url, r)));
      return;
    case 'html':
      openDialog({ kind: 'html' }, (r) => insert(htmlNode(r)));
      return;
    case 'button':
      openDialog({ kind: 'button' }, (r) => insert(buttonNode(r)));
      return;
    case 'map':
      openDialog({ kind: 'map' }, (r) => insert(mapNode(r)));
      return;
    case 'poll':
      openDialog({ kind: 'poll' }, (r) => insert(pollNode(r)));
      return;
    case 'table':
      openDialog({ kind: 'table' }, (r) => insert(tableNode(Number(r.rows), Number(r.columns))));
      return;
    default:
      if (item.action.kind === 'upload') context.pickFiles(item);
  }
}
