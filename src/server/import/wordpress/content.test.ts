import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BlockNode, RichNode } from '../../../rich-content/model/nodes';
import { parseDocument } from '../../../rich-content/model/parse';
import { wordpressContentToDocument } from './content';

/** The text of a node's TEXT children, joined. */
function textOf(node: RichNode | undefined): string {
  if (!node) return '';
  if (node.type === 'TEXT') return node.textData.text;
  return node.nodes.map((child) => textOf(child as RichNode)).join('');
}

function convert(html: string) {
  const result = wordpressContentToDocument(html);
  expect(parseDocument(result.document).ok).toBe(true);
  return result;
}

const types = (nodes: readonly BlockNode[]) => nodes.map((node) => node.type);

describe('wordpressContentToDocument: blocks', () => {
  it('keeps an unknown block as HTML, as written, and reports it by name', () => {
    const { document, problems } = convert(
      '<!-- wp:verse -->\n<pre class="wp-block-verse">Roses\n  are red</pre>\n<!-- /wp:verse -->',
    );
    expect(document.nodes).toMatchObject([
      { type: 'HTML', htmlData: { html: '<pre class="wp-block-verse">Roses\n  are red</pre>' } },
    ]);
    expect(problems).toEqual([
      expect.objectContaining({
        code: 'unknown-block:core/verse',
        sample: expect.stringContaining('Roses'),
      }),
    ]);
  });

  it('reports a plugin block and a dynamic (self-closing) block too', () => {
    const { document, problems } = convert(
      '<!-- wp:latest-posts {"postsToShow":3} /-->\n<!-- wp:jetpack/markdown {"source":"*hi*"} -->\n<div><p><em>hi</em></p></div>\n<!-- /wp:jetpack/markdown -->',
    );
    expect(types(document.nodes)).toEqual(['HTML', 'HTML']);
    expect(problems.map((p) => p.code)).toEqual([
      'unknown-block:core/latest-posts',
      'unknown-block:jetpack/markdown',
    ]);
  });

  it('turns a Vimeo embed (also the old core-embed/vimeo block) into a VIDEO with its caption', () => {
    const { document } = convert(
      '<!-- wp:core-embed/vimeo {"url":"https://vimeo.com/76979871"} -->\n<figure class="wp-block-embed"><div class="wp-block-embed__wrapper">\nhttps://vimeo.com/76979871\n</div><figcaption>The new Vimeo player</figcaption></figure>\n<!-- /wp:core-embed/vimeo -->',
    );
    expect(document.nodes).toMatchObject([
      {
        type: 'VIDEO',
        videoData: { video: { src: { url: 'https://vimeo.com/76979871' } } },
        nodes: [{ type: 'CAPTION' }],
      },
    ]);
    expect(textOf(document.nodes[0])).toBe('The new Vimeo player');
  });

  it('keeps an embed of a site that is not a video host as a link preview, reported', () => {
    const { document, problems } = convert(
      '<!-- wp:embed {"url":"https://twitter.com/wordpress/status/1","providerNameSlug":"twitter"} -->\n<figure class="wp-block-embed"><div class="wp-block-embed__wrapper">https://twitter.com/wordpress/status/1</div></figure>\n<!-- /wp:embed -->',
    );
    expect(document.nodes).toMatchObject([
      {
        type: 'LINK_PREVIEW',
        linkPreviewData: { link: { url: 'https://twitter.com/wordpress/status/1' } },
      },
    ]);
    expect(problems.map((p) => p.code)).toEqual(['embed-as-link:twitter']);
  });

  it('gives columns their width out of 12', () => {
    const { document } = convert(
      '<!-- wp:columns --><div class="wp-block-columns"><!-- wp:column {"width":"25%"} --><div class="wp-block-column"><!-- wp:paragraph --><p>A</p><!-- /wp:paragraph --></div><!-- /wp:column --><!-- wp:column {"width":"75%"} --><div class="wp-block-column"><!-- wp:heading --><h2>B</h2><!-- /wp:heading --></div><!-- /wp:column --></div><!-- /wp:columns -->',
    );
    expect(document.nodes).toMatchObject([
      {
        type: 'LAYOUT',
        nodes: [
          { layoutCellData: { colSpan: 3 }, nodes: [{ type: 'PARAGRAPH' }] },
          {
            layoutCellData: { colSpan: 9 },
            nodes: [{ type: 'HEADING', headingData: { level: 2 } }],
          },
        ],
      },
    ]);
  });

  it('makes each button of a buttons block a BUTTON', () => {
    const { document } = convert(
      '<!-- wp:buttons --><div class="wp-block-buttons"><!-- wp:button --><div class="wp-block-button"><a class="wp-block-button__link" href="https://a.example" target="_blank">One</a></div><!-- /wp:button --><!-- wp:button --><div class="wp-block-button"><a class="wp-block-button__link" href="https://b.example">Two</a></div><!-- /wp:button --></div><!-- /wp:buttons -->',
    );
    expect(document.nodes).toMatchObject([
      {
        type: 'BUTTON',
        buttonData: { text: 'One', link: { url: 'https://a.example', target: 'BLANK' } },
      },
      {
        type: 'BUTTON',
        buttonData: { text: 'Two', link: { url: 'https://b.example', target: 'SELF' } },
      },
    ]);
  });

  it('reads a preformatted block as a code block, whitespace kept', () => {
    const { document } = convert(
      '<!-- wp:preformatted --><pre class="wp-block-preformatted">a  b\n  c &amp; d</pre><!-- /wp:preformatted -->',
    );
    expect(document.nodes).toMatchObject([{ type: 'CODE_BLOCK' }]);
    expect(textOf(document.nodes[0])).toBe('a  b\n  c & d');
  });

  it('flattens a heading inside a quote into a paragraph (a quote holds paragraphs)', () => {
    const { document } = convert(
      '<!-- wp:quote --><blockquote class="wp-block-quote"><!-- wp:heading --><h3>Loud</h3><!-- /wp:heading --><!-- wp:paragraph --><p>Quiet</p><!-- /wp:paragraph --></blockquote><!-- /wp:quote -->',
    );
    expect(document.nodes).toMatchObject([
      { type: 'BLOCKQUOTE', nodes: [{ type: 'PARAGRAPH' }, { type: 'PARAGRAPH' }] },
    ]);
    expect(document.nodes[0]?.nodes.map((p) => textOf(p as RichNode))).toEqual(['Loud', 'Quiet']);
  });

  it('reads a pull quote as a quote', () => {
    const { document, problems } = convert(
      '<!-- wp:pullquote --><figure class="wp-block-pullquote"><blockquote><p>Big words</p><cite>Someone</cite></blockquote></figure><!-- /wp:pullquote -->',
    );
    expect(document.nodes.map((n) => n.type)).toEqual(['BLOCKQUOTE']);
    expect(document.nodes[0]?.nodes.map((p) => textOf(p as RichNode))).toEqual([
      'Big words',
      '— Someone',
    ]);
    expect(problems).toEqual([]);
  });

  it('drops the more marker without a trace in the document', () => {
    const { document, problems } = convert(
      '<!-- wp:paragraph --><p>Intro</p><!-- /wp:paragraph --><!-- wp:more --><!--more--><!-- /wp:more -->',
    );
    expect(types(document.nodes)).toEqual(['PARAGRAPH']);
    expect(problems).toEqual([]);
  });
});

