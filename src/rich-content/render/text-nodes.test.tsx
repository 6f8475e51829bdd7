import type { ReactElement } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  collapsibleList,
  type Decoration,
  layout,
  paragraph,
  parseDocument,
  type RichDocument,
  table,
  text,
} from '../document';
import { RENDERERS as TEXT_RENDERERS } from '../nodes/render-registry';
import { RichContent } from './rich-content';
import type { RenderContext } from './types';

/** A document from raw JSON nodes, parsed as a stored one would be (defaults filled in). */
function doc(nodes: unknown[], documentStyle?: unknown): RichDocument {
  const result = parseDocument({ nodes, ...(documentStyle !== undefined && { documentStyle }) });
  if (!result.ok) throw new Error(`${result.path}: ${result.message}`);
  return result.document;
}

function html(nodes: unknown[], context: RenderContext = {}, documentStyle?: unknown): string {
  return renderToStaticMarkup(
    <RichContent document={doc(nodes, documentStyle)} context={context} />,
  );
}

const t = (value: string, decorations: Decoration[] = []) => ({
  type: 'TEXT',
  textData: { text: value, decorations },
});
const p = (...nodes: unknown[]) => ({ type: 'PARAGRAPH', id: 'p1', nodes });
/** Markup of one decorated run inside a paragraph. */
const run = (decorations: Decoration[], context?: RenderContext) =>
  html([p(t('x', decorations))], context).replace(
    /^.*?<p class="rc-paragraph" dir="auto">|<\/p><\/div>$/g,
    '',
  );

