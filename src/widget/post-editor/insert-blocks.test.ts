import { describe, expect, it } from 'vitest';
import en from '../../../locales/post-editor/en.json';
import type { UploadedMedia } from '../../domain/media-upload';
import {
  AudioDataSchema,
  type BlockNode,
  documentOf,
  FileDataSchema,
  GalleryDataSchema,
  parseDocument,
} from '../../rich-content/document';
import { fromEditorJson, normalizeDocument, toEditorJson } from '../../rich-content/editor/convert';
import { getRichContentSchema } from '../../rich-content/editor/extensions';
import {
  audioForm,
  buttonNode,
  collapsibleListNode,
  DEFAULT_POLL_SETTINGS,
  dividerNode,
  fileForm,
  filterInsertItems,
  galleryForm,
  htmlNode,
  INSERT_ITEMS,
  isPdfFile,
  layoutNode,
  linkPreviewNode,
  mapNode,
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

const labels = en.postEditor.insert as Record<string, { label: string }>;
const labelOf = (item: { id: string }) => labels[item.id]!.label;

function buildUpload(overrides: Partial<UploadedMedia> = {}): UploadedMedia {
  return {
    kind: 'image',
    id: '0b6f7a52-6f8e-4b8e-9a4c-2d1c3f5e7a90',
    url: '/media/0b6f7a52-6f8e-4b8e-9a4c-2d1c3f5e7a90/original.jpg',
    mimeType: 'image/jpeg',
    size: 1234,
    fileName: 'harbour.jpg',
    width: 1600,
    height: 900,
    ...overrides,
  };
}

const NOW = new Date('2026-11-21T12:00:00Z');
type Block = Parameters<typeof documentOf>[0][number];

/** A one-block document through `parseDocument`; fails the test with the path of a problem. */
function parsedDoc(node: Block) {
  const result = parseDocument(documentOf([node], NOW));
  if (!result.ok) throw new Error(`${result.path}: ${result.message}`);
  return result.document;
}

/** Parses a one-block document and puts it through the editor schema and back. */
function roundTrip(node: Block) {
  const parsed = parsedDoc(node);
  const json = getRichContentSchema().nodeFromJSON(toEditorJson(parsed)).toJSON();
  return fromEditorJson(json, parsed);
}

describe('filterInsertItems', () => {
  it('gives every item in menu order for an empty query', () => {
    expect(filterInsertItems(INSERT_ITEMS, '  ', labelOf)).toEqual([...INSERT_ITEMS]);
  });

  it('ranks a label prefix before a keyword match', () => {
    const ids = filterInsertItems(INSERT_ITEMS, 'ta', labelOf).map((i) => i.id);
    expect(ids[0]).toBe('table');
  });

  it('finds items by keyword, case and accents aside', () => {
    expect(filterInsertItems(INSERT_ITEMS, 'YOUTUBE', labelOf).map((i) => i.id)).toEqual([
      'videoLink',
    ]);
    expect(filterInsertItems(INSERT_ITEMS, 'Àccordion', labelOf).map((i) => i.id)).toEqual([
      'collapsibleList',
    ]);
  });

  it('finds nothing for words no item has', () => {
    expect(filterInsertItems(INSERT_ITEMS, 'zzzz', labelOf)).toEqual([]);
  });

  it('has a label and a description for every item', () => {
    for (const item of INSERT_ITEMS) {
      expect(labels[item.id]?.label, item.id).toBeTruthy();
      expect((labels[item.id] as { description?: string }).description, item.id).toBeTruthy();
    }
  });
});

describe('insert builders', () => {
  const cases = {
    divider: dividerNode(),
    table: tableNode(3, 4),
    poll: pollNode({ title: ' Best tea? ', options: ['Green', 'Black', 'Oolong'] }),
    openPoll: pollNode({
      title: 'Where next?',
      options: ['North', 'South'],
      settings: {
        vote: 'ALL',
        view: 'VOTERS',
        allowMultipleVotes: true,
        showVotesCount: false,
        showVoters: true,
      },
    }),
    map: mapNode({ address: 'Harbour St 1', lat: '-33,8688', lng: '151.2093' }),
    button: buttonNode({ text: 'Subscribe', url: 'example.com/join', openInNewTab: true }),
    htmlMarkup: htmlNode({ mode: 'html', html: '<b>hi</b>', url: '' }),
    htmlUrl: htmlNode({ mode: 'url', html: '', url: 'https://example.com/widget' }),
    linkPreview: linkPreviewNode('www.example.com/story'),
    videoLink: videoLinkNode('https://youtu.be/dQw4w9WgXcQ'),
    collapsible: collapsibleListNode(['First', 'Second']),
    layout: layoutNode(),
    image: uploadedNode(buildUpload()),
    gif: uploadedNode(buildUpload({ kind: 'gif', mimeType: 'image/gif', fileName: 'a.gif' })),
    video: uploadedNode(buildUpload({ kind: 'video', mimeType: 'video/mp4', fileName: 'a.mp4' })),
    audio: uploadedNode(buildUpload({ kind: 'audio', mimeType: 'audio/mpeg', fileName: 'a.mp3' })),
    file: uploadedNode(
      buildUpload({ kind: 'file', mimeType: 'application/pdf', fileName: 'a.pdf' }),
    ),
    gallery: uploadedGalleryNode([buildUpload(), buildUpload({ fileName: 'b.png' })]),
  };

  for (const [name, node] of Object.entries(cases)) {
    it(`${name} makes a valid document that survives the editor`, () => {
      const doc = parsedDoc(node);
      expect(doc.nodes[0]!.type).toBe(node.type);
      expect(roundTrip(node)).toEqual(normalizeDocument(doc));
    });
  }

  it('gives an uploaded gallery no captions: never the file names (issue 23)', () => {
    const parsed = parsedDoc(cases.gallery).nodes[0];
    const items = parsed?.type === 'GALLERY' ? parsed.galleryData.items : [];
    expect(items).toHaveLength(2);
    for (const item of items) {
      expect(item.title).toBeUndefined();
      expect(item.altText).toBeUndefined();
    }
  });

  it('gives polls the SPEC defaults, or the settings the writer chose', () => {
    const settingsOf = (node: BlockNode) => {
      const parsed = parsedDoc(node).nodes[0];
      return parsed?.type === 'POLL' ? parsed.pollData.poll.settings : undefined;
    };
    expect(settingsOf(cases.poll)).toEqual({
      permissions: { view: 'CREATOR', vote: 'SITE_MEMBERS', allowMultipleVotes: false },
      showVotesCount: true,
      showVoters: false,
    });
    expect(settingsOf(cases.openPoll)).toEqual({
      permissions: { view: 'VOTERS', vote: 'ALL', allowMultipleVotes: true },
      showVotesCount: false,
      showVoters: true,
    });
    // The dialog reads stored settings back, defaults where nothing is stored.
    expect(pollSettingsForm(settingsOf(cases.openPoll))).toEqual({
      vote: 'ALL',
      view: 'VOTERS',
      allowMultipleVotes: true,
      showVotesCount: false,
      showVoters: true,
    });
    expect(pollSettingsForm(undefined)).toEqual(DEFAULT_POLL_SETTINGS);
    expect(pollSettingsForm({ permissions: { view: 'NOPE', vote: 'NOPE' } })).toEqual(
      DEFAULT_POLL_SETTINGS,
    );
  });

  it('keeps what the dialogs asked for', () => {
    const poll = parsedDoc(cases.poll).nodes[0];
    expect(poll?.type === 'POLL' && poll.pollData.poll.options.map((o) => o.title)).toEqual([
      'Green',
      'Black',
      'Oolong',
    ]);
    const map = cases.map;
    expect(
      map.type === 'MAP' && [map.mapData.mapSettings.lat, map.mapData.mapSettings.lng],
    ).toEqual([-33.8688, 151.2093]);
    const button = cases.button;
    expect(button.type === 'BUTTON' && button.buttonData.link).toMatchObject({
      url: 'https://example.com/join',
      target: 'BLANK',
    });
    const table = cases.table;
    expect(table.nodes).toHaveLength(3);
    expect(table.nodes.every((row) => row.nodes.length === 4)).toBe(true);
    const ids = new Set(Object.values(cases).map((n) => n.id));
    expect(ids.size).toBe(Object.keys(cases).length);
  });
});

describe('editing a gallery or a file', () => {
  const gallery = GalleryDataSchema.parse({
    items: [{ image: { media: { src: { id: 'a' }, width: 10, height: 10 } } }],
    options: { item: { targetSize: 300 } },
  });

  it('reads a stored gallery into the dialog with the defaults, and writes the choices back', () => {
    const form = galleryForm(gallery);
    expect(form).toEqual({
      layout: 'COLLAGE',
      columns: '3',
      spacing: '10',
      crop: 'FILL',
      thumbnails: 'BOTTOM',
      disableExpand: false,
      disableDownload: false,
    });
    const edited = withGalleryForm(gallery, {
      ...form,
      layout: 'THUMBNAIL',
      columns: '4',
      spacing: '0',
      crop: 'FIT',
      thumbnails: 'LEFT',
      disableExpand: true,
    });
    // What the dialog does not show stays; the result is a valid data block.
    expect(GalleryDataSchema.parse(edited)).toMatchObject({
      items: gallery.items,
      options: {
        layout: { type: 'THUMBNAIL', numberOfColumns: 4 },
        item: { targetSize: 300, spacing: 0, crop: 'FIT' },
        thumbnails: { placement: 'LEFT' },
      },
      disableExpand: true,
    });
    expect(edited.disableDownload).toBeUndefined();
    expect(galleryForm(edited)).toMatchObject({ layout: 'THUMBNAIL', columns: '4', crop: 'FIT' });
  });

  it('edits a file’s name, and a PDF’s view mode and flags; other files get no view mode', () => {
    const pdf = FileDataSchema.parse({
      src: { url: '/media/x/original.pdf' },
      name: 'a.pdf',
      type: 'pdf',
    });
    const zip = FileDataSchema.parse({
      src: { url: '/media/y/original.zip' },
      name: 'b.zip',
      type: 'zip',
    });
    expect(isPdfFile(pdf)).toBe(true);
    expect(isPdfFile(zip)).toBe(false);
    expect(fileForm(pdf)).toEqual({
      name: 'a.pdf',
      viewMode: 'NONE',
      disableDownload: false,
      disablePrint: false,
    });
    const shownPdf = withFileForm(pdf, {
      name: ' Route map.pdf ',
      viewMode: 'FULL',
      disableDownload: true,
      disablePrint: true,
    });
    expect(FileDataSchema.parse(shownPdf)).toMatchObject({
      name: 'Route map.pdf',
      pdfSettings: { viewMode: 'FULL', disableDownload: true, disablePrint: true },
    });
    const editedZip = withFileForm(zip, { ...fileForm(zip), viewMode: 'FULL', disablePrint: true });
    expect(editedZip.pdfSettings).toEqual({ viewMode: 'NONE' });
  });
});

describe('editing an audio track', () => {
  it('reads name, author and the download flag, and writes them back trimmed', () => {
    const audio = AudioDataSchema.parse({ audio: { src: { id: 'a1' } }, name: 'birds' });
    expect(audioForm(audio)).toEqual({ name: 'birds', authorName: '', disableDownload: false });
    const edited = withAudioForm(audio, {
      name: ' Dawn chorus ',
      authorName: ' Field Recordings ',
      disableDownload: true,
    });
    expect(AudioDataSchema.parse(edited)).toMatchObject({
      audio: { src: { id: 'a1' } },
      name: 'Dawn chorus',
      authorName: 'Field Recordings',
      disableDownload: true,
    });
    const cleared = withAudioForm(edited, { name: '', authorName: ' ', disableDownload: false });
    expect([cleared.name, cleared.authorName, cleared.disableDownload]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe('link preview cards', () => {
  it('carry what the page gave, and fall back to the site name, then the host', () => {
    const full = linkPreviewNode('https://www.example.com/story', {
      title: ' Night trains ',
      description: 'Across Europe.',
      thumbnailUrl: 'https://cdn.example.com/t.jpg',
      siteName: 'Example',
    });
    expect(full.type === 'LINK_PREVIEW' && full.linkPreviewData).toMatchObject({
      link: { url: 'https://www.example.com/story', target: 'BLANK' },
      title: 'Night trains',
      description: 'Across Europe.',
      thumbnailUrl: 'https://cdn.example.com/t.jpg',
    });
    const named = linkPreviewNode('example.com/x', { title: ' ', siteName: 'Example Rail' });
    expect(named.type === 'LINK_PREVIEW' && named.linkPreviewData.title).toBe('Example Rail');
    const bare = linkPreviewNode('https://www.example.com/story', { description: '' });
    expect(bare.type === 'LINK_PREVIEW' && bare.linkPreviewData).toEqual({
      link: { url: 'https://www.example.com/story', target: 'BLANK', rel: { noreferrer: true } },
      title: 'example.com',
    });
  });
});
