/**
 * The edit dialogs of blocks (issue 4 "Writing"): for each node type whose data a dialog edits,
 * how its data block becomes the dialog's starting values and how the dialog's answer goes back
 * into the block. The rest of the data block is kept: a dialog changes only what it shows.
 */
import type { BlockNode } from '../../rich-content/document';
import { EDITOR_NODES } from '../../rich-content/editor/specs';
import { completeUrl } from './editor-validation';
import {
  audioForm,
  buttonNode,
  fileForm,
  galleryForm,
  htmlNode,
  isPdfFile,
  linkPreviewNode,
  mapNode,
  pollNode,
  pollSettingsForm,
  withAudioForm,
  withFileForm,
  withGalleryForm,
} from './insert-blocks';
import { editorJsonOf } from './insert-commands';
import type { DialogRequest, DialogResults } from './insert-dialogs';
import type { NodeViewType } from './node-views';

/** Opens a dialog; `onResult` gets what it hands back. */
export type OpenDialog = <K extends DialogRequest['kind']>(
  request: Extract<DialogRequest, { kind: K }>,
  onResult: (result: DialogResults[K]) => void,
) => void;

// biome-ignore lint/suspicious/noExplicitAny: each edit below reads its own data block.
type OldData = any;

/** Opens the dialog that edits a block whose data block is `old`; `save` stores the new one. */
type NodeEdit = (old: OldData, open: OpenDialog, save: (next: unknown) => void) => void;

/** The data block of a node, after the model's check. */
function checkedData(node: BlockNode): unknown {
  const json = editorJsonOf(node);
  const dataKey = Object.values(EDITOR_NODES).find((s) => s.name === json.type)?.dataKey;
  return dataKey ? json.attrs?.[dataKey] : undefined;
}

const editImage: NodeEdit = (old, open, save) =>
  open(
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

const editPoll: NodeEdit = (old, open, save) =>
  open(
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

const editButton: NodeEdit = (old, open, save) =>
  open(
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

const editMap: NodeEdit = (old, open, save) =>
  open(
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

const editHtml: NodeEdit = (old, open, save) =>
  open(
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

const editLinkPreview: NodeEdit = (old, open, save) =>
  open(
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

const editVideo: NodeEdit = (old, open, save) =>
  open({ kind: 'videoLink', editing: true, initial: { url: old.video?.src?.url ?? '' } }, (r) =>
    save({
      ...old,
      video: { ...old.video, src: { url: completeUrl(r.url) } },
      thumbnail: undefined,
    }),
  );

/** The blocks whose data a dialog edits, each with its edit. */
export const NODE_EDITS = {
  IMAGE: editImage,
  GALLERY: (old, open, save) =>
    open({ kind: 'gallery', editing: true, initial: galleryForm(old) }, (r) =>
      save(withGalleryForm(old, r)),
    ),
  FILE: (old, open, save) =>
    open({ kind: 'file', editing: true, initial: fileForm(old), isPdf: isPdfFile(old) }, (r) =>
      save(withFileForm(old, r)),
    ),
  AUDIO: (old, open, save) =>
    open({ kind: 'audio', editing: true, initial: audioForm(old) }, (r) =>
      save(withAudioForm(old, r)),
    ),
  POLL: editPoll,
  BUTTON: editButton,
  MAP: editMap,
  HTML: editHtml,
  LINK_PREVIEW: editLinkPreview,
  VIDEO: editVideo,
} as const satisfies Partial<Record<NodeViewType, NodeEdit>>;

const hasEdit = (type: NodeViewType): type is keyof typeof NODE_EDITS => type in NODE_EDITS;

/** Whether a block of this type, with this data, has an edit dialog. */
export function canEditNode(type: NodeViewType, data: unknown): boolean {
  if (!hasEdit(type)) return false;
  const record = (data ?? {}) as Record<string, { src?: { id?: string } } | string | undefined>;
  if (type === 'BUTTON') return record.type === 'LINK';
  // Uploaded videos are files of ours: only a linked video has a link to edit.
  if (type === 'VIDEO') return typeof record.video === 'object' && !record.video.src?.id;
  return true;
}

/** Opens the edit dialog of a block, when its type has one. */
export function editNode(
  type: NodeViewType,
  data: unknown,
  open: OpenDialog,
  save: (next: unknown) => void,
): void {
  if (hasEdit(type)) NODE_EDITS[type](data, open, save);
}
