/**
 * fast-check generators of valid rich-content documents (SPEC §3), as stored: defaults already
 * filled in, so `parseDocument` returns them unchanged. Every node type and every decoration is
 * reachable. Shared by the model's round-trip test and the editor converters' test; test code
 * only (fast-check is a dev dependency).
 */
import fc from 'fast-check';
import {
  APP_TYPES,
  BUTTON_TYPES,
  DIVIDER_LINE_STYLES,
  DIVIDER_WIDTHS,
  GALLERY_LAYOUTS,
  INITIAL_EXPANDED_ITEMS,
  LINK_TARGETS,
  MAP_TYPES,
  PDF_VIEW_MODES,
  POLL_LAYOUT_TYPES,
  POLL_VIEW_PERMISSIONS,
  POLL_VOTE_PERMISSIONS,
  TEXT_ALIGNMENTS,
  TEXT_DIRECTIONS,
  THUMBNAIL_POSITIONS,
  VERTICAL_ALIGNMENTS,
} from '../document';

const id = fc.string({ minLength: 1, maxLength: 8 });
const size = fc.nat({ max: 4000 });

/** A generic struct (SPEC §3 generic values) with plain keys. */
const jsonStruct = fc.dictionary(
  fc.stringMatching(/^[a-z]{1,6}$/),
  fc.oneof(
    fc.constant(null),
    fc.integer(),
    fc.string({ maxLength: 8 }),
    fc.boolean(),
    fc.array(fc.string({ maxLength: 4 }), { maxLength: 2 }),
    fc.record({ k: fc.integer() }),
  ),
  { maxKeys: 3 },
);

const link = fc.record(
  {
    url: fc.webUrl(),
    target: fc.constantFrom(...LINK_TARGETS),
    rel: fc.record({ nofollow: fc.boolean(), ugc: fc.boolean() }, { requiredKeys: [] }),
  },
  { requiredKeys: ['url', 'target'] },
);

/** One decoration of any of the ten types. */
export const decorationArbitrary = fc.oneof(
  fc.constant({ type: 'BOLD' }),
  fc.record({ type: fc.constant('BOLD'), fontWeightValue: fc.integer({ min: 100, max: 900 }) }),
  fc.record({ type: fc.constant('ITALIC'), italicData: fc.boolean() }),
  fc.constant({ type: 'UNDERLINE' }),
  fc.record({ type: fc.constant('UNDERLINE'), underlineData: fc.boolean() }),
  fc.record({ type: fc.constant('SPOILER'), spoilerData: fc.record({ id }) }),
  fc.constant({ type: 'SPOILER' }),
  fc.record({ type: fc.constant('ANCHOR'), anchorData: fc.record({ anchor: fc.string() }) }),
  fc.record({
    type: fc.constant('MENTION'),
    mentionData: fc.record(
      { name: fc.string(), slug: fc.string(), id },
      { requiredKeys: ['name', 'slug'] },
    ),
  }),
  fc.record({ type: fc.constant('LINK'), linkData: fc.record({ link }) }),
  fc.record({
    type: fc.constant('LINK'),
    linkData: fc.record({ link: fc.record({ anchor: id, target: fc.constant('SELF') }) }),
  }),
  fc.record({
    type: fc.constant('COLOR'),
    colorData: fc.record(
      { foreground: fc.constantFrom('#000', '#ff0000'), background: fc.constant('#ffff00') },
      { requiredKeys: [] },
    ),
  }),
  fc.record({
    type: fc.constant('FONT_SIZE'),
    fontSizeData: fc.record({
      unit: fc.constantFrom('PX', 'EM'),
      value: fc.integer({ min: 1, max: 96 }),
    }),
  }),
  fc.constant({ type: 'EXTERNAL' }),
  fc.record({ type: fc.constant('EXTERNAL'), externalData: jsonStruct }),
);

const nodeStyle = fc.record(
  {
    paddingTop: fc.constant('8px'),
    paddingBottom: fc.constant('4px'),
    backgroundColor: fc.constant('#fff'),
  },
  { requiredKeys: [] },
);

