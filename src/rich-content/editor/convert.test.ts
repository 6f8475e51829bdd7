import type { JSONContent } from '@tiptap/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BlockNode,
  blockquote,
  button,
  caption,
  codeBlock,
  collapsibleList,
  DECORATION_TYPES,
  type Decoration,
  divider,
  documentOf,
  embed,
  gallery,
  heading,
  image,
  layout,
  list,
  listItem,
  NODE_TYPES,
  paragraph,
  parseDocument,
  type RichDocument,
  type RichNode,
  table,
  text,
  video,
} from '../document';
import { documentArbitrary } from '../testing/arbitraries';
import {
  canonicalDecorations,
  EditorContentError,
  fromEditorJson,
  normalizeDocument,
  toEditorJson,
} from './convert';
import { EDITOR_MARKS, EDITOR_NODES, getRichContentSchema } from './extensions';

const schema = getRichContentSchema();

/** A document as stored: through `parseDocument`, like every document the editor opens. */
function stored(input: unknown): RichDocument {
  const result = parseDocument(JSON.parse(JSON.stringify(input)));
  if (!result.ok) throw new Error(`${result.path}: ${result.message}`);
  return result.document;
}

/** The editor JSON after ProseMirror has held it: what `editor.getJSON()` returns. */
function throughProseMirror(json: JSONContent): JSONContent {
  const node = schema.nodeFromJSON(json);
  node.check();
  return node.toJSON() as JSONContent;
}

/** Both round trips: straight back, and through the real ProseMirror schema. */
function expectLossless(doc: RichDocument) {
  const json = toEditorJson(doc);
  expect(fromEditorJson(json, doc)).toEqual(doc);
  expect(fromEditorJson(throughProseMirror(json), doc)).toEqual(doc);
}

function walk(nodes: readonly RichNode[], visit: (node: RichNode) => void) {
  for (const node of nodes) {
    visit(node);
    walk(node.nodes as RichNode[], visit);
  }
}

const media = { id: 'm1', width: 800, height: 600 };
const bold: Decoration = { type: 'BOLD' };
const link = (url: string): Decoration => ({
  type: 'LINK',
  linkData: { link: { url, target: 'BLANK', rel: { nofollow: true } } },
});

