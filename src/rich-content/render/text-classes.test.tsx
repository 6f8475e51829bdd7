import type { DOMOutputSpec, Node as PmNode } from '@tiptap/pm/model';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { parseDocument, type RichDocument } from '../document';
import { toEditorJson } from '../editor/convert';
import { getRichContentSchema } from '../editor/extensions';
import { RichContent } from './rich-content';

const text = (value: string) => [
  { type: 'TEXT', id: '', nodes: [], textData: { text: value, decorations: [] } },
];
const NODES = [
  { type: 'PARAGRAPH', id: 'p', nodes: text('Body'), paragraphData: {} },
  { type: 'HEADING', id: 'h', nodes: text('Part'), headingData: { level: 3 } },
  {
    type: 'BLOCKQUOTE',
    id: 'q',
    nodes: [{ type: 'PARAGRAPH', id: 'qp', nodes: text('Said'), paragraphData: {} }],
  },
  {
    type: 'BULLETED_LIST',
    id: 'ul',
    nodes: [
      {
        type: 'LIST_ITEM',
        id: 'li',
        nodes: [{ type: 'PARAGRAPH', id: 'lp', nodes: text('One'), paragraphData: {} }],
      },
    ],
  },
  {
    type: 'ORDERED_LIST',
    id: 'ol',
    nodes: [
      {
        type: 'LIST_ITEM',
        id: 'li2',
        nodes: [{ type: 'PARAGRAPH', id: 'lp2', nodes: text('First'), paragraphData: {} }],
      },
    ],
  },
  { type: 'CODE_BLOCK', id: 'c', nodes: text('x = 1'), codeBlockData: {} },
];

function documentOfNodes(): RichDocument {
  const result = parseDocument({ nodes: NODES });
  if (!result.ok) throw new Error(`${result.path}: ${result.message}`);
  return result.document;
}

/** The tag and class of every element the editor's schema draws for the document. */
function editorElements(document: RichDocument): string[] {
  const schema = getRichContentSchema();
  const root = schema.nodeFromJSON(toEditorJson(document));
  const found: string[] = [];
  root.descendants((node: PmNode) => {
    const spec = node.type.spec.toDOM?.(node) as DOMOutputSpec | undefined;
    if (Array.isArray(spec) && typeof spec[0] === 'string') {
      const attributes = (spec[1] ?? {}) as { class?: string };
      if (typeof attributes === 'object' && attributes.class) {
        found.push(`${spec[0]}.${attributes.class.split(' ').join('.')}`);
      }
    }
    return true;
  });
  return found;
}

/** The tag and class of every classed text element of the post page's HTML. */
function pageElements(document: RichDocument): string[] {
  const html = renderToStaticMarkup(<RichContent document={document} />);
  return [...html.matchAll(/<(p|h\d|blockquote|ul|ol|pre) [^>]*class="(rc-[^"]*)"/g)].map(
    ([, tag, classes]) => `${tag}.${classes!.split(' ').join('.')}`,
  );
}

describe('the editor draws text with the post page classes (issue 23, WYSIWYG)', () => {
  it('gives paragraphs, headings, quotes, lists and code the classes text-nodes.css styles', () => {
    const document = documentOfNodes();
    const editor = editorElements(document);
    // The page draws a level-1 heading as h2 (the title is the h1); the editor keeps the level's
    // tag. The class is what carries the look, and it is the same.
    const page = pageElements(document);
    expect(page.length).toBeGreaterThanOrEqual(NODES.length);
    for (const element of page) expect(editor).toContain(element);
    expect(editor).toEqual(
      expect.arrayContaining([
        'p.rc-paragraph',
        'h3.rc-heading.rc-h3',
        'blockquote.rc-blockquote',
        'ul.rc-list.rc-list--bulleted',
        'ol.rc-list.rc-list--ordered',
        'pre.rc-code',
      ]),
    );
  });
});