const textNode = fc.record(
  {
    type: fc.constant('TEXT'),
    id: fc.oneof({ weight: 4, arbitrary: fc.constant('') }, { weight: 1, arbitrary: id }),
    style: nodeStyle,
    nodes: fc.constant([]),
    textData: fc.record({
      text: fc.string({ unit: 'grapheme', maxLength: 40 }),
      decorations: fc.array(decorationArbitrary, { maxLength: 3 }),
    }),
  },
  { requiredKeys: ['type', 'id', 'nodes', 'textData'] },
);
const texts = fc.array(textNode, { maxLength: 3 });
const textStyle = fc.record(
  { textAlignment: fc.constantFrom(...TEXT_ALIGNMENTS), lineHeight: fc.constant('1.5') },
  { requiredKeys: ['textAlignment'] },
);

const paragraph = fc.record(
  {
    type: fc.constant('PARAGRAPH'),
    id,
    nodes: texts,
    paragraphData: fc.record({ textStyle, indentation: fc.nat({ max: 4 }) }, { requiredKeys: [] }),
    style: nodeStyle,
  },
  { requiredKeys: ['type', 'id', 'nodes'] },
);
const heading = fc.record(
  {
    type: fc.constant('HEADING'),
    id,
    nodes: texts,
    headingData: fc.record(
      { level: fc.integer({ min: 1, max: 6 }), textStyle, indentation: fc.nat({ max: 4 }) },
      { requiredKeys: ['level'] },
    ),
    style: nodeStyle,
  },
  { requiredKeys: ['type', 'id', 'nodes', 'headingData'] },
);
const caption = fc.record(
  {
    type: fc.constant('CAPTION'),
    id,
    nodes: texts,
    captionData: fc.record({ textStyle }),
  },
  { requiredKeys: ['type', 'id', 'nodes'] },
);
const captions = fc.array(caption, { maxLength: 1 });
const container = fc.record(
  {
    alignment: fc.constantFrom('CENTER', 'LEFT', 'RIGHT'),
    width: fc.record({ size: fc.constantFrom('CONTENT', 'FULL_WIDTH') }),
  },
  { requiredKeys: [] },
);
const media = fc.record({ src: fc.record({ id }), width: size, height: size });

