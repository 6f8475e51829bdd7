/**
 * What the writer can insert (issue 4 "Writing"): the list behind the slash menu and the
 * toolbar's Insert button, its filtering, and the builders that turn a dialog's answers into
 * rich-content nodes (SPEC §3). The builders return model nodes, not editor JSON, so that each
 * one is checked against `parseDocument` in the tests and enters the editor through the same
 * `toEditorJson` as a saved post.
 */
import {
  audioDataOf,
  fileDataOf,
  gifDataOf,
  imageDataOf,
  type UploadedMedia,
  type UploadKind,
  videoDataOf,
} from '../../domain/media-upload';
import {
  type AudioData,
  type BlockNode,
  type CaptionNode,
  collapsibleList,
  divider,
  type FileData,
  layout,
  type PDF_VIEW_MODES,
  paragraph,
  type TableCellNode,
  type TableNode,
  type TableRowNode,
} from '../../rich-content/document';
import {
  type GalleryForm,
  galleryForm,
  withGalleryForm,
} from '../../rich-content/nodes/gallery/editor';
import {
  DEFAULT_POLL_SETTINGS,
  type PollSettingsForm,
  pollSettingsForm,
} from '../../rich-content/nodes/poll/editor';
import { completeUrl, parseDecimal } from './editor-validation';

/** The gallery's and the poll's dialog forms live with their nodes. */
export {
  DEFAULT_POLL_SETTINGS,
  type GalleryForm,
  galleryForm,
  type PollSettingsForm,
  pollSettingsForm,
  withGalleryForm,
};

/** How an insert is carried out once chosen. */
export type InsertAction =
  /** A text block made from the current line with an editor command. */
  | { kind: 'command' }
  /** A block inserted at once with a sensible starting structure. */
  | { kind: 'block' }
  /** A small dialog asks for the block's data first. */
  | { kind: 'dialog' }
  /** A file picker, then `upload` of each chosen file. */
  | { kind: 'upload'; uploadKind: UploadKind; multiple: boolean };

/** Groups of the insert menu, in the order they are shown. */
export const INSERT_GROUPS = ['text', 'media', 'embed', 'structure', 'interactive'] as const;
export type InsertGroup = (typeof INSERT_GROUPS)[number];

/** One insertable block. Its label and description are `postEditor.insert.<id>.*` messages. */
export interface InsertItem {
  id: InsertItemId;
  group: InsertGroup;
  /** Extra words a writer may type to find it (English; labels are matched in any language). */
  keywords: readonly string[];
  action: InsertAction;
}

const command = { kind: 'command' } as const;
const block = { kind: 'block' } as const;
const dialog = { kind: 'dialog' } as const;
const upload = (uploadKind: UploadKind, multiple = false) =>
  ({ kind: 'upload', uploadKind, multiple }) as const;

