/**
 * The writer's rich-text editor (issue 4 "Writing"): TipTap 3 over the rich-content schema
 * (`rich-content/editor/extensions.ts`); what goes in and comes out is our document (SPEC §3),
 * converted with `toEditorJson` / `fromEditorJson`. A sticky toolbar, a slash menu and an Insert
 * button reach every block; media upload through the editor's services (`editor-services.ts`)
 * behind a placeholder; data blocks are asked for in small dialogs. Only the editor page imports
 * this module, lazily, so none of it reaches the reader's pages.
 *
 * The parts: `editor-menus.tsx` (slash menu, Insert popover), `editor-hooks.ts` (dialogs,
 * uploads), `insert-item-actions.ts` (what an insert item does), `node-edits.ts` (the blocks'
 * edit dialogs), `link-command.ts` (the link dialog).
 */
import './editor-messages';
// The post page's text rules first, the editor's own after them (issue 23: WYSIWYG).
import '../../rich-content/render/text-nodes.css';
import './rich-text-editor.css';
import type { Editor, Range } from '@tiptap/core';
import { Selection, TextSelection } from '@tiptap/pm/state';
import { EditorContent, useEditor } from '@tiptap/react';
import { type RefObject, useEffect, useId, useMemo, useRef } from 'react';
import { acceptAttribute } from '../../domain/media-upload';
import type { BlockNode, RichDocument } from '../../rich-content/document';
import { fromEditorJson, toEditorJson } from '../../rich-content/editor/convert';
import { useTranslation } from '../../rich-content/i18n';
import { documentStyleVars } from '../../rich-content/render/block-style';
import { editorExtensions } from './editor-extensions';
import { type EditorNotice, insertBlock, useEditorDialogs, useEditorUploads } from './editor-hooks';
import {
  type ChooseItem,
  InsertPopover,
  SlashPopover,
  useInsertMenu,
  useSlashMenu,
} from './editor-menus';
import { type EditorServices, EditorServicesContext } from './editor-services';
import type { InsertItem } from './insert-blocks';
import { type InsertPoint, insertPointOf } from './insert-commands';
import { InsertDialog } from './insert-dialogs';
import { runInsertItem } from './insert-item-actions';
import { openLinkDialog } from './link-command';
import { canEditNode, editNode, type OpenDialog } from './node-edits';
import { dataKeyOf, type NodeViewActions, NodeViewActionsContext } from './node-views';
import { type EditorController, focusFinding } from './prepublish-focus';
import { exitSuggestion, type SlashBridge, SuggestionPluginKey } from './slash-menu';
import { TableToolbar } from './table-toolbar';
import { Toolbar } from './toolbar';

export interface RichTextEditorProps {
  /** The document to start from (a new post gets an empty document). Read once, on mount. */
  initialDocument: RichDocument;
  /** Called (debounced by the page, not here) with the whole document after every change. */
  onChange(document: RichDocument): void;
  /** Uploads and link previews (the page passes the widget's; tests pass fakes). */
  services: EditorServices;
  /** Id of the element that labels the editing area (the post title field). */
  labelledBy?: string;
  /** Filled with what the page may ask of the editor (leading to a pre-publish finding). */
  controllerRef?: RefObject<EditorController | null>;
}

/** What the TipTap editor calls back into, kept current by the component. */
interface EditorCallbacks {
  props: RichTextEditorProps;
  slashBridge: { current: SlashBridge | null };
  openLink(): void;
  root: RefObject<HTMLDivElement | null>;
}

