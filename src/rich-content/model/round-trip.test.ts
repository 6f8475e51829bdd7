/**
 * Property: a valid document, as stored (defaults already filled in), survives JSON and
 * `parseDocument` unchanged; and parsing is idempotent for any document the generator makes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../document';
import { documentArbitrary as document } from '../testing/arbitraries';

describe('parseDocument round trip', () => {
  it('generates nested documents (the generator reaches tables, lists and layouts)', () => {
    const types = new Set<string>();
    const walk = (nodes: unknown[]) => {
      for (const node of nodes as { type: string; nodes: unknown[] }[]) {
        types.add(node.type);
        walk(node.nodes);
      }
    };
    for (const doc of fc.sample(document, { numRuns: 300, seed: 42 })) walk(doc.nodes);
    for (const type of [
      'TABLE_CELL',
      'LIST_ITEM',
      'COLLAPSIBLE_ITEM_BODY',
      'LAYOUT_CELL',
      'TEXT',
    ]) {
      expect(types.has(type), type).toBe(true);
    }
  });

  it('returns a stored document unchanged after JSON', () => {
    fc.assert(
      fc.property(document, (doc) => {
        const result = parseDocument(JSON.parse(JSON.stringify(doc)));
        if (!result.ok) throw new Error(`${result.path}: ${result.message}`);
        expect(result.document).toEqual(doc);
      }),
      { numRuns: 200 },
    );
  });

  it('is idempotent: parsing its own output changes nothing', () => {
    fc.assert(
      fc.property(document, (doc) => {
        const first = parseDocument(doc);
        if (!first.ok) throw new Error(`${first.path}: ${first.message}`);
        expect(parseDocument(JSON.parse(JSON.stringify(first.document)))).toEqual(first);
      }),
      { numRuns: 100 },
    );
  });
});