/** Every block a writer can insert, in menu order. */
export const INSERT_ITEMS = [
  { id: 'heading1', group: 'text', keywords: ['h1', 'title', 'heading'], action: command },
  { id: 'heading2', group: 'text', keywords: ['h2', 'subtitle', 'heading'], action: command },
  { id: 'heading3', group: 'text', keywords: ['h3', 'heading'], action: command },
  { id: 'bulletedList', group: 'text', keywords: ['ul', 'bullet', 'unordered'], action: command },
  { id: 'orderedList', group: 'text', keywords: ['ol', 'numbered', '1.'], action: command },
  { id: 'quote', group: 'text', keywords: ['blockquote', 'citation'], action: command },
  { id: 'codeBlock', group: 'text', keywords: ['code', 'pre', 'snippet'], action: command },
  { id: 'divider', group: 'text', keywords: ['hr', 'line', 'separator', 'rule'], action: block },
  { id: 'image', group: 'media', keywords: ['picture', 'photo', 'img'], action: upload('image') },
  {
    id: 'gallery',
    group: 'media',
    keywords: ['images', 'photos', 'album', 'slideshow'],
    action: upload('image', true),
  },
  {
    id: 'videoUpload',
    group: 'media',
    keywords: ['movie', 'mp4', 'clip'],
    action: upload('video'),
  },
  { id: 'videoLink', group: 'media', keywords: ['youtube', 'vimeo', 'movie'], action: dialog },
  {
    id: 'audio',
    group: 'media',
    keywords: ['sound', 'music', 'podcast', 'mp3'],
    action: upload('audio'),
  },
  {
    id: 'file',
    group: 'media',
    keywords: ['pdf', 'document', 'attachment', 'download'],
    action: upload('file'),
  },
  { id: 'gif', group: 'media', keywords: ['animation', 'animated'], action: upload('gif') },
  { id: 'html', group: 'embed', keywords: ['embed', 'iframe', 'code', 'widget'], action: dialog },
  {
    id: 'linkPreview',
    group: 'embed',
    keywords: ['link', 'url', 'card', 'bookmark'],
    action: dialog,
  },
  { id: 'map', group: 'embed', keywords: ['location', 'address', 'place'], action: dialog },
  {
    id: 'table',
    group: 'structure',
    keywords: ['grid', 'rows', 'columns', 'spreadsheet'],
    action: dialog,
  },
  {
    id: 'collapsibleList',
    group: 'structure',
    keywords: ['accordion', 'faq', 'toggle', 'expand'],
    action: block,
  },
  {
    id: 'layout',
    group: 'structure',
    keywords: ['columns', 'side by side', 'grid'],
    action: block,
  },
  {
    id: 'button',
    group: 'interactive',
    keywords: ['cta', 'call to action', 'link'],
    action: dialog,
  },
  { id: 'poll', group: 'interactive', keywords: ['vote', 'survey', 'question'], action: dialog },
] as const satisfies readonly {
  id: string;
  group: InsertGroup;
  keywords: readonly string[];
  action: InsertAction;
}[];

export type InsertItemId = (typeof INSERT_ITEMS)[number]['id'];

/** Lower case without accents, so `cafe` finds `Café`. */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase()
    .trim();
}

/**
 * The items matching what was typed after `/`, best first: a label that starts with the query,
 * then a label word that does, then a keyword that does, then a label containing it. An empty
 * query gives every item in menu order; ties keep menu order.
 */
export function filterInsertItems<T extends { id: string; keywords: readonly string[] }>(
  items: readonly T[],
  query: string,
  labelOf: (item: T) => string,
): T[] {
  const q = fold(query);
  if (q === '') return [...items];
  const ranked: { item: T; rank: number; index: number }[] = [];
  items.forEach((item, index) => {
    const label = fold(labelOf(item));
    const words = label.split(/[\s-]+/);
    let rank = -1;
    if (label.startsWith(q)) rank = 0;
    else if (words.some((w) => w.startsWith(q))) rank = 1;
    else if (item.keywords.some((k) => fold(k).startsWith(q))) rank = 2;
    else if (label.includes(q) || fold(item.id).startsWith(q)) rank = 3;
    if (rank >= 0) ranked.push({ item, rank, index });
  });
  return ranked.sort((a, b) => a.rank - b.rank || a.index - b.index).map((r) => r.item);
}

// ---- Builders ----------------------------------------------------------------------------------

let counter = 0;
/** A node id unlikely to repeat in one document (pasted copies are re-identified by the editor). */
export function newNodeId(): string {
  counter = (counter + 1) % 1_000_000;
  return `e${Date.now().toString(36)}${counter.toString(36)}`;
}

const emptyCaption = (): CaptionNode => ({ type: 'CAPTION', id: newNodeId(), nodes: [] });

/** An IMAGE of an uploaded picture, with an empty caption for the writer to fill in. */
export function uploadedImageNode(upload: UploadedMedia, altText = ''): BlockNode {
  return {
    type: 'IMAGE',
    id: newNodeId(),
    nodes: [emptyCaption()],
    imageData: imageDataOf(upload, altText),
  };
}

/**
 * A GALLERY of uploaded pictures (SPEC §9 default layout). No captions: a caption is what the
 * writer writes, never the file's name (issue 23); the editor asks for each picture's description.
 */
export function uploadedGalleryNode(uploads: readonly UploadedMedia[]): BlockNode {
  return {
    type: 'GALLERY',
    id: newNodeId(),
    nodes: [],
    galleryData: {
      items: uploads.map((upload) => ({ image: { media: imageDataOf(upload).image } })),
      options: { layout: { type: 'COLLAGE', orientation: 'ROWS' } },
    },
  };
}

