import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_VERSION,
  formatPath,
  MAX_DOCUMENT_BYTES,
  MAX_NODE_DEPTH,
  MAX_NODES,
  MAX_TEXT_LENGTH,
  paragraph,
  parseDocument,
  text,
} from '../document';

/** A document whose first node is nested `depth` levels deep (lists inside list items). */
function nestedLists(depth: number): unknown {
  // Levels: list (1), item (2), list (3), … ; a paragraph and its text close the chain.
  let node: unknown = paragraph('deep');
  let level = depth - 1; // the paragraph's TEXT is one level below the paragraph
  while (level > 1) {
    node = { type: 'LIST_ITEM', id: '', nodes: [node] };
    node = { type: 'BULLETED_LIST', id: '', nodes: [node] };
    level -= 2;
  }
  return { nodes: [node] };
}

describe('parseDocument', () => {
  it('applies the SPEC §9 defaults', () => {
    const result = parseDocument({
      nodes: [
        {
          type: 'PARAGRAPH',
          nodes: [
            {
              type: 'TEXT',
              textData: {
                text: 'x',
                decorations: [{ type: 'LINK', linkData: { link: { url: '/a' } } }],
              },
            },
          ],
          paragraphData: { textStyle: {} },
        },
        { type: 'GALLERY', galleryData: { items: [] } },
        { type: 'POLL', pollData: {} },
        { type: 'MAP', mapData: {} },
        { type: 'DIVIDER' },
        { type: 'GIF', gifData: {} },
      ],
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const [p, gallery, poll, map, divider, gif] = result.document.nodes;
    expect(result.document.metadata).toEqual({ version: DOCUMENT_VERSION });
    expect(p).toMatchObject({
      id: '',
      paragraphData: { textStyle: { textAlignment: 'AUTO' } },
      nodes: [
        {
          id: '',
          nodes: [],
          textData: { decorations: [{ linkData: { link: { target: 'SELF' } } }] },
        },
      ],
    });
    expect(gallery).toMatchObject({
      nodes: [],
      galleryData: { options: { layout: { type: 'COLLAGE', orientation: 'ROWS' } } },
    });
    expect(poll).toMatchObject({
      pollData: {
        poll: { options: [], settings: { permissions: { view: 'CREATOR', vote: 'SITE_MEMBERS' } } },
        layout: { poll: { type: 'LIST', direction: 'LTR' } },
      },
    });
    expect(map).toMatchObject({ mapData: { mapSettings: { mapType: 'ROADMAP' } } });
    expect(divider).toMatchObject({ dividerData: { lineStyle: 'SINGLE', width: 'LARGE' } });
    expect(gif).toMatchObject({ gifData: { gifType: 'NORMAL' } });
  });

  it('does not share default objects between documents', () => {
    const a = parseDocument({ nodes: [{ type: 'MAP', mapData: {} }] });
    const b = parseDocument({ nodes: [{ type: 'MAP', mapData: {} }] });
    if (!a.ok || !b.ok) throw new Error('expected valid documents');
    expect(a.document.nodes[0]).not.toBe(b.document.nodes[0]);
    const mapA = a.document.nodes[0]!;
    const mapB = b.document.nodes[0]!;
    if (mapA.type !== 'MAP' || mapB.type !== 'MAP') throw new Error('expected maps');
    mapA.mapData.mapSettings.mapType = 'TERRAIN';
    expect(mapB.mapData.mapSettings.mapType).toBe('ROADMAP');
  });

  it('rejects what is not a document', () => {
    expect(parseDocument(null)).toMatchObject({ ok: false, path: '' });
    expect(parseDocument({ nodes: 'x' })).toMatchObject({ ok: false, path: 'nodes' });
    expect(parseDocument({ nodes: [], extra: 1 })).toMatchObject({ ok: false, path: '' });
    expect(parseDocument({ nodes: [], metadata: { version: 0 } })).toMatchObject({
      ok: false,
      path: 'metadata.version',
    });
    expect(
      parseDocument({ nodes: [], documentStyle: { headerOne: { lineHeight: 2 } } }),
    ).toMatchObject({ ok: false, path: 'documentStyle.headerOne.lineHeight' });
  });

  it('accepts a document style for every text kind', () => {
    const style = {
      decorations: [{ type: 'BOLD' }],
      nodeStyle: { paddingTop: '4px' },
      lineHeight: '1.4',
    };
    const keys = [
      'headerOne',
      'headerTwo',
      'headerThree',
      'headerFour',
      'headerFive',
      'headerSix',
      'paragraph',
      'blockquote',
      'codeBlock',
    ];
    const result = parseDocument({
      nodes: [],
      metadata: { version: 1, id: 'd1', createdTimestamp: '2024-01-01T00:00:00.000Z' },
      documentStyle: Object.fromEntries(keys.map((k) => [k, style])),
    });
    expect(result).toMatchObject({ ok: true });
  });

  describe('limits', () => {
    it(`accepts nodes nested ${MAX_NODE_DEPTH} deep and rejects one more, naming the node`, () => {
      expect(parseDocument(nestedLists(MAX_NODE_DEPTH))).toMatchObject({ ok: true });
      const result = parseDocument(nestedLists(MAX_NODE_DEPTH + 2));
      expect(result).toMatchObject({
        ok: false,
        message: `Nodes nested deeper than ${MAX_NODE_DEPTH}`,
      });
      if (!result.ok) expect(result.path).toMatch(/^nodes\[0\](\.nodes\[0\])+$/);
    });

    it('survives absurd nesting without exhausting the stack', () => {
      let node: unknown = { type: 'PARAGRAPH', nodes: [] };
      for (let i = 0; i < 100_000; i++) node = { type: 'LIST_ITEM', nodes: [node] };
      expect(parseDocument({ nodes: [node] })).toMatchObject({ ok: false, path: '' });
      let data: unknown = 1;
      for (let i = 0; i < 500; i++) data = { a: data };
      expect(parseDocument({ nodes: [{ type: 'EXTERNAL', externalData: data }] })).toMatchObject({
        ok: false,
        message: expect.stringMatching(/Nested deeper than/),
      });
    });

    it(`rejects more than ${MAX_NODES} nodes`, () => {
      const nodes = Array.from({ length: MAX_NODES / 2 }, () => paragraph('x'));
      expect(parseDocument({ nodes })).toMatchObject({ ok: true });
      const result = parseDocument({ nodes: [...nodes, paragraph('one too many')] });
      expect(result).toEqual({
        ok: false,
        path: `nodes[${MAX_NODES / 2}]`,
        message: `More than ${MAX_NODES} nodes`,
      });
    });

    it('rejects a TEXT node longer than the limit', () => {
      const long = 'a'.repeat(MAX_TEXT_LENGTH + 1);
      expect(parseDocument({ nodes: [paragraph('ok', text(long))] })).toEqual({
        ok: false,
        path: 'nodes[0].nodes[1].textData.text',
        message: `Text longer than ${MAX_TEXT_LENGTH} characters`,
      });
    });

    it('rejects a document larger than the byte limit', () => {
      const chunk = 'é'.repeat(MAX_TEXT_LENGTH / 2);
      const count = Math.ceil(MAX_DOCUMENT_BYTES / MAX_TEXT_LENGTH) + 1;
      const nodes = Array.from({ length: count }, () => paragraph(chunk));
      expect(parseDocument({ nodes })).toMatchObject({
        ok: false,
        path: '',
        message: `The document is larger than ${MAX_DOCUMENT_BYTES} bytes`,
      });
    });

    it('rejects input that is not JSON', () => {
      const cyclic: Record<string, unknown> = { nodes: [] };
      cyclic.self = cyclic;
      expect(parseDocument(cyclic)).toMatchObject({ ok: false });
    });
  });
});

describe('formatPath', () => {
  it('writes keys with dots and indexes in brackets', () => {
    expect(formatPath(['nodes', 3, 'nodes', 0, 'tableCellData', 'cellStyle'])).toBe(
      'nodes[3].nodes[0].tableCellData.cellStyle',
    );
    expect(formatPath([])).toBe('');
  });
});