const image = fc.record({
  type: fc.constant('IMAGE'),
  id,
  nodes: captions,
  imageData: fc.record(
    { image: media, altText: fc.string(), containerData: container, link },
    { requiredKeys: ['image'] },
  ),
});
const video = fc.record({
  type: fc.constant('VIDEO'),
  id,
  nodes: captions,
  videoData: fc.record(
    {
      video: media,
      thumbnail: media,
      title: fc.string(),
      options: fc.record({ autoPlay: fc.boolean() }),
    },
    { requiredKeys: ['video'] },
  ),
});
const gif = fc.record({
  type: fc.constant('GIF'),
  id,
  nodes: captions,
  gifData: fc.record({
    original: fc.record({ gif: fc.webUrl(), mp4: fc.webUrl() }, { requiredKeys: [] }),
    gifType: fc.constantFrom('NORMAL', 'STICKER'),
  }),
});
const audio = fc.record({
  type: fc.constant('AUDIO'),
  id,
  nodes: captions,
  audioData: fc.record(
    { audio: media, name: fc.string(), authorName: fc.string() },
    { requiredKeys: ['audio'] },
  ),
});
const file = fc.record({
  type: fc.constant('FILE'),
  id,
  nodes: fc.constant([]),
  fileData: fc.record(
    {
      src: fc.record({ url: fc.webUrl() }),
      name: fc.string(),
      size: size,
      pdfSettings: fc.record({ viewMode: fc.constantFrom(...PDF_VIEW_MODES) }),
    },
    { requiredKeys: ['src'] },
  ),
});
const html = fc.record({
  type: fc.constant('HTML'),
  id,
  nodes: fc.constant([]),
  htmlData: fc.record(
    { html: fc.string(), source: fc.constant('HTML'), autoHeight: fc.boolean() },
    { requiredKeys: ['html'] },
  ),
});
const linkPreview = fc.record({
  type: fc.constant('LINK_PREVIEW'),
  id,
  nodes: fc.constant([]),
  linkPreviewData: fc.record(
    {
      link,
      title: fc.string(),
      styles: fc.record({ thumbnailPosition: fc.constantFrom(...THUMBNAIL_POSITIONS) }),
    },
    { requiredKeys: ['link'] },
  ),
});
const appEmbed = fc.record({
  type: fc.constant('APP_EMBED'),
  id,
  nodes: fc.constant([]),
  appEmbedData: fc.record(
    { type: fc.constantFrom(...APP_TYPES), itemId: id, name: fc.string() },
    { requiredKeys: ['type'] },
  ),
});
const button = fc.record({
  type: fc.constant('BUTTON'),
  id,
  nodes: fc.constant([]),
  buttonData: fc.record(
    {
      type: fc.constantFrom(...BUTTON_TYPES),
      text: fc.string(),
      link,
      styles: fc.record({ colors: fc.record({ background: fc.constant('#123456') }) }),
    },
    { requiredKeys: ['type'] },
  ),
});
const embed = fc.record({
  type: fc.constant('EMBED'),
  id,
  nodes: fc.constant([]),
  embedData: fc.record(
    {
      oembed: fc.record(
        { type: fc.constant('video'), html: fc.string(), width: fc.oneof(size, fc.string()) },
        { requiredKeys: [] },
      ),
      src: fc.webUrl(),
    },
    { requiredKeys: ['oembed'] },
  ),
});
const divider = fc.record({
  type: fc.constant('DIVIDER'),
  id,
  nodes: fc.constant([]),
  dividerData: fc.record({
    lineStyle: fc.constantFrom(...DIVIDER_LINE_STYLES),
    width: fc.constantFrom(...DIVIDER_WIDTHS),
  }),
});
const gallery = fc.record({
  type: fc.constant('GALLERY'),
  id,
  nodes: fc.constant([]),
  galleryData: fc.record({
    items: fc.array(fc.record({ image: fc.record({ media }) }), { maxLength: 3 }),
    options: fc.record({
      layout: fc.record({
        type: fc.constantFrom(...GALLERY_LAYOUTS),
        orientation: fc.constantFrom('ROWS', 'COLUMNS'),
      }),
    }),
  }),
});
const map = fc.record({
  type: fc.constant('MAP'),
  id,
  nodes: fc.constant([]),
  mapData: fc.record({
    mapSettings: fc.record({
      mapType: fc.constantFrom(...MAP_TYPES),
      lat: fc.integer({ min: -89, max: 89 }).map((n) => n + 0.5),
    }),
  }),
});
const poll = fc.record({
  type: fc.constant('POLL'),
  id,
  nodes: fc.constant([]),
  pollData: fc.record({
    poll: fc.record({
      title: fc.string(),
      options: fc.array(fc.record({ id, title: fc.string() }), { maxLength: 3 }),
      settings: fc.record({
        permissions: fc.record({
          view: fc.constantFrom(...POLL_VIEW_PERMISSIONS),
          vote: fc.constantFrom(...POLL_VOTE_PERMISSIONS),
        }),
      }),
    }),
    layout: fc.record({
      poll: fc.record({
        type: fc.constantFrom(...POLL_LAYOUT_TYPES),
        direction: fc.constantFrom(...TEXT_DIRECTIONS),
      }),
    }),
  }),
});

