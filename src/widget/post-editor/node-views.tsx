/**
 * How media, embeds and interactive blocks look inside the editor (issue 4 "Writing"): the
 * reader's own renderers (`rich-content/render`) show the block as it will be published, under a
 * frame that selects it on click, with "Edit" (for the blocks whose data a dialog edits) and
 * "Remove". Image, video, GIF and audio keep their caption editable as text. Interactive parts of
 * the preview (players, links, the lightbox, poll inputs) are inert here: a click selects.
 */
import type { Node as PmNode } from '@tiptap/pm/model';
import {
  NodeViewContent,
  type NodeViewProps,
  NodeViewWrapper,
  ReactNodeViewRenderer,
} from '@tiptap/react';
import { createContext, type ReactNode, useContext } from 'react';
import type { RichNode } from '../../rich-content/document';
import { EDITOR_NODES } from '../../rich-content/editor/extensions';
import { useTranslation } from '../../rich-content/i18n';
import { PREVIEW_NODE_TYPES, type PreviewNodeType } from '../../rich-content/nodes/editor-registry';
import type { GalleryData } from '../../rich-content/nodes/gallery/schema';
import type { ImageData } from '../../rich-content/nodes/image/schema';
import { rendererOf } from '../../rich-content/nodes/render-registry';
import { ALT_PROMPT_CLASS, GalleryAltPrompt, ImageAltPrompt } from './alt-prompt';

/**
 * Model types that have a node view, and whether they hold an editable caption: the node types
 * the editor registry shows as previews (`rich-content/nodes/editor-registry.ts`).
 */
export const NODE_VIEW_TYPES = PREVIEW_NODE_TYPES;

export type NodeViewType = PreviewNodeType;

/** What the node views ask of the editor around them. */
export interface NodeViewActions {
  /** Whether the block's data has an edit dialog. */
  canEdit(type: NodeViewType, data: unknown): boolean;
  /** Opens the edit dialog of the block at `pos`. */
  edit(type: NodeViewType, pos: number, data: unknown): void;
}

/** Provided by the editor; node views render inside it (TipTap portals keep React context). */
export const NodeViewActionsContext = createContext<NodeViewActions>({
  canEdit: () => false,
  edit: () => {},
});

/** The data attribute of a node view's type (every one of them has a data block). */
export const dataKeyOf = (type: NodeViewType): string => EDITOR_NODES[type].dataKey as string;

/** The model node an editor node stands for, enough for its renderer. */
function modelNode(type: NodeViewType, node: PmNode, caption: boolean): RichNode {
  const dataKey = dataKeyOf(type);
  return {
    type,
    id: String(node.attrs.id ?? ''),
    nodes: caption ? [{ type: 'CAPTION', id: '', nodes: [] }] : [],
    [dataKey]: editorPreviewData(type, node.attrs[dataKey]),
  } as unknown as RichNode;
}

/**
 * The data a block is previewed with while writing. A PDF shows as its card only: Chrome's PDF
 * viewer takes the keyboard focus when it loads, and the writer's next keys would go into it.
 */
function editorPreviewData(type: NodeViewType, data: unknown): unknown {
  if (type !== 'FILE' || typeof data !== 'object' || data === null) return data;
  const file = data as { pdfSettings?: Record<string, unknown> };
  return { ...file, pdfSettings: { ...file.pdfSettings, viewMode: 'NONE' } };
}

/** The readable name of a block, for its Edit and Remove buttons. */
function nameOf(type: NodeViewType, t: (key: string) => string): string {
  const id =
    {
      IMAGE: 'image',
      VIDEO: 'videoUpload',
      GIF: 'gif',
      AUDIO: 'audio',
      GALLERY: 'gallery',
      FILE: 'file',
      HTML: 'html',
      LINK_PREVIEW: 'linkPreview',
      MAP: 'map',
      POLL: 'poll',
      APP_EMBED: 'linkPreview',
      BUTTON: 'button',
      EMBED: 'html',
      DIVIDER: 'divider',
    }[type] ?? 'html';
  return t(`postEditor.insert.${id}.label`);
}