describe('decorations', () => {
  it('BOLD: strong at 600 and above, its weight when not 700, an explicit weight below', () => {
    expect(run([{ type: 'BOLD' }])).toBe('<strong>x</strong>');
    expect(run([{ type: 'BOLD', fontWeightValue: 900 }])).toBe(
      '<strong style="font-weight:900">x</strong>',
    );
    expect(run([{ type: 'BOLD', fontWeightValue: 400 }])).toBe(
      '<span style="font-weight:400">x</span>',
    );
  });

  it('ITALIC and UNDERLINE, and their explicit "off"', () => {
    expect(run([{ type: 'ITALIC' }, { type: 'UNDERLINE' }])).toBe('<em><u>x</u></em>');
    expect(run([{ type: 'ITALIC', italicData: false }])).toBe(
      '<span style="font-style:normal">x</span>',
    );
    expect(run([{ type: 'UNDERLINE', underlineData: false }])).toBe('x');
  });

  it('SPOILER: a covered button-role span, text hidden from assistive technology', () => {
    const out = run([{ type: 'SPOILER', spoilerData: { id: 's1' } }, { type: 'BOLD' }], {
      labels: { spoiler: 'Spoiler alert' },
    });
    expect(out).toBe(
      '<span class="rc-spoiler" role="button" tabindex="0" aria-expanded="false">' +
        '<span class="rc-visually-hidden">Spoiler alert</span>' +
        '<span class="rc-spoiler__text" aria-hidden="true"><strong>x</strong></span></span>',
    );
  });

  it('ANCHOR: links to the target node, which gets the matching id', () => {
    const out = html([
      p(t('jump', [{ type: 'ANCHOR', anchorData: { anchor: 'target-1' } }])),
      { type: 'HEADING', id: 'target-1', nodes: [t('Here')], headingData: { level: 2 } },
      { type: 'HEADING', id: 'other', nodes: [t('Not a target')], headingData: { level: 3 } },
    ]);
    expect(out).toContain('<a class="rc-anchor-link" href="#rc-target-1">jump</a>');
    expect(out).toContain('<h2 class="rc-heading rc-h2" dir="auto" id="rc-target-1">Here</h2>');
    expect(out).toContain('<h3 class="rc-heading rc-h3" dir="auto">Not a target</h3>');
  });

  it('ANCHOR: odd characters in an anchor cannot break out of the attribute or the hash', () => {
    const out = run([{ type: 'ANCHOR', anchorData: { anchor: '"><script>x</script>' } }]);
    expect(out).toBe('<a class="rc-anchor-link" href="#rc----script-x--script-">x</a>');
  });

  it('MENTION: a link to the member profile, a plain span without a profile URL', () => {
    const mention: Decoration = { type: 'MENTION', mentionData: { name: 'Ann', slug: 'ann' } };
    expect(run([mention], { profileUrl: (slug) => `/profile/${slug}` })).toBe(
      '<a class="rc-mention" href="/profile/ann">x</a>',
    );
    expect(run([mention])).toBe('<span class="rc-mention">x</span>');
    // The member's id goes along when the mention has it (SPEC §2: siteMemberId and slug).
    const withId: Decoration = {
      type: 'MENTION',
      mentionData: { name: 'Ann', slug: '', id: 'm-7' },
    };
    expect(run([withId], { profileUrl: (slug, id) => `/profiles/${slug || id}` })).toBe(
      '<a class="rc-mention" href="/profiles/m-7">x</a>',
    );
    expect(run([mention], { profileUrl: () => 'javascript:alert(1)' })).toBe(
      '<span class="rc-mention">x</span>',
    );
  });

  it('LINK: target and rel as stored, noopener for blank targets, anchors inside the document', () => {
    const link = (l: object): Decoration => ({
      type: 'LINK',
      linkData: { link: { target: 'SELF', ...l } },
    });
    expect(run([link({ url: 'https://a.example/' })])).toBe('<a href="https://a.example/">x</a>');
    expect(run([link({ url: '/p', target: 'BLANK', rel: { sponsored: true, ugc: true } })])).toBe(
      '<a href="/p" target="_blank" rel="sponsored ugc noopener">x</a>',
    );
    expect(run([link({ url: '/p', target: 'TOP', rel: { noreferrer: true } })])).toBe(
      '<a href="/p" target="_top" rel="noreferrer">x</a>',
    );
    expect(run([link({ anchor: 'n1' })])).toBe('<a href="#rc-n1">x</a>');
  });

  it('LINK: unsafe schemes are dropped, however they are disguised', () => {
    for (const url of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
    ]) {
      const out = run([{ type: 'LINK', linkData: { link: { url, target: 'BLANK' } } }]);
      expect(out).toBe('x');
    }
  });

  it('COLOR: valid CSS colours only', () => {
    const color = (foreground?: string, background?: string) =>
      run([{ type: 'COLOR', colorData: { foreground, background } }]);
    expect(color('#ff0000', 'rgba(0, 0, 0, 0.5)')).toBe(
      '<span style="color:#ff0000;background-color:rgba(0, 0, 0, 0.5)">x</span>',
    );
    expect(color('hsl(120deg 50% 50% / 0.5)')).toBe(
      '<span style="color:hsl(120deg 50% 50% / 0.5)">x</span>',
    );
    expect(color('RebeccaPurple')).toBe('<span style="color:rebeccapurple">x</span>');
    for (const bad of [
      'expression(alert(1))',
      'url(javascript:alert(1))',
      'red; position: fixed',
      'red;background:url(//evil.example/x)',
      'rgb(0,0,0) url(x)',
      '#12345',
      'color_15',
      'var(--secret)',
      'inherit',
      '</style><script>',
    ]) {
      expect(color(bad, bad)).toBe('x');
    }
  });

  it('FONT_SIZE: PX or EM, clamped to sane bounds', () => {
    const size = (value: number, unit?: 'PX' | 'EM') =>
      run([{ type: 'FONT_SIZE', fontSizeData: { unit: unit ?? 'PX', value } }]);
    expect(size(20)).toBe('<span style="font-size:20px">x</span>');
    expect(size(1.5, 'EM')).toBe('<span style="font-size:1.5em">x</span>');
    expect(size(1000)).toBe('<span style="font-size:96px">x</span>');
    expect(size(0.001)).toBe('<span style="font-size:6px">x</span>');
    expect(size(900, 'EM')).toBe('<span style="font-size:5em">x</span>');
  });

  it('EXTERNAL decorations are ignored', () => {
    expect(run([{ type: 'EXTERNAL', externalData: { onclick: 'alert(1)' } }])).toBe('x');
  });

  it('nests from the inside out: style, underline, italic, bold, link, spoiler', () => {
    const out = run([
      { type: 'SPOILER' },
      { type: 'LINK', linkData: { link: { url: '/a', target: 'SELF' } } },
      { type: 'COLOR', colorData: { foreground: 'red' } },
      { type: 'BOLD' },
      { type: 'ITALIC' },
    ]);
    expect(out).toContain(
      '<a href="/a"><strong><em><span style="color:red">x</span></em></strong></a>',
    );
    expect(out).toMatch(/^<span class="rc-spoiler"/);
  });

  it('escapes text', () => {
    expect(run([])).toBe('x');
    expect(html([p(t('<img src=x onerror=alert(1)> & "q"'))])).toContain(
      '&lt;img src=x onerror=alert(1)&gt; &amp; &quot;q&quot;',
    );
  });

  it('hashtags link to their feed, but not inside a link', () => {
    const context = { hashtagUrl: (w: string) => `/blog/hashtags/${w}` };
    expect(html([p(t('#one'))], context)).toContain(
      '<a class="rc-hashtag" href="/blog/hashtags/one">#one</a>',
    );
    expect(
      html(
        [p(t('#one', [{ type: 'LINK', linkData: { link: { url: '/x', target: 'SELF' } } }]))],
        context,
      ),
    ).not.toContain('rc-hashtag');
  });
});

