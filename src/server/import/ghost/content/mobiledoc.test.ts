/**
 * Mobiledoc → Inkwell on small hand-written mobiledoc 0.3 documents, shaped as Ghost 1.x–4.x
 * stored them (the fixture, from Ghost 6, has Lexical only).
 */
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../../../rich-content/model/parse';
import { mobiledocToDocument } from './mobiledoc';

function convert(
  doc: Record<string, unknown>,
  options: Parameters<typeof mobiledocToDocument>[1] = {},
) {
  const result = mobiledocToDocument(
    JSON.stringify({ version: '0.3.1', atoms: [], cards: [], markups: [], ...doc }),
    options,
  );
  expect(parseDocument(result.document).ok).toBe(true);
  return result;
}

type Run = { textData: { text: string; decorations: { type: string; linkData?: unknown }[] } };
const runs = (node: unknown) =>
  (node as { nodes: Run[] }).nodes.map((r) => [
    r.textData.text,
    r.textData.decorations.map((d) => d.type),
  ]);

describe('mobiledocToDocument', () => {
  it('follows markups opened and closed across markers', () => {
    const { document, problems } = convert(
      {
        markups: [
          ['strong'],
          ['a', ['href', '__GHOST_URL__/about/', 'target', '_blank']],
          ['em'],
          ['code'],
        ],
        atoms: [['soft-return', '', {}]],
        sections: [
          [
            1,
            'p',
            [
              [0, [], 0, 'Plain '],
              [0, [0], 0, 'bold '],
              [0, [1], 2, 'bold link'],
              [1, [], 0, 0],
              [0, [2], 1, 'italic'],
              [0, [3], 1, 'x()'],
            ],
          ],
        ],
      },
      { siteUrl: 'https://old.example' },
    );
    expect(runs(document.nodes[0])).toEqual([
      ['Plain ', []],
      ['bold ', ['BOLD']],
      ['bold link', ['BOLD', 'LINK']],
      ['\n', []],
      ['italic', ['ITALIC']],
      ['x()', []],
    ]);
    expect((document.nodes[0]!.nodes[2] as Run).textData.decorations[1]).toEqual({
      type: 'LINK',
      linkData: { link: { url: 'https://old.example/about/', target: 'BLANK' } },
    });
    expect(problems.map((p) => p.code)).toEqual(['format-lost:code']);
  });

  it('converts headings, quotes, lists and image sections', () => {
    const { document, images } = convert({
      sections: [
        [1, 'h2', [[0, [], 0, 'Title']]],
        [1, 'blockquote', [[0, [], 0, 'Quoted']]],
        [1, 'aside', [[0, [], 0, 'Pulled']]],
        [3, 'ol', [[[0, [], 0, 'one']], [[0, [], 0, 'two']]]],
        [3, 'ul', [[[0, [], 0, 'dot']]]],
        [2, 'https://x.test/old.jpg'],
      ],
    });
    expect(document.nodes).toMatchObject([
      { type: 'HEADING', headingData: { level: 2 }, nodes: [{ textData: { text: 'Title' } }] },
      {
        type: 'BLOCKQUOTE',
        nodes: [{ type: 'PARAGRAPH', nodes: [{ textData: { text: 'Quoted' } }] }],
      },
      {
        type: 'BLOCKQUOTE',
        nodes: [{ type: 'PARAGRAPH', nodes: [{ textData: { text: 'Pulled' } }] }],
      },
      { type: 'ORDERED_LIST', nodes: [{ type: 'LIST_ITEM' }, { type: 'LIST_ITEM' }] },
      {
        type: 'BULLETED_LIST',
        nodes: [{ type: 'LIST_ITEM', nodes: [{ nodes: [{ textData: { text: 'dot' } }] }] }],
      },
      { type: 'IMAGE', imageData: { image: { src: { url: 'https://x.test/old.jpg' } } } },
    ]);
    expect(images.map((i) => i.url)).toEqual(['https://x.test/old.jpg']);
  });

  it('converts cards by their mobiledoc names', () => {
    const { document, problems } = convert({
      cards: [
        ['image', { src: 'https://x.test/a.jpg', alt: 'A', caption: 'Cap', width: 4, height: 3 }],
        ['hr', {}],
        ['code', { code: 'let x = 1;', language: 'js' }],
        ['card-markdown', { cardName: 'card-markdown', markdown: '**hi**' }],
        ['html', { html: '<table><tr><td>1</td></tr></table>' }],
        [
          'embed',
          { url: 'https://youtu.be/dQw4w9WgXcQ', html: '<iframe></iframe>', type: 'video' },
        ],
        ['email-cta', { html: '<p>Only in the email</p>' }],
      ],
      sections: [
        [10, 0],
        [10, 1],
        [10, 2],
        [10, 3],
        [10, 4],
        [10, 5],
        [10, 6],
      ],
    });
    expect(document.nodes).toMatchObject([
      {
        type: 'IMAGE',
        imageData: { altText: 'A', image: { width: 4, height: 3 } },
        nodes: [{ type: 'CAPTION' }],
      },
      { type: 'DIVIDER' },
      { type: 'CODE_BLOCK', nodes: [{ textData: { text: 'let x = 1;' } }] },
      { type: 'HTML', htmlData: { html: '<p><strong>hi</strong></p>\n' } },
      { type: 'HTML', htmlData: { html: '<table><tr><td>1</td></tr></table>' } },
      { type: 'VIDEO', videoData: { video: { src: { url: 'https://youtu.be/dQw4w9WgXcQ' } } } },
    ]);
    expect(problems.map((p) => p.code)).toEqual(['markdown-as-html', 'unknown-card:email-cta']);
  });

  it('reports unknown atoms and sections, and content that is not mobiledoc', () => {
    const { document, problems } = convert({
      atoms: [['mention', '@ann', {}]],
      sections: [
        [1, 'p', [[1, [], 0, 0]]],
        [99, 'x'],
      ],
    });
    expect(runs(document.nodes[0])).toEqual([['@ann', []]]);
    expect(problems.map((p) => p.code)).toEqual(['unknown-atom:mention', 'unknown-section:99']);
    expect(mobiledocToDocument('not json').problems.map((p) => p.code)).toEqual([
      'content-unreadable',
    ]);
    expect(mobiledocToDocument({ cards: [] }).problems.map((p) => p.code)).toEqual([
      'content-unreadable',
    ]);
  });
});