/** The node an upload of one file becomes: IMAGE, GIF, VIDEO, AUDIO or FILE. */
export function uploadedNode(upload: UploadedMedia): BlockNode {
  switch (upload.kind) {
    case 'image':
      return uploadedImageNode(upload);
    case 'gif':
      return { type: 'GIF', id: newNodeId(), nodes: [emptyCaption()], gifData: gifDataOf(upload) };
    case 'video':
      return {
        type: 'VIDEO',
        id: newNodeId(),
        nodes: [emptyCaption()],
        videoData: videoDataOf(upload),
      };
    case 'audio':
      return {
        type: 'AUDIO',
        id: newNodeId(),
        nodes: [emptyCaption()],
        audioData: audioDataOf(upload),
      };
    case 'file':
      return { type: 'FILE', id: newNodeId(), nodes: [], fileData: fileDataOf(upload) };
  }
}

/** A DIVIDER: one large single line (the model's default). */
export function dividerNode(): BlockNode {
  return { ...divider(), id: newNodeId() };
}

/** A VIDEO from a link (YouTube, Vimeo, a video file). */
export function videoLinkNode(url: string): BlockNode {
  return {
    type: 'VIDEO',
    id: newNodeId(),
    nodes: [emptyCaption()],
    videoData: { video: { src: { url: completeUrl(url) } } },
  };
}

/** What the link preview dialog knows of a page (read from it, or typed by the writer). */
export interface LinkPreviewDetails {
  title?: string;
  description?: string;
  thumbnailUrl?: string;
  /** The site's own name: the title of last resort (the model keeps no site name). */
  siteName?: string;
}

/** The host of an address without `www.`, or the address itself when it has none. */
export function hostOf(href: string): string {
  try {
    return new URL(href).hostname.replace(/^www\./, '');
  } catch {
    // completeUrl gave something URL cannot parse; validation normally stops this earlier.
    return href;
  }
}

/**
 * A LINK_PREVIEW card of a page: the title, description and image the page gave (or the writer
 * typed); without a title, the site's name, else the page's host.
 */
export function linkPreviewNode(url: string, details: LinkPreviewDetails = {}): BlockNode {
  const href = completeUrl(url);
  const text = (value: string | undefined) => value?.trim() || undefined;
  const description = text(details.description);
  const thumbnailUrl = text(details.thumbnailUrl);
  return {
    type: 'LINK_PREVIEW',
    id: newNodeId(),
    nodes: [],
    linkPreviewData: {
      link: { url: href, target: 'BLANK', rel: { noreferrer: true } },
      title: text(details.title) ?? text(details.siteName) ?? hostOf(href),
      ...(description && { description }),
      ...(thumbnailUrl && { thumbnailUrl: completeUrl(thumbnailUrl) }),
    },
  };
}

/** An HTML embed of markup or of a page's address; the renderer shows it in a sandbox only. */
export function htmlNode(form: { mode: 'html' | 'url'; html: string; url: string }): BlockNode {
  const htmlData =
    form.mode === 'url'
      ? { url: completeUrl(form.url), source: 'HTML' as const }
      : { html: form.html.trim(), source: 'HTML' as const, autoHeight: true };
  return { type: 'HTML', id: newNodeId(), nodes: [], htmlData };
}

/** A link BUTTON. */
export function buttonNode(form: { text: string; url: string; openInNewTab: boolean }): BlockNode {
  return {
    type: 'BUTTON',
    id: newNodeId(),
    nodes: [],
    buttonData: {
      type: 'LINK',
      text: form.text.trim(),
      link: {
        url: completeUrl(form.url),
        target: form.openInNewTab ? 'BLANK' : 'SELF',
        ...(form.openInNewTab && { rel: { noreferrer: true } }),
      },
    },
  };
}

/** A MAP with a marker at the coordinates, labelled with the address. */
export function mapNode(form: { address: string; lat: string; lng: string }): BlockNode {
  const address = form.address.trim();
  return {
    type: 'MAP',
    id: newNodeId(),
    nodes: [],
    mapData: {
      mapSettings: {
        address,
        locationName: address,
        lat: parseDecimal(form.lat) ?? 0,
        lng: parseDecimal(form.lng) ?? 0,
        marker: true,
        zoomControl: true,
        draggable: true,
        initialZoom: 14,
        mapType: 'ROADMAP',
      },
    },
  };
}

