import { describe, expect, it } from 'vitest';
import { documentOf, paragraph } from './document';
import { importDocument, isLegacyContent } from './import';
import { fromLegacyContent } from './legacy';

const legacy = {
  blocks: [
    { key: 'a', text: 'Hello', type: 'header-two', inlineStyleRanges: [], entityRanges: [] },
    { key: 'b', text: 'World', type: 'unstyled', inlineStyleRanges: [], entityRanges: [] },
  ],
  entityMap: {},
};
const now = new Date('2024-05-01T00:00:00Z');

describe('importDocument (SPEC §3: both forms of a document)', () => {
  it('tells the forms apart', () => {
    expect(isLegacyContent(legacy)).toBe(true);
    expect(isLegacyContent({ blocks: [] })).toBe(true);
    expect(isLegacyContent(documentOf([paragraph('x')]))).toBe(false);
    expect(isLegacyContent({ blocks: [], nodes: [] })).toBe(false);
    expect(isLegacyContent(null)).toBe(false);
    expect(isLegacyContent([])).toBe(false);
  });

  it('converts the block-and-entity-map form with fromLegacyContent and checks the result', () => {
    const result = importDocument(legacy, { now });
    expect(result).toEqual({
      ok: true,
      form: 'legacy',
      document: fromLegacyContent(legacy, { now }),
    });
    if (!result.ok) return;
    expect(result.document.nodes.map((n) => n.type)).toEqual(['HEADING', 'PARAGRAPH']);
  });

  it('reads the current form through parseDocument', () => {
    const doc = documentOf([paragraph('x')], now);
    expect(importDocument(doc)).toMatchObject({ ok: true, form: 'rich-content', document: doc });
    expect(importDocument({ nodes: [{ type: 'NOPE' }] })).toMatchObject({
      ok: false,
      form: 'rich-content',
      path: 'nodes[0].type',
    });
  });

  it('refuses older-form input that is not raw content', () => {
    expect(importDocument({ blocks: [{ text: 3 }], entityMap: {} })).toMatchObject({
      ok: false,
      form: 'legacy',
    });
  });
});
