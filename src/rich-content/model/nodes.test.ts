import { describe, expect, it } from 'vitest';
import {
  type BlockNode,
  caption,
  collapsibleList,
  documentOf,
  image,
  layout,
  NODE_TYPES,
  type NodeType,
  paragraph,
  parseDocument,
  type RichNode,
  table,
  text,
} from '../document';

const media = (id: string, width = 1200, height = 800) => ({ src: { id }, width, height });

/** A realistic top-level block for each block node type, as an editor would save it. */
const EXAMPLES: Record<string, unknown> = {
  PARAGRAPH: {
    type: 'PARAGRAPH',
    id: 'p1',
    nodes: [
      { type: 'TEXT', id: '', nodes: [], textData: { text: 'Hello ', decorations: [] } },
      {
        type: 'TEXT',
        id: '',
        nodes: [],
        textData: {
          text: 'world',
          decorations: [
            { type: 'BOLD', fontWeightValue: 700 },
            { type: 'ITALIC', italicData: true },
            { type: 'UNDERLINE', underlineData: true },
            { type: 'SPOILER', spoilerData: { id: 's1' } },
            { type: 'ANCHOR', anchorData: { anchor: 'h-intro' } },
            { type: 'MENTION', mentionData: { name: 'Ana', slug: 'ana', id: 'm1' } },
            {
              type: 'LINK',
              linkData: {
                link: {
                  url: 'https://example.com',
                  target: 'BLANK',
                  rel: { nofollow: true, noreferrer: true },
                  customData: 'x',
                },
              },
            },
            { type: 'COLOR', colorData: { foreground: '#ff0000', background: 'rgba(0,0,0,.1)' } },
            { type: 'FONT_SIZE', fontSizeData: { unit: 'EM', value: 1.5 } },
            { type: 'EXTERNAL', externalData: { plugin: 'x', n: [1, 2, { deep: null }] } },
          ],
        },
      },
    ],
    style: { paddingTop: '12px', paddingBottom: '0px', backgroundColor: '#fafafa' },
    paragraphData: { textStyle: { textAlignment: 'CENTER', lineHeight: '1.6' }, indentation: 1 },
  },
  HEADING: {
    type: 'HEADING',
    id: 'h1',
    nodes: [{ type: 'TEXT', id: '', nodes: [], textData: { text: 'Intro', decorations: [] } }],
    headingData: { level: 2, textStyle: { textAlignment: 'LEFT' }, indentation: 0 },
  },
  BULLETED_LIST: {
    type: 'BULLETED_LIST',
    id: 'ul',
    nodes: [
      {
        type: 'LIST_ITEM',
        id: 'li1',
        nodes: [
          paragraph('One'),
          {
            type: 'ORDERED_LIST',
            id: 'ol-inner',
            nodes: [{ type: 'LIST_ITEM', id: 'li2', nodes: [paragraph('One.a')] }],
            orderedListData: { indentation: 1, start: 3 },
          },
        ],
      },
    ],
    bulletedListData: { indentation: 0 },
  },
  ORDERED_LIST: {
    type: 'ORDERED_LIST',
    id: 'ol',
    nodes: [{ type: 'LIST_ITEM', id: 'li3', nodes: [paragraph('First')] }],
    orderedListData: { start: 1, offset: 0 },
  },
  BLOCKQUOTE: {
    type: 'BLOCKQUOTE',
    id: 'q',
    nodes: [paragraph('Quoted')],
    blockquoteData: { indentation: 1 },
  },
  CODE_BLOCK: {
    type: 'CODE_BLOCK',
    id: 'c',
    nodes: [text('const a = 1;')],
    codeBlockData: { textStyle: { textAlignment: 'AUTO' } },
  },
  VIDEO: {
    type: 'VIDEO',
    id: 'v',
    nodes: [caption('A clip')],
    videoData: {
      containerData: { width: { size: 'FULL_WIDTH' }, alignment: 'CENTER', textWrap: false },
      video: { src: { url: 'https://www.youtube.com/watch?v=abc' }, duration: 61 },
      thumbnail: { src: { url: '/media/t/w1280.webp' }, width: 1280, height: 720 },
      disableDownload: true,
      title: 'Clip',
      options: { autoPlay: false, playInLoop: true, showControls: true },
    },
  },
  DIVIDER: {
    type: 'DIVIDER',
    id: 'd',
    nodes: [],
    dividerData: { lineStyle: 'DASHED', width: 'MEDIUM', alignment: 'LEFT' },
  },
  FILE: {
    type: 'FILE',
    id: 'f',
    nodes: [],
    fileData: {
      src: { id: 'file-1', private: true },
      name: 'menu.pdf',
      type: 'pdf',
      size: 120_000,
      mimeType: 'application/pdf',
      sizeInKb: '117',
      pdfSettings: { viewMode: 'MINI', disableDownload: false, disablePrint: true },
    },
  },
  GALLERY: {
    type: 'GALLERY',
    id: 'g',
    nodes: [],
    galleryData: {
      items: [
        { image: { media: media('g1'), link: { url: '/a', target: 'SELF' } }, altText: 'One' },
        { video: { media: { src: { url: '/v.mp4' } }, thumbnail: media('g2') }, title: 'Two' },
      ],
      options: {
        layout: {
          type: 'GRID',
          orientation: 'COLUMNS',
          horizontalScroll: false,
          numberOfColumns: 3,
          mobileNumberOfColumns: 1,
        },
        item: { targetSize: 300, ratio: 1.5, crop: 'FILL', spacing: 8 },
        thumbnails: { placement: 'BOTTOM', spacing: 4 },
      },
      disableExpand: false,
      disableDownload: true,
    },
  },
  GIF: {
    type: 'GIF',
    id: 'gif',
    nodes: [],
    gifData: {
      original: {
        gif: 'https://media.giphy.com/a.gif',
        mp4: 'https://x/a.mp4',
        still: 'https://x/a.jpg',
      },
      downsized: { gif: 'https://media.giphy.com/a-s.gif' },
      height: 200,
      width: 300,
      gifType: 'STICKER',
    },
  },
  HTML: {
    type: 'HTML',
    id: 'html',
    nodes: [],
    htmlData: { html: '<b>hi</b>', source: 'HTML', autoHeight: true, isAdsense: false },
  },
  IMAGE: {
    type: 'IMAGE',
    id: 'img',
    nodes: [caption('Rooftops')],
    imageData: {
      containerData: {
        width: { custom: '640px' },
        alignment: 'RIGHT',
        spoiler: { enabled: true, description: 'Spoiler', buttonText: 'Show' },
        height: { custom: '400' },
      },
      image: media('img-1'),
      link: { url: 'https://example.com', target: 'TOP' },
      altText: 'Rooftops',
      decorative: false,
      border: { width: 1, color: '#000', radius: 4 },
    },
  },
  LINK_PREVIEW: {
    type: 'LINK_PREVIEW',
    id: 'lp',
    nodes: [],
    linkPreviewData: {
      link: { url: 'https://example.com/post', target: 'BLANK' },
      title: 'A post',
      thumbnailUrl: 'https://example.com/t.jpg',
      description: 'About things',
      styles: { borderWidth: 1, thumbnailPosition: 'START', titleColor: '#111' },
    },
  },
  MAP: {
    type: 'MAP',
    id: 'map',
    nodes: [],
    mapData: {
      mapSettings: {
        address: 'Praça do Comércio, Lisboa',
        lat: 38.7075,
        lng: -9.1364,
        initialZoom: 14,
        mapType: 'HYBRID',
        marker: true,
        draggable: false,
        zoomControl: true,
        streetViewControl: false,
        viewModeControl: true,
        locationName: 'Terreiro do Paço',
      },
    },
  },
  POLL: {
    type: 'POLL',
    id: 'poll',
    nodes: [],
    pollData: {
      poll: {
        id: 'p-1',
        title: 'Best tram?',
        creatorId: 'm1',
        options: [
          { id: 'o1', title: '28' },
          { id: 'o2', title: '15', image: media('o2') },
        ],
        settings: {
          permissions: { view: 'VOTERS', vote: 'ALL', allowMultipleVotes: true },
          showVoters: true,
          showVotesCount: true,
        },
      },
      layout: { poll: { type: 'GRID', direction: 'RTL', enableImage: true } },
      design: {
        poll: {
          background: {
            type: 'GRADIENT',
            gradient: { angle: 45, startColor: '#fff', lastColor: '#000' },
          },
          borderRadius: 8,
        },
        options: { borderRadius: 4 },
      },
    },
  },
  APP_EMBED: {
    type: 'APP_EMBED',
    id: 'app',
    nodes: [],
    appEmbedData: {
      type: 'EVENT',
      itemId: 'e1',
      name: 'Launch',
      url: 'https://example.com/e1',
      image: media('e1'),
      eventData: { scheduling: 'May 1, 18:00', location: 'Lisbon' },
    },
  },
  BUTTON: {
    type: 'BUTTON',
    id: 'btn',
    nodes: [],
    buttonData: {
      type: 'LINK',
      text: 'Read more',
      link: { url: '/blog', target: 'SELF' },
      styles: { border: { width: 1, radius: 6 }, colors: { text: '#fff', background: '#000' } },
    },
  },
  COLLAPSIBLE_LIST: {
    ...collapsibleList([{ title: 'Why?', body: 'Because.' }]),
    collapsibleListData: { expandOnlyOne: true, initialExpandedItems: 'NONE', direction: 'LTR' },
  },
  TABLE: {
    ...table([
      ['a', 'b'],
      ['c', [image({ id: 'i', width: 10, height: 10 })]],
    ]),
    tableData: {
      dimensions: { colsWidthRatio: [1, 2], rowsHeight: [40, 40], colsMinWidth: [100, 100] },
      rowHeader: true,
      columnHeader: false,
    },
  },
  EMBED: {
    type: 'EMBED',
    id: 'emb',
    nodes: [],
    embedData: {
      oembed: {
        type: 'video',
        title: 'Clip',
        html: '<iframe></iframe>',
        providerName: 'YouTube',
        thumbnailUrl: 'https://i.ytimg.com/vi/abc/hq.jpg',
        thumbnailWidth: 480,
        thumbnailHeight: '360',
        videoUrl: 'https://youtu.be/abc',
        version: '1.0',
      },
      src: 'https://youtu.be/abc',
    },
  },
  EXTERNAL: {
    type: 'EXTERNAL',
    id: 'ext',
    nodes: [paragraph('fallback')],
    externalData: { kind: 'widget', config: { a: 1, b: [true, 'x', null] } },
  },
  AUDIO: {
    type: 'AUDIO',
    id: 'aud',
    nodes: [],
    audioData: {
      audio: { src: { id: 'a1' }, duration: 200 },
      coverImage: media('cover'),
      name: 'Fado',
      authorName: 'Amália',
      disableDownload: true,
    },
  },
  LAYOUT: {
    ...layout([
      { colSpan: 8, nodes: [paragraph('main')] },
      { colSpan: 4, nodes: [paragraph('aside')] },
    ]),
    layoutData: { backgroundColor: '#eee' },
  },
};