describe('wordpressContentToDocument: classic HTML', () => {
  it('starts a paragraph at each blank line and breaks lines at single newlines (wpautop)', () => {
    const { document } = convert(
      'First line\nsecond line\n\nNew <strong>paragraph</strong>.\n\n\n',
    );
    expect(types(document.nodes)).toEqual(['PARAGRAPH', 'PARAGRAPH']);
    expect(textOf(document.nodes[0])).toBe('First line\nsecond line');
    expect(document.nodes[1]?.nodes).toMatchObject([
      { textData: { text: 'New ', decorations: [] } },
      { textData: { text: 'paragraph', decorations: [{ type: 'BOLD' }] } },
      { textData: { text: '.', decorations: [] } },
    ]);
  });

  it('keeps marks nested (a bold link in italics) and settles whitespace', () => {
    const { document } = convert(
      '<p>  a   <em>b <a href="https://x.example"><b>c</b></a></em>  </p>',
    );
    expect(document.nodes[0]?.nodes).toMatchObject([
      { textData: { text: 'a ', decorations: [] } },
      { textData: { text: 'b ', decorations: [{ type: 'ITALIC' }] } },
      {
        textData: {
          text: 'c',
          decorations: [
            { type: 'BOLD' },
            { type: 'ITALIC' },
            { type: 'LINK', linkData: { link: { url: 'https://x.example' } } },
          ],
        },
      },
    ]);
  });

  it('keeps the text of formats Inkwell lacks and reports each kind once', () => {
    const { document, problems } = convert(
      '<p>Run <code>npm i</code>, not <code>yarn</code>; <del>old</del> new</p>',
    );
    expect(textOf(document.nodes[0])).toBe('Run npm i, not yarn; old new');
    expect(problems.map((p) => p.code)).toEqual(['format-lost:code', 'format-lost:strikethrough']);
  });

  it('keeps an unsafe link as plain text, reported', () => {
    const { document, problems } = convert('<p><a href="javascript:alert(1)">click</a></p>');
    expect(document.nodes[0]?.nodes).toMatchObject([
      { textData: { text: 'click', decorations: [] } },
    ]);
    expect(problems.map((p) => p.code)).toEqual(['unsafe-link']);
  });

  it('turns a line holding only a YouTube address, and a YouTube iframe, into videos', () => {
    const { document } = convert(
      'Watch this:\n\nhttps://www.youtube.com/watch?v=dQw4w9WgXcQ\n\n<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>',
    );
    expect(types(document.nodes)).toEqual(['PARAGRAPH', 'VIDEO', 'VIDEO']);
  });

  it('nests a list written straight inside a list under the item before it', () => {
    const { document } = convert('<ol start="3"><li>a</li><ul><li>b</li></ul><li>c</li></ol>');
    expect(document.nodes).toMatchObject([
      {
        type: 'ORDERED_LIST',
        orderedListData: { start: 3 },
        nodes: [
          { nodes: [{ type: 'PARAGRAPH' }, { type: 'BULLETED_LIST' }] },
          { nodes: [{ type: 'PARAGRAPH' }] },
        ],
      },
    ]);
  });

  it('reads a caption shortcode with a linked image and a caption attribute (older form)', () => {
    const { document, images } = convert(
      '[caption id="attachment_5" align="alignleft" width="150" caption="Old style"]<a href="https://x.example/full.jpg"><img src="https://x.example/small.jpg" alt="Small" width="150" height="100" /></a>[/caption]',
    );
    expect(document.nodes).toMatchObject([
      {
        type: 'IMAGE',
        imageData: { altText: 'Small', link: { url: 'https://x.example/full.jpg' } },
        nodes: [{ type: 'CAPTION' }],
      },
    ]);
    expect(images).toEqual([
      { url: 'https://x.example/small.jpg', alt: 'Small', caption: 'Old style' },
    ]);
  });

  it('reports shortcodes it cannot run, keeping their text', () => {
    const { document, problems } = convert(
      '[gallery ids="1,2,3"]\n\nText [1] and [contact-form-7 id="9"]',
    );
    expect(textOf(document.nodes[0])).toBe('[gallery ids="1,2,3"]');
    expect(problems.map((p) => p.code)).toEqual([
      'unknown-shortcode:gallery',
      'unknown-shortcode:contact-form-7',
    ]);
  });

  it('keeps elements Inkwell has no block for as HTML, reported', () => {
    const { document, problems } = convert(
      '<form action="/x"><input name="q"></form><dl><dt>a</dt><dd>b</dd></dl>',
    );
    expect(types(document.nodes)).toEqual(['HTML', 'HTML']);
    expect(problems.map((p) => p.code)).toEqual(['unsupported-html:form', 'unsupported-html:dl']);
  });

  it('gives a table cell its blocks and spans', () => {
    const { document } = convert(
      '<table><tr><th colspan="2">H</th></tr><tr><td><ul><li>x</li></ul></td><td>y</td></tr></table>',
    );
    expect(document.nodes).toMatchObject([
      {
        type: 'TABLE',
        tableData: { rowHeader: true },
        nodes: [
          { nodes: [{ tableCellData: { colspan: 2 } }] },
          { nodes: [{ nodes: [{ type: 'BULLETED_LIST' }] }, { nodes: [{ type: 'PARAGRAPH' }] }] },
        ],
      },
    ]);
  });

  it('gives the same document for the same content (ids are per document)', () => {
    const html = '<p>a</p><ul><li>b</li></ul>';
    expect(wordpressContentToDocument(html)).toEqual(wordpressContentToDocument(html));
  });
});

describe('wordpressContentToDocument on any input', () => {
  const fragment = fc.oneof(
    fc.string(),
    fc.constantFrom(
      '<p>',
      '</p>',
      '<ul><li>',
      '</li></ul>',
      '<!-- wp:paragraph -->',
      '<!-- /wp:paragraph -->',
      '<!-- wp:columns -->',
      '<!-- wp:column {"width":"200%"} -->',
      '<!-- /wp:column -->',
      '<!-- wp:unknown/thing {bad json} /-->',
      '<blockquote>',
      '<table><tr><td>',
      '<details><summary>',
      '<img src="https://x.example/a.jpg">',
      '<a href="https://x.example">',
      '[caption]',
      '[/caption]',
      '\n\n',
      '<h7>',
      '<figure>',
      '<pre>',
    ),
  );

  it('always gives a document that parseDocument accepts, and never throws', () => {
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 30 }), (parts) => {
        const { document } = wordpressContentToDocument(parts.join(''));
        expect(parseDocument(document).ok).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
