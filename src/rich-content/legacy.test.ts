import { describe, expect, it } from 'vitest';
import { parseDocument, type RichNode } from './document';
import { fromLegacyContent, type LegacyContent } from './legacy';

type RawBlock = LegacyContent['blocks'][number];
const block = (overrides: Partial<RawBlock> & { key: string }): RawBlock => ({
  text: '',
  type: 'unstyled',
  depth: 0,
  inlineStyleRanges: [],
  entityRanges: [],
  data: {},
  ...overrides,
});
const convert = (blocks: RawBlock[], entityMap: LegacyContent['entityMap'] = {}) => {
  const doc = fromLegacyContent({ blocks, entityMap }, { now: new Date('2024-05-01T00:00:00Z') });
  // Whatever the converter makes must pass the boundary check unchanged.
  expect(parseDocument(JSON.parse(JSON.stringify(doc)))).toEqual({ ok: true, document: doc });
  return doc;
};
/** Text runs of a node as [text, decoration types] pairs. */
const runs = (node: RichNode | undefined) =>
  ((node?.nodes ?? []) as RichNode[]).map((n) =>
    n.type === 'TEXT' ? [n.textData.text, n.textData.decorations.map((d) => d.type)] : n.type,
  );

describe('fromLegacyContent', () => {
  it('converts text blocks', () => {
    const doc = convert([
      block({ key: 'a', text: 'Plain', data: { textAlignment: 'center' } }),
      block({ key: 'b', text: 'Title', type: 'header-two' }),
      block({ key: 'c', text: 'Six', type: 'header-six' }),
      block({ key: 'd', text: 'Quoted', type: 'blockquote' }),
      block({ key: 'e', text: 'let a;', type: 'code-block' }),
      block({ key: 'f', text: 'let b;', type: 'code-block' }),
      block({ key: 'g', text: '' }),
      block({ key: 'h', text: 'Odd', type: 'some-custom-block' }),
    ]);
    expect(doc.metadata).toEqual({
      version: 1,
      createdTimestamp: '2024-05-01T00:00:00.000Z',
      updatedTimestamp: '2024-05-01T00:00:00.000Z',
    });
    expect(doc.nodes.map((n) => n.type)).toEqual([
      'PARAGRAPH',
      'HEADING',
      'HEADING',
      'BLOCKQUOTE',
      'CODE_BLOCK',
      'PARAGRAPH',
      'PARAGRAPH',
    ]);
    expect(doc.nodes[0]).toMatchObject({
      id: 'a',
      paragraphData: { textStyle: { textAlignment: 'CENTER' } },
    });
    expect(doc.nodes[1]).toMatchObject({ id: 'b', headingData: { level: 2 } });
    expect(doc.nodes[2]).toMatchObject({ headingData: { level: 6 } });
    expect(doc.nodes[3]).toMatchObject({
      type: 'BLOCKQUOTE',
      nodes: [{ type: 'PARAGRAPH', nodes: [{ textData: { text: 'Quoted' } }] }],
    });
    expect(runs(doc.nodes[4])).toEqual([
      ['let a;', []],
      ['\n', []],
      ['let b;', []],
    ]);
    expect(doc.nodes[5]).toMatchObject({ id: 'g', nodes: [] });
    expect(runs(doc.nodes[6])).toEqual([['Odd', []]]);
  });

  it('splits overlapping inline styles into decorated runs', () => {
    //            0123456789012
    const text = 'bold both ital';
    const doc = convert([
      block({
        key: 'a',
        text,
        inlineStyleRanges: [
          { offset: 0, length: 9, style: 'BOLD' },
          { offset: 5, length: 9, style: 'ITALIC' },
          { offset: 5, length: 4, style: 'UNDERLINE' },
          { offset: 0, length: 4, style: '{"FG":"#ff0000"}' },
          { offset: 0, length: 4, style: '{"BG":"#ffff00"}' },
          { offset: 10, length: 4, style: 'STRIKETHROUGH' },
        ],
      }),
    ]);
    expect(runs(doc.nodes[0])).toEqual([
      ['bold', ['BOLD', 'COLOR']],
      [' ', ['BOLD']],
      ['both', ['BOLD', 'ITALIC', 'UNDERLINE']],
      [' ital', ['ITALIC']],
    ]);
    const first = doc.nodes[0]!.nodes[0] as RichNode;
    expect(first).toMatchObject({
      textData: {
        decorations: [{}, { colorData: { foreground: '#ff0000', background: '#ffff00' } }],
      },
    });
  });

  it('merges adjacent ranges of the same style into one run', () => {
    const doc = convert([
      block({
        key: 'a',
        text: 'abcdef',
        inlineStyleRanges: [
          { offset: 0, length: 3, style: 'BOLD' },
          { offset: 3, length: 3, style: 'BOLD' },
        ],
      }),
    ]);
    expect(runs(doc.nodes[0])).toEqual([['abcdef', ['BOLD']]]);
  });

  it('reads offsets as code points by default, so emoji count once', () => {
    // Draft.js counts '👋' as one character: "Hi 👋 there" with "there" bold is offset 5.
    const doc = convert([
      block({
        key: 'a',
        text: 'Hi 👋 there',
        inlineStyleRanges: [{ offset: 5, length: 5, style: 'BOLD' }],
      }),
      block({
        key: 'b',
        text: '👋👋x',
        inlineStyleRanges: [{ offset: 1, length: 1, style: 'ITALIC' }],
      }),
    ]);
    expect(runs(doc.nodes[0])).toEqual([
      ['Hi 👋 ', []],
      ['there', ['BOLD']],
    ]);
    expect(runs(doc.nodes[1])).toEqual([
      ['👋', []],
      ['👋', ['ITALIC']],
      ['x', []],
    ]);
  });

  it('reads UTF-16 offsets when told, without splitting a surrogate pair', () => {
    const raw = {
      blocks: [
        block({
          key: 'a',
          text: 'Hi 👋 there',
          inlineStyleRanges: [{ offset: 6, length: 5, style: 'BOLD' }],
        }),
        // Offset 1 falls inside the pair: the run starts at the emoji, never half of it.
        block({
          key: 'b',
          text: '👋x',
          inlineStyleRanges: [{ offset: 1, length: 2, style: 'BOLD' }],
        }),
      ],
      entityMap: {},
    };
    const doc = fromLegacyContent(raw, { offsetUnit: 'utf16' });
    expect(runs(doc.nodes[0])).toEqual([
      ['Hi 👋 ', []],
      ['there', ['BOLD']],
    ]);
    expect(runs(doc.nodes[1])).toEqual([['👋x', ['BOLD']]]);
  });

  it('turns link and mention entities into decorations and drops unknown ones', () => {
    const doc = convert(
      [
        block({
          key: 'a',
          text: 'See docs by Ana :)',
          //     0123456789012345678
          inlineStyleRanges: [{ offset: 0, length: 8, style: 'BOLD' }],
          entityRanges: [
            { offset: 4, length: 4, key: 0 },
            { offset: 12, length: 3, key: 1 },
            { offset: 16, length: 2, key: 2 },
          ],
        }),
        block({ key: 'b', text: 'top', entityRanges: [{ offset: 0, length: 3, key: 3 }] }),
      ],
      {
        '0': {
          type: 'LINK',
          mutability: 'MUTABLE',
          data: { url: 'https://example.com/docs', target: '_blank', rel: 'nofollow noreferrer' },
        },
        '1': {
          type: 'mention',
          mutability: 'SEGMENTED',
          data: { mention: { name: 'Ana', slug: 'ana', serializedData: { id: 'm-1' } } },
        },
        '2': { type: 'EMOJI_TYPE', mutability: 'IMMUTABLE', data: { emojiUnicode: ':)' } },
        '3': { type: 'LINK', mutability: 'MUTABLE', data: { anchor: 'intro' } },
      },
    );
    expect(runs(doc.nodes[0])).toEqual([
      ['See ', ['BOLD']],
      ['docs', ['BOLD', 'LINK']],
      [' by ', []],
      ['Ana', ['MENTION']],
      [' :)', []],
    ]);
    expect(doc.nodes[0]!.nodes[1]).toMatchObject({
      textData: {
        decorations: [
          {},
          {
            linkData: {
              link: {
                url: 'https://example.com/docs',
                target: 'BLANK',
                rel: { nofollow: true, noreferrer: true },
              },
            },
          },
        ],
      },
    });
    expect(doc.nodes[0]!.nodes[3]).toMatchObject({
      textData: { decorations: [{ mentionData: { name: 'Ana', slug: 'ana', id: 'm-1' } }] },
    });
    expect(doc.nodes[1]!.nodes[0]).toMatchObject({
      textData: { decorations: [{ type: 'ANCHOR', anchorData: { anchor: 'intro' } }] },
    });
  });

  it('keeps two different links next to each other apart', () => {
    const doc = convert(
      [
        block({
          key: 'a',
          text: 'ab',
          entityRanges: [
            { offset: 0, length: 1, key: 0 },
            { offset: 1, length: 1, key: 1 },
          ],
        }),
      ],
      {
        '0': { type: 'LINK', data: { url: '/a' } },
        '1': { type: 'LINK', data: { url: '/b' } },
      },
    );
    expect(runs(doc.nodes[0])).toEqual([
      ['a', ['LINK']],
      ['b', ['LINK']],
    ]);
  });

  it('groups list items into lists nested by depth', () => {
    const doc = convert([
      block({ key: 'p', text: 'before' }),
      block({ key: 'a', text: 'one', type: 'unordered-list-item' }),
      block({ key: 'b', text: 'one.a', type: 'ordered-list-item', depth: 1 }),
      block({ key: 'c', text: 'one.b', type: 'ordered-list-item', depth: 1 }),
      block({ key: 'd', text: 'one.b.i', type: 'unordered-list-item', depth: 2 }),
      block({ key: 'e', text: 'two', type: 'unordered-list-item' }),
      block({ key: 'f', text: 'skips a level', type: 'unordered-list-item', depth: 3 }),
      block({ key: 'g', text: 'numbered', type: 'ordered-list-item' }),
      block({ key: 'h', text: 'after' }),
      block({ key: 'i', text: 'again', type: 'ordered-list-item' }),
    ]);
    const shape = (node: RichNode): unknown => {
      if (node.type === 'BULLETED_LIST' || node.type === 'ORDERED_LIST') {
        return { [node.type]: node.nodes.map(shape) };
      }
      if (node.type === 'LIST_ITEM') return node.nodes.map(shape);
      if (node.type === 'PARAGRAPH') return node.nodes.map((t) => t.textData.text).join('');
      return node.type;
    };
    expect(doc.nodes.map(shape)).toEqual([
      'before',
      {
        BULLETED_LIST: [
          ['one', { ORDERED_LIST: [['one.a'], ['one.b', { BULLETED_LIST: [['one.b.i']] }]] }],
          ['two', { BULLETED_LIST: [['skips a level']] }],
        ],
      },
      { ORDERED_LIST: [['numbered']] },
      'after',
      { ORDERED_LIST: [['again']] },
    ]);
  });

  it('converts atomic images, videos, dividers and galleries', () => {
    const atomic = (key: string, entity: number) =>
      block({
        key,
        text: ' ',
        type: 'atomic',
        entityRanges: [{ offset: 0, length: 1, key: entity }],
      });
    const doc = convert(
      [
        atomic('i', 0),
        atomic('v', 1),
        atomic('u', 2),
        atomic('d', 3),
        atomic('g', 4),
        atomic('x', 5),
        atomic('bad', 6),
      ],
      {
        '0': {
          type: 'wix-draft-plugin-image',
          mutability: 'IMMUTABLE',
          data: {
            src: { file_name: '8bb438_abc.jpg', width: 1600, height: 900 },
            config: {
              size: 'fullWidth',
              alignment: 'center',
              link: { url: 'https://x.test', target: '_blank' },
            },
            metadata: { alt: 'Harbour', caption: 'At dawn' },
          },
        },
        '1': {
          type: 'wix-draft-plugin-video',
          data: {
            src: 'https://www.youtube.com/watch?v=abc',
            metadata: {
              title: 'Clip',
              thumbnail_url: 'https://i.ytimg.com/vi/abc/hq.jpg',
              thumbnail_width: 480,
              thumbnail_height: 360,
            },
          },
        },
        '2': {
          type: 'VIDEO',
          data: {
            src: {
              pathname: 'video/abc/file',
              thumbnail: { pathname: 'media/abc.jpg', width: 640, height: 360 },
            },
          },
        },
        '3': {
          type: 'wix-draft-plugin-divider',
          data: { type: 'dashed', config: { size: 'small', alignment: 'left' } },
        },
        '4': {
          type: 'wix-draft-plugin-gallery',
          data: {
            items: [
              {
                url: 'a.jpg',
                metadata: { type: 'image', width: 100, height: 80, title: 'A', altText: 'alt A' },
              },
              {
                url: 'https://cdn.test/v.mp4',
                metadata: {
                  type: 'video',
                  width: 640,
                  height: 360,
                  poster: { url: 'p.jpg', width: 640, height: 360 },
                },
              },
              { metadata: { type: 'image' } },
            ],
            styles: {
              galleryLayout: 2,
              numberOfImagesPerRow: 3,
              imageMargin: 10,
              cubeType: 'fit',
              isVertical: true,
            },
          },
        },
        '5': { type: 'wix-draft-plugin-poll', data: { poll: {} } },
        '6': { type: 'wix-draft-plugin-image', data: { src: {} } },
      },
    );
    expect(doc.nodes.map((n) => n.type)).toEqual(['IMAGE', 'VIDEO', 'VIDEO', 'DIVIDER', 'GALLERY']);
    expect(doc.nodes[0]).toEqual({
      type: 'IMAGE',
      id: 'i',
      nodes: [],
      imageData: {
        containerData: { width: { size: 'FULL_WIDTH' }, alignment: 'CENTER' },
        image: { src: { id: '8bb438_abc.jpg' }, width: 1600, height: 900 },
        altText: 'Harbour',
        caption: 'At dawn',
        link: { url: 'https://x.test', target: 'BLANK' },
      },
    });
    expect(doc.nodes[1]).toMatchObject({
      videoData: {
        video: { src: { url: 'https://www.youtube.com/watch?v=abc' } },
        thumbnail: { src: { url: 'https://i.ytimg.com/vi/abc/hq.jpg' }, width: 480, height: 360 },
        title: 'Clip',
      },
    });
    expect(doc.nodes[2]).toMatchObject({
      videoData: {
        video: { src: { id: 'video/abc/file' } },
        thumbnail: { src: { id: 'media/abc.jpg' }, width: 640, height: 360 },
      },
    });
    expect(doc.nodes[3]).toMatchObject({
      dividerData: { lineStyle: 'DASHED', width: 'SMALL', alignment: 'LEFT' },
    });
    expect(doc.nodes[4]).toMatchObject({
      galleryData: {
        items: [
          {
            image: { media: { src: { id: 'a.jpg' }, width: 100, height: 80 } },
            title: 'A',
            altText: 'alt A',
          },
          {
            video: {
              media: { src: { url: 'https://cdn.test/v.mp4' } },
              thumbnail: { src: { id: 'p.jpg' }, width: 640 },
            },
          },
        ],
        options: {
          layout: { type: 'GRID', orientation: 'COLUMNS', numberOfColumns: 3 },
          item: { crop: 'FIT', spacing: 10 },
        },
      },
    });
  });

  it('gives every node a unique id even when block keys repeat', () => {
    const doc = convert([
      block({ key: 'k', text: 'a' }),
      block({ key: 'k', text: 'b' }),
      block({ key: 'k', text: 'c', type: 'unordered-list-item' }),
    ]);
    const ids: string[] = [];
    const walk = (nodes: readonly RichNode[]) => {
      for (const n of nodes) {
        if (n.type !== 'TEXT') ids.push(n.id);
        walk(n.nodes);
      }
    };
    walk(doc.nodes);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('rejects input that is not raw content', () => {
    expect(() => fromLegacyContent({ nodes: [] })).toThrow();
  });
});