describe('the node schemas', () => {
  it('has a realistic example of every block node type, and the others appear inside them', () => {
    const seen = new Set<NodeType>();
    const walk = (nodes: readonly RichNode[]) => {
      for (const node of nodes) {
        seen.add(node.type);
        walk(node.nodes);
      }
    };
    const result = parseDocument({ nodes: Object.values(EXAMPLES) });
    expect(result).toMatchObject({ ok: true });
    if (!result.ok) return;
    walk(result.document.nodes);
    expect([...seen].sort()).toEqual([...NODE_TYPES].sort());
  });

  it.each(Object.entries(EXAMPLES))('accepts %s and keeps it as written', (_type, example) => {
    const result = parseDocument({ nodes: [example] });
    expect(result).toMatchObject({ ok: true });
    if (result.ok) expect(result.document.nodes[0]).toMatchObject(example as object);
  });

  const bad: [string, (n: Record<string, unknown>) => unknown, string, RegExp?][] = [
    [
      'PARAGRAPH',
      (n) => ({ ...n, paragraphData: { textStyle: { textAlignment: 'MIDDLE' } } }),
      'nodes[0].paragraphData.textStyle.textAlignment',
    ],
    [
      'PARAGRAPH',
      (n) => ({ ...n, nodes: [paragraph('nested')] }),
      'nodes[0].nodes[0].type',
      /PARAGRAPH may hold only TEXT; found a PARAGRAPH node/,
    ],
    ['PARAGRAPH', (n) => ({ ...n, imageData: {} }), 'nodes[0]', /Unrecognized key/],
    ['HEADING', (n) => ({ ...n, headingData: { level: 7 } }), 'nodes[0].headingData.level'],
    ['HEADING', ({ headingData: _, ...n }) => n, 'nodes[0].headingData'],
    [
      'BULLETED_LIST',
      (n) => ({ ...n, nodes: [paragraph('x')] }),
      'nodes[0].nodes[0].type',
      /BULLETED_LIST may hold only LIST_ITEM/,
    ],
    [
      'ORDERED_LIST',
      (n) => ({ ...n, orderedListData: { start: 1.5 } }),
      'nodes[0].orderedListData.start',
    ],
    ['BLOCKQUOTE', (n) => ({ ...n, nodes: [text('loose')] }), 'nodes[0].nodes[0].type'],
    [
      'CODE_BLOCK',
      (n) => ({ ...n, nodes: [{ type: 'TEXT', textData: {} }] }),
      'nodes[0].nodes[0].textData.text',
    ],
    [
      'VIDEO',
      (n) => ({ ...n, videoData: { video: { src: { url: 1 } } } }),
      'nodes[0].videoData.video.src.url',
    ],
    [
      'VIDEO',
      (n) => ({ ...n, nodes: [caption('a'), caption('b')] }),
      'nodes[0].nodes',
      /at most one CAPTION/,
    ],
    [
      'DIVIDER',
      (n) => ({ ...n, dividerData: { lineStyle: 'WAVY' } }),
      'nodes[0].dividerData.lineStyle',
    ],
    [
      'DIVIDER',
      (n) => ({ ...n, nodes: [paragraph('x')] }),
      'nodes[0].nodes',
      /DIVIDER has no children/,
    ],
    [
      'FILE',
      (n) => ({ ...n, fileData: { src: {}, pdfSettings: { viewMode: 'HUGE' } } }),
      'nodes[0].fileData.pdfSettings.viewMode',
    ],
    [
      'GALLERY',
      (n) => ({ ...n, galleryData: { items: [{ title: 'neither' }] } }),
      'nodes[0].galleryData.items[0]',
      /image or a video/,
    ],
    [
      'GALLERY',
      (n) => ({ ...n, galleryData: { items: [], options: { layout: { type: 'CAROUSEL' } } } }),
      'nodes[0].galleryData.options.layout.type',
    ],
    ['GIF', (n) => ({ ...n, gifData: { gifType: 'MEME' } }), 'nodes[0].gifData.gifType'],
    ['HTML', (n) => ({ ...n, htmlData: { source: 'HTML' } }), 'nodes[0].htmlData', /url or html/],
    [
      'IMAGE',
      (n) => ({ ...n, imageData: { image: media('i'), link: { url: '/x', target: 'NEW' } } }),
      'nodes[0].imageData.link.target',
    ],
    [
      'IMAGE',
      (n) => ({ ...n, imageData: { image: { src: {}, width: -1 } } }),
      'nodes[0].imageData.image.width',
    ],
    [
      'LINK_PREVIEW',
      (n) => ({
        ...n,
        linkPreviewData: { link: { url: '/' }, styles: { thumbnailPosition: 'LEFT' } },
      }),
      'nodes[0].linkPreviewData.styles.thumbnailPosition',
    ],
    [
      'MAP',
      (n) => ({ ...n, mapData: { mapSettings: { lat: 91 } } }),
      'nodes[0].mapData.mapSettings.lat',
    ],
    [
      'POLL',
      (n) => ({ ...n, pollData: { poll: { settings: { permissions: { vote: 'ANYONE' } } } } }),
      'nodes[0].pollData.poll.settings.permissions.vote',
    ],
    [
      'APP_EMBED',
      (n) => ({ ...n, appEmbedData: { type: 'COURSE' } }),
      'nodes[0].appEmbedData.type',
    ],
    ['BUTTON', (n) => ({ ...n, buttonData: { text: 'x' } }), 'nodes[0].buttonData.type'],
    [
      'COLLAPSIBLE_LIST',
      (n) => ({ ...n, collapsibleListData: { initialExpandedItems: 'SOME' } }),
      'nodes[0].collapsibleListData.initialExpandedItems',
    ],
    [
      'COLLAPSIBLE_LIST',
      (n) => ({
        ...n,
        nodes: [
          {
            type: 'COLLAPSIBLE_ITEM',
            nodes: [{ type: 'COLLAPSIBLE_ITEM_TITLE', nodes: [text('t')] }],
          },
        ],
      }),
      'nodes[0].nodes[0].nodes[0].nodes[0].type',
      /COLLAPSIBLE_ITEM_TITLE may hold only PARAGRAPH/,
    ],
    [
      'TABLE',
      (n) => ({ ...n, nodes: [{ type: 'TABLE_CELL', nodes: [] }] }),
      'nodes[0].nodes[0].type',
      /TABLE may hold only TABLE_ROW/,
    ],
    [
      'TABLE',
      (n) => ({
        ...n,
        nodes: [
          {
            type: 'TABLE_ROW',
            nodes: [
              {
                type: 'TABLE_CELL',
                nodes: [],
                tableCellData: { cellStyle: { verticalAlignment: 'CENTER' } },
              },
            ],
          },
        ],
      }),
      'nodes[0].nodes[0].nodes[0].tableCellData.cellStyle.verticalAlignment',
    ],
    [
      'TABLE',
      (n) => ({
        ...n,
        nodes: [{ type: 'TABLE_ROW', nodes: [{ type: 'TABLE_CELL', nodes: [text('loose')] }] }],
      }),
      'nodes[0].nodes[0].nodes[0].nodes[0].type',
      /TABLE_CELL may hold only block nodes; found a TEXT node/,
    ],
    ['EMBED', (n) => ({ ...n, embedData: {} }), 'nodes[0].embedData.oembed'],
    ['EXTERNAL', (n) => ({ ...n, externalData: { f: () => 1 } }), 'nodes[0].externalData.f'],
    [
      'AUDIO',
      (n) => ({ ...n, audioData: { audio: { src: {}, duration: -3 } } }),
      'nodes[0].audioData.audio.duration',
    ],
    [
      'LAYOUT',
      (n) => ({
        ...n,
        nodes: [{ type: 'LAYOUT_CELL', nodes: [], layoutCellData: { colSpan: 13 } }],
      }),
      'nodes[0].nodes[0].layoutCellData.colSpan',
    ],
    [
      'LAYOUT',
      (n) => ({ ...n, nodes: [paragraph('x')] }),
      'nodes[0].nodes[0].type',
      /LAYOUT may hold only LAYOUT_CELL/,
    ],
  ];

  it.each(bad)(
    'rejects a bad %s with the path of the problem (%#)',
    (type, mutate, path, message) => {
      const example = structuredClone(EXAMPLES[type]) as Record<string, unknown>;
      const result = parseDocument({ nodes: [mutate(example)] });
      expect(result).toMatchObject({ ok: false, path });
      if (message && !result.ok) expect(result.message).toMatch(message);
    },
  );

  it('rejects each decoration without its data, or with data of another type', () => {
    const withDecoration = (decoration: unknown) => ({
      nodes: [
        {
          type: 'PARAGRAPH',
          nodes: [{ type: 'TEXT', textData: { text: 'x', decorations: [decoration] } }],
        },
      ],
    });
    const at = 'nodes[0].nodes[0].textData.decorations[0]';
    expect(parseDocument(withDecoration({ type: 'LINK' }))).toMatchObject({
      ok: false,
      path: `${at}.linkData`,
    });
    expect(
      parseDocument(withDecoration({ type: 'MENTION', mentionData: { name: 'x' } })),
    ).toMatchObject({ ok: false, path: `${at}.mentionData.slug` });
    expect(
      parseDocument(withDecoration({ type: 'FONT_SIZE', fontSizeData: { unit: 'PT', value: 3 } })),
    ).toMatchObject({ ok: false, path: `${at}.fontSizeData.unit` });
    expect(
      parseDocument(withDecoration({ type: 'BOLD', linkData: { link: { url: '/' } } })),
    ).toMatchObject({ ok: false, path: at });
    expect(parseDocument(withDecoration({ type: 'STRIKE' }))).toMatchObject({
      ok: false,
      path: `${at}.type`,
    });
  });

  it('rejects nodes that may not stand at the top, and unknown node types', () => {
    expect(parseDocument({ nodes: [text('loose')] })).toMatchObject({
      ok: false,
      path: 'nodes[0].type',
      message: 'A document may hold only block nodes; found a TEXT node',
    });
    expect(
      parseDocument({ nodes: [paragraph('ok'), { type: 'SLIDESHOW', nodes: [] }] }),
    ).toMatchObject({
      ok: false,
      path: 'nodes[1].type',
    });
  });

  it('builds documents with the builders that parse as they are', () => {
    const doc = documentOf([
      paragraph('x'),
      table([['a']]),
      collapsibleList([{ title: 't', body: [paragraph('b')] }]),
      layout([{ nodes: [paragraph('c')] }]),
    ] satisfies BlockNode[]);
    const result = parseDocument(JSON.parse(JSON.stringify(doc)));
    expect(result).toEqual({ ok: true, document: doc });
  });
});

describe('types', () => {
  it('narrows nodes on type and rejects misplaced children at compile time', () => {
    const node = paragraph('x') as RichNode;
    if (node.type === 'PARAGRAPH') expect(node.nodes[0]?.textData.text).toBe('x');
    // @ts-expect-error a TABLE holds TABLE_ROW nodes only.
    const wrong: BlockNode = { type: 'TABLE', id: '', nodes: [paragraph('x')], tableData: {} };
    expect(wrong).toBeDefined();
  });
});