describe('text blocks', () => {
  it('PARAGRAPH: alignment, line height, indentation and node style', () => {
    const out = html([
      {
        type: 'PARAGRAPH',
        nodes: [t('a')],
        style: { paddingTop: '12px', paddingBottom: '2em', backgroundColor: '#eee' },
        paragraphData: {
          textStyle: { textAlignment: 'CENTER', lineHeight: '1.8' },
          indentation: 2,
        },
      },
    ]);
    expect(out).toContain(
      '<p class="rc-paragraph rc-text-center rc-indented" dir="auto" style="padding-top:12px;padding-bottom:2em;background-color:#eee;line-height:1.8;--rc-indent:2">a</p>',
    );
  });

  it('AUTO alignment (the SPEC §9 default) adds nothing; each alignment has its class', () => {
    const aligned = (textAlignment: string) =>
      html([
        { type: 'PARAGRAPH', nodes: [t('a')], paragraphData: { textStyle: { textAlignment } } },
      ]);
    expect(aligned('AUTO')).toContain('<p class="rc-paragraph" dir="auto">a</p>');
    expect(aligned('LEFT')).toContain('rc-text-left');
    expect(aligned('RIGHT')).toContain('rc-text-right');
    expect(aligned('JUSTIFY')).toContain('rc-text-justify');
  });

  it('node style and line height: CSS injection and huge values are dropped or clamped', () => {
    const out = html([
      {
        type: 'PARAGRAPH',
        nodes: [t('a')],
        style: {
          paddingTop: '10px; position: fixed; top: 0',
          paddingBottom: '999999px',
          backgroundColor: 'url(javascript:alert(1))',
        },
        paragraphData: { textStyle: { lineHeight: '1;background:url(x)' } },
      },
      {
        type: 'PARAGRAPH',
        nodes: [t('b')],
        style: { paddingTop: 'expression(alert(1))', backgroundColor: 'red' },
        paragraphData: { textStyle: { lineHeight: '400' } },
      },
    ]);
    expect(out).toContain('<p class="rc-paragraph" dir="auto" style="padding-bottom:400px">a</p>');
    expect(out).toContain(
      '<p class="rc-paragraph" dir="auto" style="background-color:red;line-height:5">b</p>',
    );
    expect(out).not.toMatch(/position|expression|javascript|url\(/);
  });

  it('an empty PARAGRAPH keeps its line', () => {
    expect(html([{ type: 'PARAGRAPH', nodes: [] }])).toContain(
      '<p class="rc-paragraph rc-paragraph--empty" dir="auto"><br/></p>',
    );
  });

  it('HEADING: level 1 renders as h2 (the post title is the h1); 2 to 6 as themselves', () => {
    const out = html(
      [1, 2, 3, 4, 5, 6].map((level) => ({
        type: 'HEADING',
        nodes: [t(`H${level}`)],
        headingData: { level, textStyle: { textAlignment: 'RIGHT' } },
      })),
    );
    expect(out).toContain('<h2 class="rc-heading rc-h1 rc-text-right" dir="auto">H1</h2>');
    expect(out).toContain('<h2 class="rc-heading rc-h2 rc-text-right" dir="auto">H2</h2>');
    expect(out).toContain('<h6 class="rc-heading rc-h6 rc-text-right" dir="auto">H6</h6>');
    expect(out).not.toContain('<h1');
  });

  it('lists: bulleted and ordered, start, offset and indentation, nested lists', () => {
    const item = (value: string, nested?: unknown) => ({
      type: 'LIST_ITEM',
      nodes: [p(t(value)), ...(nested ? [nested] : [])],
    });
    const out = html([
      {
        type: 'ORDERED_LIST',
        nodes: [item('a', { type: 'BULLETED_LIST', nodes: [item('b')] })],
        orderedListData: { start: 3, indentation: 1 },
      },
      { type: 'ORDERED_LIST', nodes: [item('c')], orderedListData: { offset: 4 } },
    ]);
    expect(out).toContain(
      '<ol class="rc-list rc-list--ordered rc-indented" dir="auto" style="--rc-indent:1" start="3"><li dir="auto"><p class="rc-paragraph" dir="auto">a</p><ul class="rc-list rc-list--bulleted" dir="auto"><li dir="auto">',
    );
    expect(out).toContain('<ol class="rc-list rc-list--ordered" dir="auto" start="5">');
  });

  it('BLOCKQUOTE holds its paragraphs', () => {
    expect(
      html([{ type: 'BLOCKQUOTE', nodes: [p(t('q'))], blockquoteData: { indentation: 1 } }]),
    ).toContain(
      '<blockquote class="rc-blockquote rc-indented" dir="auto" style="--rc-indent:1"><p class="rc-paragraph" dir="auto">q</p></blockquote>',
    );
  });

  it('CAPTION is a figcaption (media renderers place it in their figure)', () => {
    const caption = TEXT_RENDERERS.CAPTION!(
      {
        type: 'CAPTION',
        id: 'c1',
        nodes: [],
        captionData: { textStyle: { textAlignment: 'LEFT' } },
      },
      'A caption',
      {},
    );
    expect(renderToStaticMarkup(caption as ReactElement)).toBe(
      '<figcaption class="rc-caption rc-text-left" dir="auto">A caption</figcaption>',
    );
  });

  it('DIVIDER: line style, width and alignment as classes', () => {
    expect(html([{ type: 'DIVIDER' }])).toContain(
      '<hr class="rc-divider rc-divider--single rc-divider--large"/>',
    );
    expect(
      html([
        {
          type: 'DIVIDER',
          dividerData: { lineStyle: 'DOTTED', width: 'SMALL', alignment: 'LEFT' },
        },
      ]),
    ).toContain('<hr class="rc-divider rc-divider--dotted rc-divider--small rc-divider--left"/>');
  });
});

describe('structure', () => {
  it('BUTTON of type LINK: a safe link with target and rel, styles sanitised', () => {
    const out = html([
      {
        type: 'BUTTON',
        buttonData: {
          type: 'LINK',
          text: 'Go',
          link: { url: 'https://x.example', target: 'BLANK', rel: { nofollow: true } },
          containerData: { alignment: 'CENTER' },
          styles: {
            border: { width: 2, radius: 999 },
            colors: { text: '#fff', border: 'expression(1)', background: 'navy' },
          },
        },
      },
    ]);
    expect(out).toContain(
      '<div class="rc-button-row rc-align-center"><a href="https://x.example" target="_blank" rel="nofollow noopener" class="rc-button" style="border-width:2px;border-style:solid;border-radius:100px;color:#fff;background-color:navy">Go</a></div>',
    );
  });

  it('BUTTON of type LINK with an unsafe URL goes nowhere; ACTION is a button', () => {
    const out = html([
      { type: 'BUTTON', buttonData: { type: 'LINK', text: 'Bad', link: { url: 'javascript:x' } } },
      { type: 'BUTTON', buttonData: { type: 'ACTION', text: 'Act' } },
    ]);
    expect(out).toContain('<span class="rc-button rc-button--inert">Bad</span>');
    expect(out).toContain('<button type="button" class="rc-button">Act</button>');
    expect(out).not.toContain('javascript');
  });

  it('TABLE: header row in thead with th[scope=col], header column th[scope=row], widths and heights', () => {
    const node = table(
      [
        ['Name', 'Age'],
        ['Ann', '31'],
      ],
      { rowHeader: true },
    );
    node.tableData.columnHeader = true;
    node.tableData.dimensions = {
      colsWidthRatio: [3, 1],
      rowsHeight: [40, 9999],
      colsMinWidth: [200, 100],
    };
    const out = html([node]);
    expect(out).toContain(
      '<section class="rc-table" aria-label="Table" tabindex="0"><table class="rc-table__table" style="min-width:300px"><colgroup><col style="width:75%"/><col style="width:25%"/></colgroup>',
    );
    expect(out).toContain(
      '<thead><tr style="height:40px"><th class="rc-table__cell" scope="col"><p class="rc-paragraph" dir="auto">Name</p></th><th class="rc-table__cell" scope="col">',
    );
    expect(out).toContain(
      '<tbody><tr style="height:2000px"><th class="rc-table__cell" scope="row"><p class="rc-paragraph" dir="auto">Ann</p></th><td class="rc-table__cell"><p class="rc-paragraph" dir="auto">31</p></td></tr></tbody>',
    );
  });

  it('TABLE_CELL: vertical alignment, background and border colours (sanitised), spans', () => {
    const out = html([
      {
        type: 'TABLE',
        nodes: [
          {
            type: 'TABLE_ROW',
            nodes: [
              {
                type: 'TABLE_CELL',
                nodes: [p(t('c'))],
                tableCellData: {
                  cellStyle: { verticalAlignment: 'MIDDLE', backgroundColor: '#abc' },
                  borderColors: { top: 'red', left: 'url(javascript:1)' },
                  colspan: 2,
                },
              },
            ],
          },
        ],
      },
    ]);
    expect(out).toContain(
      '<td class="rc-table__cell" colSpan="2" style="vertical-align:middle;background-color:#abc;border-top-color:red">',
    );
    expect(out).not.toContain('<thead');
  });

  it('CODE_BLOCK: a named region in the tab order, so keys can scroll a long line', () => {
    const block = { type: 'CODE_BLOCK', id: 'c1', nodes: [t('const a = 1;')] };
    expect(html([block])).toContain(
      '<pre class="rc-code" role="region" aria-label="Code" tabindex="0"><code>const a = 1;</code></pre>',
    );
    expect(html([block], { labels: { code: 'Kode' } })).toContain('aria-label="Kode"');
  });

  it('COLLAPSIBLE_LIST: details/summary, first item open by default', () => {
    const out = html([
      collapsibleList([
        { title: 'One', body: 'First body' },
        { title: 'Two', body: 'Second body' },
      ]),
    ]);
    expect(out).toMatch(
      /^<div class="rich-content"><div class="rc-collapsible"><details class="rc-collapsible__item" open=""><summary class="rc-collapsible__title"><span class="rc-paragraph" dir="auto">One<\/span><\/summary><div class="rc-collapsible__body"><p class="rc-paragraph" dir="auto">First body<\/p><\/div><\/details><details class="rc-collapsible__item"><summary/,
    );
    // HTML: a summary takes phrasing content only, never a paragraph (issue 23).
    expect(out).not.toMatch(/<summary[^>]*>(?:(?!<\/summary>).)*<p[ >]/);
  });

  it('COLLAPSIBLE_LIST: ALL, NONE, direction, and expand-only-one as a named (exclusive) group', () => {
    const list = (data: object) => {
      const node = collapsibleList([
        { title: 'One', body: 'a' },
        { title: 'Two', body: 'b' },
      ]);
      node.collapsibleListData = { ...node.collapsibleListData, ...data };
      return html([node]);
    };
    expect(list({ initialExpandedItems: 'ALL' }).match(/ open=""/g)).toHaveLength(2);
    expect(list({ initialExpandedItems: 'NONE' })).not.toContain('open=');
    expect(list({ direction: 'RTL' })).toContain('<div class="rc-collapsible" dir="rtl">');
    const exclusive = list({ expandOnlyOne: true, initialExpandedItems: 'ALL' });
    expect(exclusive.match(/ open=""/g)).toHaveLength(1);
    const names = [...exclusive.matchAll(/<details class="rc-collapsible__item" name="([^"]+)"/g)];
    expect(names).toHaveLength(2);
    expect(names[0]![1]).toBe(names[1]![1]);
    expect(exclusive).toContain('rc-collapsible--exclusive');
  });

  it('LAYOUT: a grid whose cells span their columns of 12 (equal shares when unset)', () => {
    const out = html([
      layout([{ colSpan: 8, nodes: [paragraph('wide')] }, { nodes: [paragraph('narrow')] }]),
    ]);
    expect(out).toContain(
      '<div class="rc-layout" style="--rc-col-span:6"><div class="rc-layout__cell" style="--rc-col-span:8"><p class="rc-paragraph" dir="auto">wide</p></div><div class="rc-layout__cell"><p class="rc-paragraph" dir="auto">narrow</p></div></div>',
    );
  });

  it('EXTERNAL renders its block children', () => {
    expect(
      html([{ type: 'EXTERNAL', externalData: { script: 'alert(1)' }, nodes: [p(t('inside'))] }]),
    ).toBe('<div class="rich-content"><p class="rc-paragraph" dir="auto">inside</p></div>');
  });
});

describe('document', () => {
  it('applies the document style as custom properties on the root; bad values dropped', () => {
    const out = html(
      [p(t('a'))],
      {},
      {
        headerTwo: {
          decorations: [
            { type: 'BOLD', fontWeightValue: 800 },
            { type: 'ITALIC' },
            { type: 'COLOR', colorData: { foreground: '#123456', background: 'expression(1)' } },
            { type: 'FONT_SIZE', fontSizeData: { unit: 'PX', value: 500 } },
          ],
          lineHeight: '1.2',
        },
        paragraph: {
          decorations: [{ type: 'UNDERLINE' }],
          nodeStyle: { paddingTop: '4px', backgroundColor: 'red;}body{display:none' },
        },
      },
    );
    expect(out).toContain(
      '<div class="rich-content" style="--rc-h2-weight:800;--rc-h2-style:italic;--rc-h2-color:#123456;--rc-h2-size:96px;--rc-h2-lh:1.2;--rc-p-decoration:underline;--rc-p-pt:4px">',
    );
    expect(out).not.toContain('display:none');
  });

  it('marks the root for mobile text sizes when the page is for a phone', () => {
    expect(html([p(t('a'))], { device: 'mobile' })).toMatch(
      /^<div class="rich-content rich-content--mobile">/,
    );
    expect(html([p(t('a'))], { device: 'desktop' })).toMatch(/^<div class="rich-content">/);
  });

  it('renders the same markup every time (hydration-safe)', () => {
    const document = doc([
      p(t('hello', [{ type: 'SPOILER' }]), t(' #tag')),
      collapsibleList([
        { title: 'One', body: 'a' },
        { title: 'Two', body: 'b' },
      ]),
      {
        ...collapsibleList([{ title: 'Three', body: 'c' }]),
        collapsibleListData: { expandOnlyOne: true },
      },
      table([['a', 'b']], { rowHeader: true }),
      layout([{ nodes: [paragraph('x')] }]),
    ]);
    const context: RenderContext = { hashtagUrl: (w) => `/h/${w}`, device: 'mobile' };
    const first = renderToString(<RichContent document={document} context={context} />);
    const second = renderToString(<RichContent document={document} context={context} />);
    expect(second).toBe(first);
    expect(first).toContain('aria-expanded="false"');
  });

  it('TEXT helper round-trip: builder text renders like parsed text', () => {
    const built = renderToStaticMarkup(
      <RichContent
        document={{ nodes: [paragraph(text('b', [{ type: 'BOLD' }]))], metadata: { version: 1 } }}
      />,
    );
    expect(built).toContain('<strong>b</strong>');
  });
});