/** The alt-text prompt of an IMAGE or a GALLERY (issue 23), or nothing for other blocks. */
function altPromptOf(props: NodeViewProps & { type: NodeViewType }): ReactNode {
  const { type, node, editor, updateAttributes } = props;
  const dataKey = dataKeyOf(type);
  const data = node.attrs[dataKey];
  if (!data) return null;
  const nodeId = String(node.attrs.id ?? '');
  const save = (next: unknown) => updateAttributes({ [dataKey]: next });
  if (type === 'IMAGE') {
    return <ImageAltPrompt editor={editor} nodeId={nodeId} data={data as ImageData} save={save} />;
  }
  if (type === 'GALLERY' && Array.isArray((data as GalleryData).items)) {
    return (
      <GalleryAltPrompt editor={editor} nodeId={nodeId} data={data as GalleryData} save={save} />
    );
  }
  return null;
}

function BlockView(props: NodeViewProps & { type: NodeViewType }) {
  const { type, node, selected, deleteNode, getPos, editor } = props;
  const { t } = useTranslation();
  const actions = useContext(NodeViewActionsContext);
  const hasCaption = NODE_VIEW_TYPES[type] && node.childCount > 0;
  const data = node.attrs[dataKeyOf(type)];
  const caption = hasCaption ? (
    // The CAPTION node renders its own figcaption inside this hole.
    <NodeViewContent className="rte-caption" />
  ) : null;
  const renderer = rendererOf(type);
  let preview: ReactNode = null;
  try {
    preview = renderer(modelNode(type, node, hasCaption), caption, {});
  } catch {
    // Data the renderer cannot show (an older document): the card below stands in.
    preview = null;
  }
  const name = nameOf(type, t);
  const isEditable = editor.isEditable;
  return (
    <NodeViewWrapper
      className={`rte-block rte-block--${type.toLowerCase()}${selected ? ' rte-block--selected' : ''}`}
      data-rte-block={type}
    >
      <div className="rte-block__preview rich-content" data-drag-handle="">
        {preview ?? (
          <div className="rte-block__card">
            <span className={`rte-icon rte-icon--${type.toLowerCase()}`} aria-hidden="true" />
            <span>{name}</span>
          </div>
        )}
        {/* A caption must stay in the document even when the renderer shows nothing. */}
        {preview === null && hasCaption ? caption : null}
      </div>
      {editor.isEditable ? altPromptOf(props) : null}
      {isEditable ? (
        <div className="rte-block__bar" contentEditable={false}>
          {actions.canEdit(type, data) ? (
            <button
              type="button"
              className="rte-chip"
              aria-label={t('postEditor.node.editNamed', { name })}
              onClick={() => {
                const pos = getPos();
                if (typeof pos === 'number') actions.edit(type, pos, data);
              }}
            >
              {t('postEditor.node.edit')}
            </button>
          ) : null}
          <button
            type="button"
            className="rte-chip"
            aria-label={t('postEditor.node.removeNamed', { name })}
            onClick={() => {
              deleteNode();
              editor.commands.focus();
            }}
          >
            {t('postEditor.node.remove')}
          </button>
        </div>
      ) : null}
    </NodeViewWrapper>
  );
}

/** Node views by editor node name. */
const VIEW_TYPE_BY_NAME = new Map<string, NodeViewType>(
  (Object.keys(NODE_VIEW_TYPES) as NodeViewType[]).map((type) => [EDITOR_NODES[type].name, type]),
);

function AnyBlockView(props: NodeViewProps) {
  const type = VIEW_TYPE_BY_NAME.get(props.node.type.name);
  return type ? <BlockView {...props} type={type} /> : <NodeViewWrapper />;
}

/** The node view of the media, embed and interactive nodes, for `extend({ addNodeView })`. */
export function blockNodeView() {
  return ReactNodeViewRenderer(AnyBlockView, {
    // The Edit and Remove buttons, and the alt-text prompt's fields, take their own clicks and keys.
    stopEvent: ({ event }) =>
      event.target instanceof Element &&
      event.target.closest(`.rte-block__bar, .${ALT_PROMPT_CLASS}`) !== null,
  });
}