/** One example per block type; the others (TEXT, LIST_ITEM, rows, cells, ...) sit inside them. */
const EXAMPLES: Record<BlockNode['type'], unknown> = {
  PARAGRAPH: {
    ...paragraph('plain ', text('bold', [bold]), text(' linked', [link('https://a.example')])),
    style: { paddingTop: '12px', backgroundColor: '#eee' },
    paragraphData: { textStyle: { textAlignment: 'CENTER', lineHeight: '2' }, indentation: 1 },
  },
  HEADING: {
    ...heading(3, text('Title', [{ type: 'ITALIC', italicData: false }])),
    headingData: { level: 3, indentation: 2 },
  },
  BULLETED_LIST: list('bulleted', ['one', listItem('two', list('ordered', ['two.one']))]),
  ORDERED_LIST: {
    ...list('ordered', [
      { type: 'LIST_ITEM', id: 'hi', nodes: [heading(2, 'heading item')] },
      { type: 'LIST_ITEM', id: 'empty-item', nodes: [] },
    ]),
    orderedListData: { start: 5, offset: 1 },
  },
  BLOCKQUOTE: { ...blockquote('quoted'), blockquoteData: { indentation: 1 } },
  CODE_BLOCK: {
    ...codeBlock('const a = 1;\n\nconst b = 2;'),
    nodes: [text('const a = 1;\n'), text('marked', [{ type: 'UNDERLINE' }])],
  },
  VIDEO: { ...video('https://v.example/1.mp4'), nodes: [caption('A film')] },
  DIVIDER: divider('DASHED'),
  FILE: {
    type: 'FILE',
    id: 'f',
    fileData: { src: { id: 'doc.pdf' }, name: 'doc.pdf', pdfSettings: { viewMode: 'MINI' } },
  },
  GALLERY: gallery([media, { ...media, id: 'm2', altText: 'two' }], 'GRID'),
  GIF: {
    type: 'GIF',
    id: 'g',
    nodes: [caption(text('moving', [{ type: 'COLOR', colorData: { foreground: '#f00' } }]))],
    gifData: { original: { gif: 'https://g.example/a.gif' }, gifType: 'STICKER' },
  },
  HTML: { type: 'HTML', id: 'h', htmlData: { html: '<b>hi</b>', source: 'HTML' } },
  IMAGE: {
    ...image(media, { altText: 'alt', link: { url: 'https://i.example', target: 'SELF' } }),
    nodes: [caption('An image')],
    style: { paddingBottom: '4px' },
  },
  LINK_PREVIEW: {
    type: 'LINK_PREVIEW',
    id: 'lp',
    linkPreviewData: { link: { url: 'https://lp.example' }, title: 'Preview' },
  },
  MAP: { type: 'MAP', id: 'map', mapData: { mapSettings: { lat: 1.5, lng: 2, initialZoom: 9 } } },
  POLL: {
    type: 'POLL',
    id: 'poll',
    pollData: { poll: { title: 'Which?', options: [{ id: 'a', title: 'A' }] } },
  },
  APP_EMBED: { type: 'APP_EMBED', id: 'app', appEmbedData: { type: 'EVENT', itemId: 'e1' } },
  BUTTON: button('Go', 'https://b.example'),
  COLLAPSIBLE_LIST: collapsibleList([
    { title: 'Q', body: 'A' },
    { title: 'Empty body', body: [] },
  ]),
  TABLE: {
    ...table([
      ['a', [paragraph('b'), image(media)]],
      ['c', []],
    ]),
    nodes: [
      ...table([['a', 'b']]).nodes,
      {
        type: 'TABLE_ROW',
        id: 'r2',
        nodes: [
          {
            type: 'TABLE_CELL',
            id: 'c2',
            nodes: [],
            tableCellData: { colspan: 2, cellStyle: { verticalAlignment: 'BOTTOM' } },
          },
        ],
      },
      { type: 'TABLE_ROW', id: 'r3', nodes: [] },
    ],
  },
  EMBED: embed({ type: 'rich', html: '<blockquote>tweet</blockquote>', width: 550 }, 'https://x'),
  EXTERNAL: {
    type: 'EXTERNAL',
    id: 'ext',
    nodes: [paragraph('inside a plugin')],
    externalData: { plugin: 'quiz', answers: [1, 2], nested: { ok: true, none: null } },
  },
  AUDIO: {
    type: 'AUDIO',
    id: 'au',
    nodes: [],
    audioData: { audio: { src: { url: 'https://a.example/s.mp3' }, duration: 30 }, name: 'Song' },
  },
  LAYOUT: layout([{ colSpan: 4, nodes: [paragraph('left')] }, { nodes: [] }]),
};

/** Every decoration on its own run, each of them with its data. */
const DECORATION_EXAMPLES: Decoration[] = [
  { type: 'BOLD', fontWeightValue: 300 },
  { type: 'ITALIC', italicData: true },
  { type: 'UNDERLINE', underlineData: false },
  { type: 'SPOILER', spoilerData: { id: 's1' } },
  { type: 'ANCHOR', anchorData: { anchor: 'section-2' } },
  { type: 'MENTION', mentionData: { name: 'Ada', slug: 'ada', id: 'm-1' } },
  link('https://l.example/?q=1'),
  { type: 'COLOR', colorData: { foreground: '#123', background: 'rgba(0,0,0,.5)' } },
  { type: 'FONT_SIZE', fontSizeData: { unit: 'EM', value: 1.5 } },
  { type: 'EXTERNAL', externalData: { plugin: 'glossary', term: 'ProseMirror' } },
];

const kitchenSink = stored({
  ...documentOf(Object.values(EXAMPLES) as BlockNode[], new Date('2024-05-01T00:00:00Z')),
  nodes: [
    ...Object.values(EXAMPLES),
    paragraph(...DECORATION_EXAMPLES.map((d) => text(`${d.type} `, [d]))),
    { type: 'PARAGRAPH', id: 'empty', nodes: [] },
  ],
  metadata: { version: 1, id: 'doc-1' },
  documentStyle: { paragraph: { decorations: [bold], lineHeight: '1.7' } },
});

describe('editor schema', () => {
  it('has a node for every node type but TEXT and a mark for every decoration', () => {
    for (const type of NODE_TYPES) {
      if (type === 'TEXT') continue;
      expect(schema.nodes[EDITOR_NODES[type].name], type).toBeDefined();
    }
    for (const type of DECORATION_TYPES) {
      expect(schema.marks[EDITOR_MARKS[type].name], type).toBeDefined();
    }
  });

  it('makes media atoms and text structure real content', () => {
    expect(schema.nodes.poll!.isAtom).toBe(true);
    expect(schema.nodes.divider!.isAtom).toBe(true);
    expect(schema.nodes.image!.spec.content).toBe('caption?');
    expect(schema.nodes.codeBlock!.isTextblock).toBe(true);
    expect(schema.nodes.tableCell!.spec.content).toBe('block*');
  });
});