const { block } = fc.letrec<{ block: unknown; list: unknown; item: unknown }>((tie) => {
  const blocks = (maxLength: number) => fc.array(tie('block'), { maxLength });
  const collapsibleTitle = fc.record({
    type: fc.constant('COLLAPSIBLE_ITEM_TITLE'),
    id,
    nodes: fc.array(paragraph, { maxLength: 1 }),
  });
  const collapsibleBody = fc.record({
    type: fc.constant('COLLAPSIBLE_ITEM_BODY'),
    id,
    nodes: blocks(2),
  });
  return {
    block: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      paragraph,
      heading,
      fc.oneof(image, video, gif, audio),
      fc.oneof(divider, gallery, file, html, linkPreview, embed),
      fc.oneof(map, poll, appEmbed, button),
      tie('list'),
      fc.record(
        {
          type: fc.constant('BLOCKQUOTE'),
          id,
          nodes: fc.array(paragraph, { maxLength: 2 }),
          blockquoteData: fc.record({ indentation: fc.nat({ max: 4 }) }),
        },
        { requiredKeys: ['type', 'id', 'nodes'] },
      ),
      fc.record(
        { type: fc.constant('CODE_BLOCK'), id, nodes: texts, codeBlockData: fc.constant({}) },
        { requiredKeys: ['type', 'id', 'nodes'] },
      ),
      fc.record({
        type: fc.constant('TABLE'),
        id,
        nodes: fc.array(
          fc.record({
            type: fc.constant('TABLE_ROW'),
            id,
            nodes: fc.array(
              fc.record(
                {
                  type: fc.constant('TABLE_CELL'),
                  id,
                  nodes: blocks(2),
                  tableCellData: fc.record(
                    {
                      cellStyle: fc.record({
                        verticalAlignment: fc.constantFrom(...VERTICAL_ALIGNMENTS),
                      }),
                      colspan: fc.integer({ min: 1, max: 3 }),
                      rowspan: fc.integer({ min: 1, max: 3 }),
                    },
                    { requiredKeys: [] },
                  ),
                },
                { requiredKeys: ['type', 'id', 'nodes'] },
              ),
              { maxLength: 2 },
            ),
          }),
          { maxLength: 2 },
        ),
        tableData: fc.oneof(
          fc.constant({}),
          fc.record({ rowHeader: fc.boolean(), columnHeader: fc.boolean() }),
        ),
      }),
      fc.record(
        {
          type: fc.constant('COLLAPSIBLE_LIST'),
          id,
          nodes: fc.array(
            fc.record({
              type: fc.constant('COLLAPSIBLE_ITEM'),
              id,
              nodes: fc.oneof(
                { weight: 3, arbitrary: fc.tuple(collapsibleTitle, collapsibleBody) },
                {
                  weight: 1,
                  arbitrary: fc.array(fc.oneof(collapsibleTitle, collapsibleBody), {
                    maxLength: 3,
                  }),
                },
              ),
            }),
            { maxLength: 2 },
          ),
          collapsibleListData: fc.record(
            {
              expandOnlyOne: fc.boolean(),
              initialExpandedItems: fc.constantFrom(...INITIAL_EXPANDED_ITEMS),
            },
            { requiredKeys: [] },
          ),
        },
        { requiredKeys: ['type', 'id', 'nodes'] },
      ),
      fc.record(
        {
          type: fc.constant('LAYOUT'),
          id,
          nodes: fc.array(
            fc.record({
              type: fc.constant('LAYOUT_CELL'),
              id,
              nodes: blocks(2),
              layoutCellData: fc.record({ colSpan: fc.integer({ min: 1, max: 12 }) }),
            }),
            { maxLength: 3 },
          ),
          layoutData: fc.record({ backgroundColor: fc.constant('#eee') }),
        },
        { requiredKeys: ['type', 'id', 'nodes'] },
      ),
      fc.record(
        {
          type: fc.constant('EXTERNAL'),
          id,
          nodes: blocks(1),
          externalData: jsonStruct,
          style: nodeStyle,
        },
        { requiredKeys: ['type', 'id', 'nodes'] },
      ),
    ),
    list: fc.oneof(
      fc.record(
        {
          type: fc.constant('BULLETED_LIST'),
          id,
          nodes: fc.array(tie('item'), { maxLength: 3 }),
          bulletedListData: fc.record({ indentation: fc.nat({ max: 4 }) }),
        },
        { requiredKeys: ['type', 'id', 'nodes'] },
      ),
      fc.record(
        {
          type: fc.constant('ORDERED_LIST'),
          id,
          nodes: fc.array(tie('item'), { maxLength: 3 }),
          orderedListData: fc.record(
            { start: fc.integer({ min: 0, max: 20 }), offset: fc.integer({ min: 0, max: 3 }) },
            { requiredKeys: [] },
          ),
        },
        { requiredKeys: ['type', 'id', 'nodes'] },
      ),
    ),
    item: fc.record({
      type: fc.constant('LIST_ITEM'),
      id,
      nodes: fc.oneof(
        { depthSize: 'small' },
        fc.tuple(fc.oneof(paragraph, heading)),
        fc.tuple(paragraph, tie('list')),
      ),
    }),
  };
});

/** Any block node, nested as deep as fast-check's "small" depth allows. */
export const blockArbitrary = block;

/** A valid document as stored (defaults filled in), with metadata and sometimes a style. */
export const documentArbitrary = fc.record(
  {
    nodes: fc.array(block, { maxLength: 5 }),
    metadata: fc.record(
      { version: fc.constant(1), id, createdTimestamp: fc.constant('2024-01-01T00:00:00.000Z') },
      { requiredKeys: ['version'] },
    ),
    documentStyle: fc.record(
      {
        paragraph: fc.record({
          decorations: fc.array(decorationArbitrary, { maxLength: 2 }),
          lineHeight: fc.constant('1.6'),
        }),
      },
      { requiredKeys: [] },
    ),
  },
  { requiredKeys: ['nodes', 'metadata'] },
);
