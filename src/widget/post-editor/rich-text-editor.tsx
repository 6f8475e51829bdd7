/**
 * The writer's rich-text editor (issue 4 "Writing"): TipTap 3 over the rich-content schema
 * (`rich-content/editor/extensions.ts`); what goes in and comes out is our document (SPEC §3),
 * converted with `toEditorJson` / `fromEditorJson`. A sticky toolbar, a slash menu and an Insert
 * button reach every block; media upload through `props.upload` behind a placeholder; data
 * blocks are asked for in small dialogs. Only the editor page imports this module, lazily, so
 * none of it reaches the reader's pages.
 */
import './editor-messages';
import './rich-text-editor.css';
import type { Editor, Range } from '@tiptap/core';
import { Selection, TextSelection } from '@tiptap/pm/state';
import { EditorContent, useEditor } from '@tiptap/react';
import {
  type KeyboardEvent,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import {
  acceptAttribute,
  type UploadErrorCode,
  type UploadedMedia,
  type UploadKind,
  uploadProblem,
} from '../../domain/media-upload';
import type { BlockNode, RichDocument } from '../../rich-content/document';
import { fromEditorJson, toEditorJson } from '../../rich-content/editor/convert';
import { EDITOR_NODES } from '../../rich-content/editor/extensions';
import { useTranslation } from '../../rich-content/i18n';
import { editorExtensions } from './editor-extensions';
import { addPlaceholder, findPlaceholder, removePlaceholder } from './editor-uploads';
import { completeUrl } from './editor-validation';
import {
  audioForm,
  buttonNode,
  collapsibleListNode,
  dividerNode,
  fileForm,
  filterInsertItems,
  galleryForm,
  htmlNode,
  INSERT_ITEMS,
  type InsertItem,
  isPdfFile,
  layoutNode,
  linkPreviewNode,
  mapNode,
  newNodeId,
  pollNode,
  pollSettingsForm,
  tableNode,
  uploadedGalleryNode,
  uploadedNode,
  videoLinkNode,
  withAudioForm,
  withFileForm,
  withGalleryForm,
} from './insert-blocks';
import {
  editorJsonOf,
  type InsertPoint,
  insertBlockTransaction,
  insertPointOf,
} from './insert-commands';
import { type DialogRequest, type DialogResults, InsertDialog } from './insert-dialogs';
import {
  dataKeyOf,
  type NodeViewActions,
  NodeViewActionsContext,
  type NodeViewType,
} from './node-views';
import {
  exitSuggestion,
  handleMenuKey,
  InsertMenu,
  optionId,
  type SlashBridge,
  type SlashState,
  SuggestionPluginKey,
} from './slash-menu';
import { TableToolbar } from './table-toolbar';
import { Toolbar } from './toolbar';
import { UploadError } from './upload-client';

export interface RichTextEditorProps {
  /** The document to start from (a new post gets an empty document). Read once, on mount. */
  initialDocument: RichDocument;
  /** Called (debounced by the page, not here) with the whole document after every change. */
  onChange(document: RichDocument): void;
  /** Uploads a file (the page passes the real uploader; tests pass a fake). */
  upload(file: File, kind: UploadKind): Promise<UploadedMedia>;
  /** Id of the element that labels the editing area (the post title field). */
  labelledBy?: string;
}

/** The data block of a node, after the model's check. */
function checkedData(node: BlockNode): unknown {
  const json = editorJsonOf(node);
  const dataKey = Object.values(EDITOR_NODES).find((s) => s.name === json.type)?.dataKey;
  return dataKey ? json.attrs?.[dataKey] : undefined;
}

/** Inserts a block at a point, with focus in the editor. */
function insertBlock(editor: Editor, node: BlockNode, point: InsertPoint): void {
  editor.view.dispatch(insertBlockTransaction(editor.state, node, point));
  editor.commands.focus();
}

interface OpenDialog {
  request: DialogRequest;
  onResult(result: unknown): void;
}

/** The rich-text editor of a post: toolbar, slash menu, insert dialogs and node views. */
export default function RichTextEditor(props: RichTextEditorProps): React.JSX.Element {
  const { t } = useTranslation();
  const menuId = useId().replace(/:/g, '');
  const rootRef = useRef<HTMLDivElement>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const insertButtonRef = useRef<HTMLButtonElement>(null);
  const insertSearchRef = useRef<HTMLInputElement>(null);
  const envelope = useRef({
    metadata: props.initialDocument.metadata,
    documentStyle: props.initialDocument.documentStyle,
  });
  const latest = useRef(props);
  latest.current = props;

  const [slash, setSlash] = useState<SlashState | null>(null);
  const [slashActive, setSlashActive] = useState(0);
  const [isInsertOpen, setIsInsertOpen] = useState(false);
  const [insertQuery, setInsertQuery] = useState('');
  const [insertActive, setInsertActive] = useState(0);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const [notice, setNotice] = useState<{ message: string; isError: boolean } | null>(null);
  const pendingUpload = useRef<{ item: InsertItem; point: InsertPoint } | null>(null);

  const labelOf = useCallback((item: InsertItem) => t(`postEditor.insert.${item.id}.label`), [t]);
  const slashItems = useMemo(
    () => (slash ? filterInsertItems(INSERT_ITEMS, slash.query, labelOf) : []),
    [slash, labelOf],
  );
  const insertItems = useMemo(
    () => filterInsertItems(INSERT_ITEMS, insertQuery, labelOf),
    [insertQuery, labelOf],
  );

  // The slash plugin talks to this component through the bridge; it reads the latest state.
  const slashBridge = useRef<SlashBridge | null>(null);
  const slashView = useRef({ slash, slashItems, slashActive });
  slashView.current = { slash, slashItems, slashActive };
  const chooseRef = useRef<(item: InsertItem, range?: Range) => void>(() => {});

  // biome-ignore lint/correctness/useExhaustiveDependencies: made once, an editor keeps its schema for life.
  const extensions = useMemo(
    () =>
      editorExtensions({
        placeholder: t('postEditor.placeholder'),
        linePlaceholder: t('postEditor.linePlaceholder'),
        captionPlaceholder: t('postEditor.captionPlaceholder'),
        slashBridge,
      }),
    [],
  );

  const editor = useEditor({
    immediatelyRender: false,
    extensions,
    content: toEditorJson(props.initialDocument),
    editorProps: {
      attributes: {
        class: 'rte-content',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-keyshortcuts': 'Alt+F10',
        spellcheck: 'true',
        ...(props.labelledBy
          ? { 'aria-labelledby': props.labelledBy }
          : { 'aria-label': t('postEditor.editingArea') }),
      },
      handleKeyDown: (_view, event) => {
        if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 'k') {
          event.preventDefault();
          openLinkRef.current();
          return true;
        }
        // Alt+F10 goes to the toolbar (as in other editors); Tab goes on to the table bar.
        if (event.altKey && event.key === 'F10') {
          event.preventDefault();
          rootRef.current
            ?.querySelector<HTMLElement>('.rte-toolbar [data-toolbar-item][tabindex="0"]')
            ?.focus();
          return true;
        }
        return false;
      },
    },
    onUpdate: ({ editor: current }) => {
      try {
        latest.current.onChange(fromEditorJson(current.getJSON(), envelope.current));
      } catch (error) {
        // The schema mirrors the model, so this means a bug; keep the last good save.
        console.error(error);
      }
    },
  });

  slashBridge.current = {
    onChange(state) {
      setSlash(state);
      if (!state || state.query !== slashView.current.slash?.query) setSlashActive(0);
    },
    onKeyDown(event) {
      const view = slashView.current;
      if (!view.slash) return false;
      return handleMenuKey(
        event.key,
        { activeIndex: view.slashActive, count: view.slashItems.length },
        {
          move: setSlashActive,
          choose: () => {
            const item = view.slashItems[view.slashActive];
            if (item) chooseRef.current(item, view.slash!.range);
          },
          close: () => {
            if (editor) exitSuggestion(editor.view, SuggestionPluginKey);
            setSlash(null);
          },
        },
      );
    },
  };

  const closeDialog = useCallback(() => {
    setDialog(null);
    editor?.commands.focus();
  }, [editor]);

  function openDialog<K extends DialogRequest['kind']>(
    request: Extract<DialogRequest, { kind: K }>,
    onResult: (result: DialogResults[K]) => void,
  ) {
    setDialog({ request, onResult: onResult as (result: unknown) => void });
  }

  const openLinkRef = useRef(() => {});
  openLinkRef.current = () => {
    if (!editor) return;
    const attrs = editor.getAttributes('link') as {
      href?: string;
      linkData?: { link?: { target?: string } };
    };
    const hasLink = editor.isActive('link');
    openDialog(
      {
        kind: 'link',
        hasLink,
        initial: {
          url: attrs.href ?? '',
          openInNewTab: attrs.linkData?.link?.target === 'BLANK',
        },
      },
      (result) => {
        setDialog(null);
        const chain = editor.chain().focus().extendMarkRange('link');
        if (result === null) {
          chain.unsetLink().run();
          return;
        }
        const url = completeUrl(result.url);
        const linkData = {
          link: {
            url,
            target: result.openInNewTab ? 'BLANK' : 'SELF',
            ...(result.openInNewTab && { rel: { noreferrer: true } }),
          },
        };
        if (editor.state.selection.empty && !hasLink) {
          chain
            .insertContent({
              type: 'text',
              text: url,
              marks: [{ type: 'link', attrs: { href: url, linkData } }],
            })
            .run();
        } else {
          chain.setMark('link', { href: url, linkData }).run();
        }
      },
    );
  };

  function showUploadError(error: unknown) {
    const code: UploadErrorCode = error instanceof UploadError ? error.code : 'file-upload-failure';
    setNotice({ message: t(`postEditor.upload.codes.${code}`), isError: true });
  }

  async function runUpload(item: InsertItem, files: File[], point: InsertPoint) {
    if (!editor || item.action.kind !== 'upload' || files.length === 0) return;
    const kind = item.action.uploadKind;
    for (const file of files) {
      const problem = uploadProblem(kind, file);
      if (problem) {
        showUploadError(new UploadError(problem, 0));
        editor.commands.focus();
        return;
      }
    }
    const id = newNodeId();
    const label =
      files.length === 1
        ? t('postEditor.upload.uploading', { name: files[0]!.name })
        : t('postEditor.upload.uploadingCount', { count: files.length });
    // A placeholder stands where the block goes; an empty paragraph there makes way for it.
    editor.view.dispatch(addPlaceholder(editor.state.tr, id, point.pos, label));
    setNotice(null);
    let uploads: UploadedMedia[];
    try {
      uploads = await Promise.all(files.map((file) => latest.current.upload(file, kind)));
    } catch (error) {
      if (!editor.isDestroyed) editor.view.dispatch(removePlaceholder(editor.state.tr, id));
      showUploadError(error);
      return;
    }
    if (editor.isDestroyed) return;
    const pos = findPlaceholder(editor.state, id);
    editor.view.dispatch(removePlaceholder(editor.state.tr, id));
    if (pos === null) return;
    const node = item.id === 'gallery' ? uploadedGalleryNode(uploads) : uploadedNode(uploads[0]!);
    insertBlock(editor, node, { pos, replacesEmpty: point.replacesEmpty });
    setNotice({
      message: t('postEditor.upload.done', {
        name: files.length === 1 ? files[0]!.name : t(`postEditor.insert.${item.id}.label`),
      }),
      isError: false,
    });
  }

  /** Runs a chosen insert item, from the slash menu (with the `/query` range) or the button. */
  chooseRef.current = (item: InsertItem, range?: Range) => {
    if (!editor) return;
    setSlash(null);
    setIsInsertOpen(false);
    setInsertQuery('');
    const chain = editor.chain().focus();
    if (range) chain.deleteRange(range);
    chain.run();
    if (range) exitSuggestion(editor.view, SuggestionPluginKey);
    const point = insertPointOf(editor.state.selection);
    const insert = (node: BlockNode, at: InsertPoint = point) => {
      setDialog(null);
      insertBlock(editor, node, at);
    };
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
      default: {
        if (item.action.kind !== 'upload') return;
        const input = fileInputRef.current;
        if (!input) return;
        pendingUpload.current = { item, point };
        input.accept = acceptAttribute(item.action.uploadKind);
        input.multiple = item.action.multiple;
        input.value = '';
        input.click();
      }
    }
  };

  const nodeActions = useMemo<NodeViewActions>(
    () => ({
      canEdit: (type, data) => editableTypes.has(type) && isEditableData(type, data),
      edit: (type, pos, data) => editRef.current(type, pos, data),
    }),
    [],
  );
  const editRef = useRef<(type: NodeViewType, pos: number, data: unknown) => void>(() => {});
  editRef.current = (type, pos, data) => {
    if (!editor) return;
    const dataKey = dataKeyOf(type);
    const save = (next: unknown) => {
      setDialog(null);
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
    // biome-ignore lint/suspicious/noExplicitAny: each case below reads its own data block.
    const old = data as any;
    switch (type) {
      case 'IMAGE':
        openDialog(
          {
            kind: 'image',
            editing: true,
            initial: { altText: old.altText ?? '', decorative: old.decorative === true },
          },
          (r) =>
            save({
              ...old,
              altText: r.decorative ? '' : r.altText.trim(),
              decorative: r.decorative || undefined,
            }),
        );
        return;
      case 'POLL':
        openDialog(
          {
            kind: 'poll',
            editing: true,
            initial: {
              title: old.poll?.title ?? '',
              options: (old.poll?.options ?? []).map((o: { title?: string }) => o.title ?? ''),
              settings: pollSettingsForm(old.poll?.settings),
            },
          },
          (r) => {
            const built = checkedData(pollNode(r)) as typeof old;
            save({
              ...old,
              poll: {
                ...old.poll,
                title: built.poll.title,
                settings: { ...old.poll?.settings, ...built.poll.settings },
                options: built.poll.options.map((o: object, i: number) => ({
                  ...(old.poll?.options?.[i] ?? {}),
                  ...o,
                  id: old.poll?.options?.[i]?.id ?? (o as { id: string }).id,
                })),
              },
            });
          },
        );
        return;
      case 'BUTTON':
        openDialog(
          {
            kind: 'button',
            editing: true,
            initial: {
              text: old.text ?? '',
              url: old.link?.url ?? '',
              openInNewTab: old.link?.target === 'BLANK',
            },
          },
          (r) => save({ ...old, ...(checkedData(buttonNode(r)) as object) }),
        );
        return;
      case 'MAP':
        openDialog(
          {
            kind: 'map',
            editing: true,
            initial: {
              address: old.mapSettings?.address ?? '',
              lat: old.mapSettings?.lat === undefined ? '' : String(old.mapSettings.lat),
              lng: old.mapSettings?.lng === undefined ? '' : String(old.mapSettings.lng),
            },
          },
          (r) => {
            const built = checkedData(mapNode(r)) as typeof old;
            const { address, locationName, lat, lng } = built.mapSettings;
            save({ ...old, mapSettings: { ...old.mapSettings, address, locationName, lat, lng } });
          },
        );
        return;
      case 'HTML':
        openDialog(
          {
            kind: 'html',
            editing: true,
            initial: {
              mode: old.html === undefined && old.url !== undefined ? 'url' : 'html',
              html: old.html ?? '',
              url: old.url ?? '',
            },
          },
          (r) => {
            const { html: _html, url: _url, ...rest } = old;
            save({ ...rest, ...(checkedData(htmlNode(r)) as object) });
          },
        );
        return;
      case 'LINK_PREVIEW':
        openDialog(
          {
            kind: 'linkPreview',
            editing: true,
            initial: {
              url: old.link?.url ?? '',
              title: old.title ?? '',
              description: old.description ?? '',
              thumbnailUrl: old.thumbnailUrl ?? '',
            },
          },
          (r) => {
            const built = checkedData(linkPreviewNode(r.url, r)) as typeof old;
            const isSameUrl = built.link.url === old.link?.url;
            // The card's own look stays; what it says is the dialog's (a cleared field clears).
            const { title: _t, description: _d, thumbnailUrl: _i, html, ...kept } = old;
            save({
              ...kept,
              ...built,
              link: isSameUrl ? old.link : built.link,
              ...(isSameUrl && html !== undefined && { html }),
            });
          },
        );
        return;
      case 'VIDEO':
        openDialog(
          { kind: 'videoLink', editing: true, initial: { url: old.video?.src?.url ?? '' } },
          (r) =>
            save({
              ...old,
              video: { ...old.video, src: { url: completeUrl(r.url) } },
              thumbnail: undefined,
            }),
        );
        return;
      case 'GALLERY':
        openDialog({ kind: 'gallery', editing: true, initial: galleryForm(old) }, (r) =>
          save(withGalleryForm(old, r)),
        );
        return;
      case 'AUDIO':
        openDialog({ kind: 'audio', editing: true, initial: audioForm(old) }, (r) =>
          save(withAudioForm(old, r)),
        );
        return;
      case 'FILE':
        openDialog(
          { kind: 'file', editing: true, initial: fileForm(old), isPdf: isPdfFile(old) },
          (r) => save(withFileForm(old, r)),
        );
        return;
      default:
        return;
    }
  };

  function toggleInsertMenu() {
    if (isInsertOpen) {
      setIsInsertOpen(false);
      return;
    }
    setInsertQuery('');
    setInsertActive(0);
    setIsInsertOpen(true);
    requestAnimationFrame(() => insertSearchRef.current?.focus());
  }

  function handleInsertSearchKey(event: KeyboardEvent<HTMLInputElement>) {
    const used = handleMenuKey(
      event.key,
      { activeIndex: insertActive, count: insertItems.length },
      {
        move: setInsertActive,
        choose: () => {
          const item = insertItems[insertActive];
          if (item) chooseRef.current(item);
        },
        close: () => {
          setIsInsertOpen(false);
          insertButtonRef.current?.focus();
        },
      },
    );
    if (used) {
      event.preventDefault();
      event.stopPropagation();
    }
  }

  // Where the slash menu stands: under the caret, inside the editor's box.
  const slashPosition = (() => {
    if (!slash?.rect || !rootRef.current) return undefined;
    const box = rootRef.current.getBoundingClientRect();
    const width = Math.min(320, box.width - 16);
    const left = Math.max(8, Math.min(slash.rect.left - box.left, box.width - width - 8));
    return { top: slash.rect.bottom - box.top + 6, left, width };
  })();

  return (
    <NodeViewActionsContext.Provider value={nodeActions}>
      <div className="rte" ref={rootRef}>
        {editor ? (
          // The bars stick together: the table bar sits under the toolbar while in a table.
          <div className="rte-bars">
            <Toolbar
              editor={editor}
              onLink={() => openLinkRef.current()}
              onInsert={toggleInsertMenu}
              isInsertOpen={isInsertOpen}
              insertButtonRef={insertButtonRef}
              insertMenuId={`${menuId}-insert`}
            />
            <TableToolbar editor={editor} />
          </div>
        ) : (
          <div className="rte-toolbar rte-toolbar--loading" aria-hidden="true" />
        )}
        {isInsertOpen ? (
          <div
            className="rte-insert-popover"
            role="dialog"
            aria-label={t('postEditor.slash.label')}
            onBlur={(event) => {
              if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
                setIsInsertOpen(false);
              }
            }}
          >
            <input
              ref={insertSearchRef}
              className="rte-insert-popover__search"
              type="search"
              role="combobox"
              aria-expanded="true"
              aria-controls={`${menuId}-insert`}
              aria-autocomplete="list"
              aria-activedescendant={
                insertItems[insertActive]
                  ? optionId(`${menuId}-insert`, insertItems[insertActive]!.id)
                  : undefined
              }
              aria-label={t('postEditor.slash.label')}
              placeholder={t('postEditor.slash.label')}
              value={insertQuery}
              onChange={(event) => {
                setInsertQuery(event.target.value);
                setInsertActive(0);
              }}
              onKeyDown={handleInsertSearchKey}
            />
            <InsertMenu
              id={`${menuId}-insert`}
              label={t('postEditor.slash.label')}
              items={insertItems}
              activeIndex={insertActive}
              onActiveChange={setInsertActive}
              onChoose={(item) => chooseRef.current(item)}
              query={insertQuery}
            />
          </div>
        ) : null}
        <div className="rte-surface">
          <EditorContent editor={editor} />
          {!editor ? <div className="rte-content rte-content--loading" /> : null}
        </div>
        {slash && slashPosition ? (
          <div className="rte-slash" style={slashPosition}>
            <SlashActiveDescendant
              editor={editor}
              descendant={
                slashItems[slashActive]
                  ? optionId(`${menuId}-slash`, slashItems[slashActive]!.id)
                  : undefined
              }
              controls={`${menuId}-slash`}
            />
            <InsertMenu
              id={`${menuId}-slash`}
              label={t('postEditor.slash.label')}
              items={slashItems}
              activeIndex={slashActive}
              onActiveChange={setSlashActive}
              onChoose={(item) => chooseRef.current(item, slash.range)}
              query={slash.query}
            />
          </div>
        ) : null}
        {notice ? (
          <div
            className={`rte-notice${notice.isError ? ' rte-notice--error' : ''}`}
            role={notice.isError ? 'alert' : 'status'}
          >
            <span>{notice.message}</span>
            <button
              type="button"
              className="rte-icon-button"
              aria-label={t('postEditor.upload.dismiss')}
              onClick={() => {
                setNotice(null);
                editor?.commands.focus();
              }}
            >
              <span aria-hidden="true">×</span>
            </button>
          </div>
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
            if (pending) void runUpload(pending.item, files, pending.point);
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
  );
}

/** Types whose data a dialog edits. */
const editableTypes = new Set<NodeViewType>([
  'IMAGE',
  'GALLERY',
  'FILE',
  'AUDIO',
  'POLL',
  'BUTTON',
  'MAP',
  'HTML',
  'LINK_PREVIEW',
  'VIDEO',
]);

function isEditableData(type: NodeViewType, data: unknown): boolean {
  const record = (data ?? {}) as Record<string, { src?: { id?: string } } | string | undefined>;
  if (type === 'BUTTON') return record.type === 'LINK';
  // Uploaded videos are files of ours: only a linked video has a link to edit.
  if (type === 'VIDEO') return typeof record.video === 'object' && !record.video.src?.id;
  return true;
}

/**
 * While the slash menu is open, the editing area points at its active option, so a screen
 * reader follows the arrow keys although focus stays in the text.
 */
function SlashActiveDescendant({
  editor,
  descendant,
  controls,
}: {
  editor: Editor | null;
  descendant: string | undefined;
  controls: string;
}) {
  const element = editor?.view.dom;
  useEffect(() => {
    if (!element) return;
    if (descendant) element.setAttribute('aria-activedescendant', descendant);
    else element.removeAttribute('aria-activedescendant');
    element.setAttribute('aria-controls', controls);
    return () => {
      element.removeAttribute('aria-activedescendant');
      element.removeAttribute('aria-controls');
    };
  }, [element, descendant, controls]);
  return null;
}