describe('toEditorJson / fromEditorJson examples', () => {
  it('the examples hold every node type and every decoration', () => {
    const types = new Set<string>();
    const decorations = new Set<string>();
    walk(kitchenSink.nodes, (node) => {
      types.add(node.type);
      if (node.type === 'TEXT') for (const d of node.textData.decorations) decorations.add(d.type);
    });
    expect([...types].sort()).toEqual([...NODE_TYPES].sort());
    expect([...decorations].sort()).toEqual([...DECORATION_TYPES].sort());
  });

  it.each(Object.keys(EXAMPLES))('%s round-trips with its children, ids and style', (type) => {
    const doc = stored(documentOf([EXAMPLES[type as BlockNode['type']] as BlockNode]));
    expectLossless(normalizeDocument(doc));
  });

  it('round-trips the kitchen sink, metadata and documentStyle included', () => {
    expectLossless(kitchenSink);
    const back = fromEditorJson(toEditorJson(kitchenSink), kitchenSink);
    expect(back.metadata).toEqual({ version: 1, id: 'doc-1' });
    expect(back.documentStyle).toEqual(kitchenSink.documentStyle);
  });

  it('puts ids, style and the data block on the editor node', () => {
    const json = toEditorJson(stored(documentOf([EXAMPLES.IMAGE as BlockNode])));
    const node = json.content![0]!;
    expect(node.type).toBe('image');
    expect(node.attrs).toMatchObject({ id: expect.any(String), style: { paddingBottom: '4px' } });
    expect(node.attrs!.imageData.image.src).toEqual({ id: 'm1' });
    expect(node.content![0]!.type).toBe('caption');
  });

  it.each(DECORATION_EXAMPLES)('$type becomes a mark with its data and comes back', (d) => {
    const doc = stored(documentOf([paragraph(text('x', [d]))]));
    const [run] = toEditorJson(doc).content![0]!.content!;
    const { name, dataKey } = EDITOR_MARKS[d.type];
    expect(run!.marks![0]).toMatchObject({ type: name, attrs: { [dataKey]: expect.anything() } });
    expectLossless(doc);
  });

  it('keeps an undecorated run, a TEXT id and style, and newlines as they are', () => {
    const doc = stored(
      documentOf([
        paragraph(
          'line one\nline two',
          { ...text('styled'), id: 't1', style: { backgroundColor: '#ff0' } },
          text('styled'),
        ),
      ]),
    );
    expect(doc.nodes[0]!.nodes).toHaveLength(3);
    expectLossless(doc);
  });
});

describe('normal form', () => {
  it('orders decorations canonically, whatever order the marks come in', () => {
    const italic: Decoration = { type: 'ITALIC' };
    const size: Decoration = { type: 'FONT_SIZE', fontSizeData: { unit: 'PX', value: 20 } };
    const doc = stored(documentOf([paragraph(text('x', [size, link('https://o'), italic, bold]))]));
    const expected = [bold, italic, link('https://o'), size];
    const back = fromEditorJson(throughProseMirror(toEditorJson(doc)));
    expect(back.nodes[0]!.nodes[0]).toMatchObject({
      textData: { text: 'x', decorations: expected },
    });
  });

  it('keeps one decoration per type: the last, with repeated colours merged', () => {
    expect(
      canonicalDecorations([
        { type: 'BOLD', fontWeightValue: 300 },
        { type: 'COLOR', colorData: { foreground: '#111' } },
        { type: 'BOLD', fontWeightValue: 800 },
        { type: 'COLOR', colorData: { background: '#222' } },
      ]),
    ).toEqual([
      { type: 'BOLD', fontWeightValue: 800 },
      { type: 'COLOR', colorData: { foreground: '#111', background: '#222' } },
    ]);
  });

  it('joins neighbouring runs with the same decorations, drops empty runs, keeps empty blocks', () => {
    const doc = stored(
      documentOf([
        paragraph('a', text('', [bold]), 'b', text('c', [bold]), text('d', [bold])),
        paragraph(),
      ]),
    );
    const normal = normalizeDocument(doc);
    expect(
      normal.nodes[0]!.nodes.map((n) => (n as { textData: { text: string } }).textData.text),
    ).toEqual(['ab', 'cd']);
    expect(normal.nodes[1]!.nodes).toEqual([]);
    expect(fromEditorJson(toEditorJson(doc), doc)).toEqual(normal);
    expectLossless(normal);
  });
});