/** A POLL with its question and answers (SPEC §9 default permissions and layout). */
export function pollNode(form: {
  title: string;
  options: readonly string[];
  settings?: PollSettingsForm;
}): BlockNode {
  const settings = form.settings ?? DEFAULT_POLL_SETTINGS;
  return {
    type: 'POLL',
    id: newNodeId(),
    nodes: [],
    pollData: {
      poll: {
        id: newNodeId(),
        title: form.title.trim(),
        options: form.options.map((title) => ({ id: newNodeId(), title: title.trim() })),
        settings: {
          permissions: {
            view: settings.view,
            vote: settings.vote,
            allowMultipleVotes: settings.allowMultipleVotes,
          },
          showVotesCount: settings.showVotesCount,
          showVoters: settings.showVoters,
        },
      },
      layout: { poll: { type: 'LIST', direction: 'LTR' } },
    },
  };
}

/** A TABLE of empty cells, the first row a header row. */
export function tableNode(rows: number, columns: number): TableNode {
  const cell = (): TableCellNode => ({
    type: 'TABLE_CELL',
    id: newNodeId(),
    nodes: [{ ...paragraph(), id: newNodeId() }],
  });
  return {
    type: 'TABLE',
    id: newNodeId(),
    nodes: Array.from(
      { length: rows },
      (): TableRowNode => ({
        type: 'TABLE_ROW',
        id: newNodeId(),
        nodes: Array.from({ length: columns }, cell),
      }),
    ),
    tableData: {
      dimensions: {
        colsWidthRatio: Array.from({ length: columns }, () => 1),
        rowsHeight: Array.from({ length: rows }, () => 47),
        colsMinWidth: Array.from({ length: columns }, () => 120),
      },
      rowHeader: true,
    },
  };
}

/** A COLLAPSIBLE_LIST of two items with the given titles and empty bodies, the first open. */
export function collapsibleListNode(titles: readonly string[]): BlockNode {
  return collapsibleList(titles.map((title) => ({ title, body: [paragraph()] })));
}

/** A LAYOUT of two equal columns, each with an empty paragraph. */
export function layoutNode(): BlockNode {
  return layout([
    { colSpan: 6, nodes: [paragraph()] },
    { colSpan: 6, nodes: [paragraph()] },
  ]);
}

/** What the file dialog edits: the name readers see, and for PDFs how they are shown. */
export interface FileForm {
  name: string;
  viewMode: (typeof PDF_VIEW_MODES)[number];
  disableDownload: boolean;
  disablePrint: boolean;
}

/** Whether a file is a PDF (only PDFs have a view mode and print). */
export function isPdfFile(data: FileData): boolean {
  return (
    data.type?.toLowerCase() === 'pdf' ||
    data.mimeType === 'application/pdf' ||
    /\.pdf$/i.test(data.name ?? '')
  );
}

export function fileForm(data: FileData): FileForm {
  return {
    name: data.name ?? '',
    viewMode: data.pdfSettings?.viewMode ?? 'NONE',
    disableDownload: data.pdfSettings?.disableDownload === true,
    disablePrint: data.pdfSettings?.disablePrint === true,
  };
}

export function withFileForm(data: FileData, form: FileForm): FileData {
  return {
    ...data,
    name: form.name.trim(),
    pdfSettings: {
      ...data.pdfSettings,
      viewMode: isPdfFile(data) ? form.viewMode : 'NONE',
      disableDownload: form.disableDownload || undefined,
      disablePrint: isPdfFile(data) ? form.disablePrint || undefined : undefined,
    },
  };
}

/** What the audio dialog edits: the track's name and author, and whether it may be downloaded. */
export interface AudioForm {
  name: string;
  authorName: string;
  disableDownload: boolean;
}

export function audioForm(data: AudioData): AudioForm {
  return {
    name: data.name ?? '',
    authorName: data.authorName ?? '',
    disableDownload: data.disableDownload === true,
  };
}

export function withAudioForm(data: AudioData, form: AudioForm): AudioData {
  return {
    ...data,
    name: form.name.trim() || undefined,
    authorName: form.authorName.trim() || undefined,
    disableDownload: form.disableDownload || undefined,
  };
}