/** The TipTap editor over the document: extensions, the editing area's attributes and keys. */
function usePostEditor(callbacks: RefObject<EditorCallbacks>) {
  const { t } = useTranslation();
  const initial = callbacks.current.props;
  const envelope = useRef({
    metadata: initial.initialDocument.metadata,
    documentStyle: initial.initialDocument.documentStyle,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: made once, an editor keeps its schema for life.
  const extensions = useMemo(
    () =>
      editorExtensions({
        placeholder: t('postEditor.placeholder'),
        linePlaceholder: t('postEditor.linePlaceholder'),
        captionPlaceholder: t('postEditor.captionPlaceholder'),
        slashBridge: callbacks.current.slashBridge,
      }),
    [],
  );
  return useEditor({
    immediatelyRender: false,
    extensions,
    content: toEditorJson(initial.initialDocument),
    editorProps: {
      attributes: {
        // `rich-content`: the post page's text sizes and the document's style, as the post page
        // has them (text-nodes.css), so the editor shows the text as it will be published.
        class: 'rte-content rich-content',
        style: styleText(documentStyleVars(initial.initialDocument.documentStyle)),
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-keyshortcuts': 'Alt+F10',
        spellcheck: 'true',
        ...(initial.labelledBy
          ? { 'aria-labelledby': initial.labelledBy }
          : { 'aria-label': t('postEditor.editingArea') }),
      },
      handleKeyDown: (_view, event) => {
        if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 'k') {
          event.preventDefault();
          callbacks.current.openLink();
          return true;
        }
        // Alt+F10 goes to the toolbar (as in other editors); Tab goes on to the table bar.
        if (event.altKey && event.key === 'F10') {
          event.preventDefault();
          callbacks.current.root.current
            ?.querySelector<HTMLElement>('.rte-toolbar [data-toolbar-item][tabindex="0"]')
            ?.focus();
          return true;
        }
        return false;
      },
    },
    onUpdate: ({ editor: current }) => {
      try {
        callbacks.current.props.onChange(fromEditorJson(current.getJSON(), envelope.current));
      } catch (error) {
        // The schema mirrors the model, so this means a bug; keep the last good save.
        console.error(error);
      }
    },
  });
}

/** A style object of custom properties as an HTML `style` attribute ('' when there are none). */
function styleText(style: object | undefined): string {
  return Object.entries(style ?? {})
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
}

/** What the node views ask of the editor: whether a block has an edit dialog, and opening it. */
function useNodeActions(editor: Editor | null, openDialog: OpenDialog, dismiss: () => void) {
  const editRef = useRef<NodeViewActions['edit']>(() => {});
  editRef.current = (type, pos, data) => {
    if (!editor) return;
    const dataKey = dataKeyOf(type);
    const save = (next: unknown) => {
      dismiss();
      editor
        .chain()
        .focus()
        .command(({ tr }) => {
          tr.setNodeAttribute(pos, dataKey, next);
          // The caret goes after the block: a selected block would be replaced by the next key.
          const after = pos + (tr.doc.nodeAt(pos)?.nodeSize ?? 0);
          const $after = tr.doc.resolve(after);
          tr.setSelection(TextSelection.findFrom($after, 1, true) ?? Selection.near($after));
          return true;
        })
        .run();
    };
    editNode(type, data, openDialog, save);
  };
  return useMemo<NodeViewActions>(
    () => ({ canEdit: canEditNode, edit: (type, pos, data) => editRef.current(type, pos, data) }),
    [],
  );
}

/** The notice under the editor (uploads), with its dismiss button. */
function Notice({ notice, onDismiss }: { notice: EditorNotice; onDismiss(): void }) {
  const { t } = useTranslation();
  return (
    <div
      className={`rte-notice${notice.isError ? ' rte-notice--error' : ''}`}
      role={notice.isError ? 'alert' : 'status'}
    >
      <span>{notice.message}</span>
      <button
        type="button"
        className="rte-icon-button"
        aria-label={t('postEditor.upload.dismiss')}
        onClick={onDismiss}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

/** The rich-text editor of a post: toolbar, slash menu, insert dialogs and node views. */
export default function RichTextEditor(props: RichTextEditorProps): React.JSX.Element {
  const { t } = useTranslation();
  const menuId = useId().replace(/:/g, '');
  const rootRef = useRef<HTMLDivElement>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const pendingUpload = useRef<{ item: InsertItem; point: InsertPoint } | null>(null);
  const chooseRef = useRef<ChooseItem>(() => {});
  const callbacks = useRef<EditorCallbacks>({
    props,
    slashBridge: { current: null },
    openLink: () => {},
    root: rootRef,
  });
  callbacks.current.props = props;
  const services = useRef(props.services);
  services.current = props.services;

  const editor = usePostEditor(callbacks);
  const slash = useSlashMenu(callbacks.current.slashBridge, editor, chooseRef);
  const insertMenu = useInsertMenu(chooseRef);
  const { dialog, openDialog, closeDialog, dismissDialog } = useEditorDialogs(editor);
  const uploads = useEditorUploads(editor, services);
  const nodeActions = useNodeActions(editor, openDialog, dismissDialog);

  const { controllerRef } = props;
  useEffect(() => {
    if (!controllerRef || !editor) return;
    controllerRef.current = { focusFinding: (finding) => focusFinding(editor, finding) };
    return () => {
      controllerRef.current = null;
    };
  }, [controllerRef, editor]);

  callbacks.current.openLink = () => {
    if (editor) openLinkDialog(editor, openDialog, dismissDialog);
  };

  chooseRef.current = (item: InsertItem, range?: Range) => {
    if (!editor) return;
    slash.setSlash(null);
    insertMenu.close();
    const chain = editor.chain().focus();
    if (range) chain.deleteRange(range);
    chain.run();
    if (range) exitSuggestion(editor.view, SuggestionPluginKey);
    const point = insertPointOf(editor.state.selection);
    runInsertItem(editor, item, {
      t,
      openDialog,
      insert: (node: BlockNode) => {
        dismissDialog();
        insertBlock(editor, node, point);
      },
      pickFiles: (chosen) => {
        const input = fileInputRef.current;
        if (!input || chosen.action.kind !== 'upload') return;
        pendingUpload.current = { item: chosen, point };
        input.accept = acceptAttribute(chosen.action.uploadKind);
        input.multiple = chosen.action.multiple;
        input.value = '';
        input.click();
      },
    });
  };

  return (
    <EditorServicesContext.Provider value={props.services}>
      <NodeViewActionsContext.Provider value={nodeActions}>
        <div className="rte" ref={rootRef}>
          {editor ? (
            // The bars stick together: the table bar sits under the toolbar while in a table.
            <div className="rte-bars">
              <Toolbar
                editor={editor}
                onLink={() => callbacks.current.openLink()}
                onInsert={insertMenu.toggle}
                isInsertOpen={insertMenu.isOpen}
                insertButtonRef={insertMenu.buttonRef}
                insertMenuId={`${menuId}-insert`}
              />
              <TableToolbar editor={editor} />
            </div>
          ) : (
            <div className="rte-toolbar rte-toolbar--loading" aria-hidden="true" />
          )}
          {insertMenu.isOpen ? (
            <InsertPopover
              menu={insertMenu}
              menuId={`${menuId}-insert`}
              choose={(item) => chooseRef.current(item)}
            />
          ) : null}
          <div className="rte-surface">
            <EditorContent editor={editor} />
            {!editor ? <div className="rte-content rte-content--loading" /> : null}
          </div>
          <SlashPopover
            menu={slash}
            menuId={`${menuId}-slash`}
            editor={editor}
            root={rootRef.current}
            choose={(item, range) => chooseRef.current(item, range)}
          />
          {uploads.notice ? (
            <Notice
              notice={uploads.notice}
              onDismiss={() => {
                uploads.setNotice(null);
                editor?.commands.focus();
              }}
            />
          ) : null}
          <input
            ref={fileInputRef}
            type="file"
            className="visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
            data-testid="rte-file-input"
            onChange={(event) => {
              const pending = pendingUpload.current;
              pendingUpload.current = null;
              const files = [...(event.target.files ?? [])];
              if (pending) void uploads.runUpload(pending.item, files, pending.point);
            }}
          />
          {dialog ? (
            <InsertDialog
              key={dialog.request.kind}
              request={dialog.request}
              onSubmit={(result) => dialog.onResult(result)}
              onClose={closeDialog}
            />
          ) : null}
        </div>
      </NodeViewActionsContext.Provider>
    </EditorServicesContext.Provider>
  );
}
