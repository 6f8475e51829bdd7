/**
 * Properties of the Ghost converters over generated content: whatever Lexical or mobiledoc they
 * are given (known nodes and cards with odd payloads, unknown ones, any text formats), they never
 * throw, always return a document `parseDocument` accepts, and report every card they could not
 * convert rather than dropping it silently.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../../../rich-content/model/parse';
import { lexicalToDocument } from './lexical';
import { mobiledocToDocument } from './mobiledoc';

const CARD_TYPES = [
  'image',
  'gallery',
  'codeblock',
  'horizontalrule',
  'embed',
  'bookmark',
  'html',
  'markdown',
  'button',
  'toggle',
  'callout',
  'video',
  'audio',
  'file',
  'paywall',
  'product',
  'signup',
];

const payloadValue = fc.oneof(
  fc.string(),
  fc.integer({ min: -5, max: 5000 }),
  fc.constant(null),
  fc.webUrl(),
  fc.constantFrom('<p>Hi <b>there</b></p>', '<iframe src="https://youtu.be/dQw4w9WgXcQ"></iframe>'),
);
const payload = fc.dictionary(
  fc.constantFrom(
    'src',
    'url',
    'html',
    'caption',
    'alt',
    'width',
    'height',
    'code',
    'markdown',
    'buttonText',
    'buttonUrl',
    'heading',
    'content',
    'calloutText',
    'fileName',
    'fileSize',
  ),
  payloadValue,
);
const card = fc
  .tuple(fc.constantFrom(...CARD_TYPES), payload)
  .map(([type, fields]) => ({ ...fields, type }));

const textNode = fc.record({
  type: fc.constantFrom('extended-text', 'text'),
  text: fc.string(),
  format: fc.integer({ min: 0, max: 255 }),
});
const inline = fc.oneof(
  textNode,
  fc.constant({ type: 'linebreak' }),
  fc.record({
    type: fc.constant('link'),
    url: fc.webUrl(),
    children: fc.array(textNode, { maxLength: 3 }),
  }),
);

const { block } = fc.letrec<{ block: Record<string, unknown>; list: Record<string, unknown> }>(
  (tie) => ({
    block: fc.oneof(
      { depthSize: 'small' },
      fc.record({ type: fc.constant('paragraph'), children: fc.array(inline, { maxLength: 4 }) }),
      fc.record({
        type: fc.constantFrom('extended-heading', 'extended-quote', 'aside'),
        tag: fc.constantFrom('h1', 'h2', 'h6', 'h9'),
        children: fc.array(inline, { maxLength: 3 }),
      }),
      card,
      tie('list'),
    ),
    list: fc.record({
      type: fc.constant('list'),
      listType: fc.constantFrom('bullet', 'number', 'check'),
      children: fc.array(
        fc.oneof(
          fc.record({
            type: fc.constant('listitem'),
            children: fc.array(inline, { maxLength: 2 }),
          }),
          fc.record({ type: fc.constant('listitem'), children: fc.tuple(tie('list')) }),
        ),
        { maxLength: 3 },
      ),
    }),
  }),
);

describe('Ghost converters on generated content', () => {
  it('turn any Lexical state into a valid document and report what they could not convert', () => {
    fc.assert(
      fc.property(fc.array(block, { maxLength: 8 }), (children) => {
        const result = lexicalToDocument({ root: { type: 'root', children } });
        expect(parseDocument(result.document).ok).toBe(true);
        expect(result.problems.filter((p) => p.code === 'document-invalid')).toEqual([]);
        const unknown = children.filter((c) => c.type === 'product' || c.type === 'signup');
        expect(result.problems.filter((p) => p.code.startsWith('unknown-card:'))).toHaveLength(
          unknown.length,
        );
      }),
      { numRuns: 150 },
    );
  });

  it('turn any mobiledoc into a valid document', () => {
    const marker = fc.tuple(
      fc.constant(0),
      fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 2 }),
      fc.integer({ min: 0, max: 3 }),
      fc.string(),
    );
    const section = fc.oneof(
      fc.tuple(
        fc.constant(1),
        fc.constantFrom('p', 'h2', 'blockquote', 'aside'),
        fc.array(marker, { maxLength: 4 }),
      ),
      fc.tuple(
        fc.constant(3),
        fc.constantFrom('ul', 'ol'),
        fc.array(fc.array(marker, { maxLength: 2 }), { maxLength: 3 }),
      ),
      fc.tuple(fc.constant(10), fc.integer({ min: 0, max: 3 })),
    );
    fc.assert(
      fc.property(
        fc.array(section, { maxLength: 8 }),
        fc.array(fc.tuple(fc.constantFrom(...CARD_TYPES, 'hr', 'code'), payload), { maxLength: 4 }),
        (sections, cards) => {
          const markups = [['strong'], ['a', ['href', 'https://x.test']], ['code'], ['em']];
          const result = mobiledocToDocument({
            version: '0.3.1',
            atoms: [],
            markups,
            cards,
            sections,
          });
          expect(parseDocument(result.document).ok).toBe(true);
          expect(result.problems.filter((p) => p.code === 'document-invalid')).toEqual([]);
        },
      ),
      { numRuns: 150 },
    );
  });
});