describe('editor edits come back', () => {
  const open = (node: unknown) => toEditorJson(stored(documentOf([node as BlockNode])));

  it('a heading level set by TipTap wins over the data block', () => {
    const json = open(EXAMPLES.HEADING);
    json.content![0]!.attrs!.level = 5;
    expect(fromEditorJson(json).nodes[0]).toMatchObject({
      headingData: { level: 5, indentation: 2 },
    });
  });

  it('a link made by TipTap from an href alone, and an href edited', () => {
    const json: JSONContent = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'new', marks: [{ type: 'link', attrs: { href: 'https://n' } }] },
          ],
        },
      ],
    };
    expect(fromEditorJson(json).nodes[0]!.nodes[0]).toMatchObject({
      textData: {
        decorations: [{ type: 'LINK', linkData: { link: { url: 'https://n', target: 'SELF' } } }],
      },
    });
    const edited = open(paragraph(text('old', [link('https://old')])));
    edited.content![0]!.content![0]!.marks![0]!.attrs!.href = 'https://edited';
    expect(fromEditorJson(edited).nodes[0]!.nodes[0]).toMatchObject({
      textData: {
        decorations: [
          {
            type: 'LINK',
            linkData: { link: { url: 'https://edited', target: 'BLANK', rel: { nofollow: true } } },
          },
        ],
      },
    });
  });

  it('cell spans set by the table commands land in tableCellData', () => {
    const json = open(table([['a', 'b']]));
    json.content![0]!.content![0]!.content![0]!.attrs!.colspan = 2;
    const back = fromEditorJson(json).nodes[0]!;
    expect(back.nodes[0]!.nodes[0]).toMatchObject({ tableCellData: { colspan: 2 } });
    expect(back.nodes[0]!.nodes[1]).not.toHaveProperty('tableCellData');
  });

  it('a new block from the editor (no id, no data) becomes a valid node', () => {
    const back = fromEditorJson({
      type: 'doc',
      content: [{ type: 'paragraph' }, { type: 'divider' }],
    });
    expect(back.nodes).toEqual([
      { type: 'PARAGRAPH', id: '', nodes: [] },
      { type: 'DIVIDER', id: '', nodes: [], dividerData: { lineStyle: 'SINGLE', width: 'LARGE' } },
    ]);
  });

  it('rejects unknown nodes and marks, and data the model rejects, with a path', () => {
    expect(() => fromEditorJson({ type: 'doc', content: [{ type: 'hardBreak' }] })).toThrow(
      EditorContentError,
    );
    expect(() =>
      fromEditorJson({
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [{ type: 'text', text: 'x', marks: [{ type: 'strike' }] }],
          },
        ],
      }),
    ).toThrow(/nodes\[0\]\.nodes\[0\]/);
    // An image atom inserted without its data block.
    expect(() => fromEditorJson({ type: 'doc', content: [{ type: 'image' }] })).toThrow(
      /nodes\[0\]\.imageData/,
    );
  });
});

describe('property: editor ↔ document is lossless', () => {
  it('the generator reaches every node type and every decoration', () => {
    const types = new Set<string>();
    const decorations = new Set<string>();
    for (const doc of fc.sample(documentArbitrary, { numRuns: 300, seed: 7 })) {
      walk(stored(doc).nodes, (node) => {
        types.add(node.type);
        if (node.type === 'TEXT')
          for (const d of node.textData.decorations) decorations.add(d.type);
      });
    }
    expect([...types].sort()).toEqual([...NODE_TYPES].sort());
    expect([...decorations].sort()).toEqual([...DECORATION_TYPES].sort());
  });

  it('a normalised document comes back deep-equal, straight and through ProseMirror', () => {
    fc.assert(
      fc.property(documentArbitrary, (input) => {
        const doc = normalizeDocument(stored(input));
        const json = toEditorJson(doc);
        expect(fromEditorJson(json, doc)).toEqual(doc);
        expect(fromEditorJson(throughProseMirror(json), doc)).toEqual(doc);
      }),
      { numRuns: 300 },
    );
  });

  it('any stored document comes back as its normal form, and normalising is idempotent', () => {
    fc.assert(
      fc.property(documentArbitrary, (input) => {
        const doc = stored(input);
        const normal = normalizeDocument(doc);
        expect(normalizeDocument(normal)).toEqual(normal);
        expect(fromEditorJson(toEditorJson(doc), doc)).toEqual(normal);
      }),
      { numRuns: 200 },
    );
  });
});
