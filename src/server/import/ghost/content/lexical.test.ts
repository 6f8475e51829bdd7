/**
 * Lexical → Inkwell, one node or card at a time, on small Lexical states written the way Ghost's
 * editor serialises them (see the fixture's `every-card` post for the real thing).
 */
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../../../rich-content/model/parse';
import { lexicalToDocument } from './lexical';

type Node = Record<string, unknown>;

const text = (value: string, format = 0): Node => ({ type: 'extended-text', text: value, format });
const paragraph = (...children: Node[]): Node => ({
  type: 'paragraph',
  children,
  format: '',
  indent: 0,
});
const item = (...children: Node[]): Node => ({ type: 'listitem', children });
const list = (listType: string, ...children: Node[]): Node => ({
  type: 'list',
  listType,
  start: 1,
  children,
});

function convert(children: Node[], options: Parameters<typeof lexicalToDocument>[1] = {}) {
  const result = lexicalToDocument(JSON.stringify({ root: { type: 'root', children } }), options);
  expect(parseDocument(result.document).ok).toBe(true);
  return result;
}

describe('lexicalToDocument: text', () => {
  it('carries bold, italic and underline bits and reports the formats Inkwell lacks', () => {
    const { document, problems } = convert([
      paragraph(
        text('both', 1 | 2),
        text('under', 8),
        text('struck', 4),
        text('code', 16),
        text('code again', 16),
      ),
    ]);
    const runs = document.nodes[0]!.nodes as {
      textData: { text: string; decorations: { type: string }[] };
    }[];
    expect(runs.map((r) => [r.textData.text, r.textData.decorations.map((d) => d.type)])).toEqual([
      ['both', ['BOLD', 'ITALIC']],
      ['under', ['UNDERLINE']],
      ['struck', []],
      ['code', []],
      ['code again', []],
    ]);
    // Once per post each.
    expect(problems.map((p) => [p.code, p.sample])).toEqual([
      ['format-lost:strikethrough', 'struck'],
      ['format-lost:code', 'code'],
    ]);
  });

  it('keeps links with their target, line breaks, alignment and indentation', () => {
    const { document } = convert([
      {
        type: 'paragraph',
        format: 'center',
        indent: 2,
        children: [
          {
            type: 'link',
            url: 'https://example.com/a',
            target: '_blank',
            children: [text('out', 1)],
          },
          { type: 'linebreak' },
          text('next'),
        ],
      },
    ]);
    expect(document.nodes[0]).toMatchObject({
      paragraphData: { textStyle: { textAlignment: 'CENTER' }, indentation: 2 },
      nodes: [
        {
          textData: {
            text: 'out',
            decorations: [
              { type: 'BOLD' },
              {
                type: 'LINK',
                linkData: { link: { url: 'https://example.com/a', target: 'BLANK' } },
              },
            ],
          },
        },
        { textData: { text: '\n' } },
        { textData: { text: 'next' } },
      ],
    });
  });

  it('resolves __GHOST_URL__ in links when given the old site', () => {
    const { document } = convert(
      [paragraph({ type: 'link', url: '__GHOST_URL__/other/', children: [text('x')] })],
      { siteUrl: 'https://old.example' },
    );
    expect(document.nodes[0]).toMatchObject({
      nodes: [
        {
          textData: {
            decorations: [{ linkData: { link: { url: 'https://old.example/other/' } } }],
          },
        },
      ],
    });
  });
});

describe('lexicalToDocument: blocks', () => {
  it('converts headings, quotes and asides', () => {
    const { document } = convert([
      { type: 'heading', tag: 'h3', children: [text('Three')] },
      { type: 'extended-quote', children: [text('Quoted')] },
      { type: 'aside', children: [text('Aside')] },
    ]);
    expect(document.nodes).toMatchObject([
      { type: 'HEADING', headingData: { level: 3 } },
      {
        type: 'BLOCKQUOTE',
        nodes: [{ type: 'PARAGRAPH', nodes: [{ textData: { text: 'Quoted' } }] }],
      },
      {
        type: 'BLOCKQUOTE',
        nodes: [{ type: 'PARAGRAPH', nodes: [{ textData: { text: 'Aside' } }] }],
      },
    ]);
  });

  it('puts a nested list inside the item before it', () => {
    const { document } = convert([
      list(
        'number',
        item(text('One')),
        item(list('bullet', item(text('One.a')), item(text('One.b')))),
        item(text('Two')),
      ),
    ]);
    expect(document.nodes).toMatchObject([
      {
        type: 'ORDERED_LIST',
        nodes: [
          {
            type: 'LIST_ITEM',
            nodes: [
              { type: 'PARAGRAPH', nodes: [{ textData: { text: 'One' } }] },
              { type: 'BULLETED_LIST', nodes: [{ type: 'LIST_ITEM' }, { type: 'LIST_ITEM' }] },
            ],
          },
          {
            type: 'LIST_ITEM',
            nodes: [{ type: 'PARAGRAPH', nodes: [{ textData: { text: 'Two' } }] }],
          },
        ],
      },
    ]);
  });

  it('marks checklist items', () => {
    const { document } = convert([
      list('check', { ...item(text('done')), checked: true }, item(text('todo'))),
    ]);
    expect(document.nodes[0]).toMatchObject({
      type: 'BULLETED_LIST',
      nodes: [
        { nodes: [{ nodes: [{ textData: { text: '☑ ' } }, { textData: { text: 'done' } }] }] },
        { nodes: [{ nodes: [{ textData: { text: '☐ ' } }, { textData: { text: 'todo' } }] }] },
      ],
    });
  });
});

describe('lexicalToDocument: cards', () => {
  it('converts an image with caption, link and size, and lists it', () => {
    const { document, images } = convert([
      {
        type: 'image',
        src: '__GHOST_URL__/content/images/a.jpg',
        width: 800,
        height: 600,
        alt: 'A cat',
        caption: 'Photo by <a href="https://example.com">Ann</a>',
        href: 'https://example.com/cat',
        cardWidth: 'full',
      },
    ]);
    expect(document.nodes[0]).toMatchObject({
      type: 'IMAGE',
      imageData: {
        image: { src: { url: '__GHOST_URL__/content/images/a.jpg' }, width: 800, height: 600 },
        altText: 'A cat',
        link: { url: 'https://example.com/cat' },
        containerData: { width: { size: 'FULL_WIDTH' } },
      },
      nodes: [
        {
          type: 'CAPTION',
          nodes: [{ textData: { text: 'Photo by ' } }, { textData: { text: 'Ann' } }],
        },
      ],
    });
    expect(images).toEqual([
      { url: '__GHOST_URL__/content/images/a.jpg', alt: 'A cat', caption: 'Photo by Ann' },
    ]);
  });

  it('converts a gallery, keeping its caption as a paragraph', () => {
    const { document, images } = convert([
      {
        type: 'gallery',
        images: [
          { src: 'https://x.test/1.jpg', width: 10, height: 20, alt: 'one', caption: 'First' },
          { src: 'https://x.test/2.jpg', width: 30, height: 40, alt: '' },
        ],
        caption: 'Two pictures',
      },
    ]);
    expect(document.nodes).toMatchObject([
      {
        type: 'GALLERY',
        galleryData: {
          items: [
            {
              image: { media: { src: { url: 'https://x.test/1.jpg' }, width: 10, height: 20 } },
              altText: 'one',
              title: 'First',
            },
            { image: { media: { src: { url: 'https://x.test/2.jpg' } } } },
          ],
        },
      },
      { type: 'PARAGRAPH', nodes: [{ textData: { text: 'Two pictures' } }] },
    ]);
    expect(images.map((i) => i.url)).toEqual(['https://x.test/1.jpg', 'https://x.test/2.jpg']);
  });

  it('makes a Vimeo embed a video and any other embed an EMBED', () => {
    const { document } = convert([
      {
        type: 'embed',
        url: 'https://vimeo.com/76979871',
        html: '<iframe src="https://player.vimeo.com/video/76979871"></iframe>',
        metadata: { title: 'A film' },
        caption: '',
      },
      {
        type: 'embed',
        url: 'https://twitter.com/x/status/1',
        html: '<blockquote>tweet</blockquote>',
        embedType: 'twitter',
        metadata: { provider_name: 'Twitter' },
        caption: 'Said',
      },
    ]);
    expect(document.nodes).toMatchObject([
      {
        type: 'VIDEO',
        videoData: { video: { src: { url: 'https://vimeo.com/76979871' } }, title: 'A film' },
      },
      {
        type: 'EMBED',
        embedData: {
          src: 'https://twitter.com/x/status/1',
          oembed: {
            type: 'twitter',
            html: '<blockquote>tweet</blockquote>',
            providerName: 'Twitter',
          },
        },
      },
      { type: 'PARAGRAPH', nodes: [{ textData: { text: 'Said' } }] },
    ]);
  });

  it('converts bookmark, html, button, callout and toggle cards', () => {
    const { document } = convert([
      {
        type: 'bookmark',
        url: 'https://example.com/read',
        metadata: { title: 'Read me', description: 'Why', thumbnail: 'https://example.com/t.png' },
        caption: '',
      },
      { type: 'html', html: '<div class="x">raw</div>' },
      {
        type: 'button',
        buttonText: 'Subscribe',
        buttonUrl: '__GHOST_URL__/#/portal',
        alignment: 'center',
      },
      {
        type: 'callout',
        calloutEmoji: '💡',
        calloutText: '<b>Tip</b>: save often',
        backgroundColor: 'blue',
      },
      {
        type: 'toggle',
        heading: '<span>Question?</span>',
        content: '<p>Answer one.</p><ul><li>point</li></ul>',
      },
    ]);
    expect(document.nodes).toMatchObject([
      {
        type: 'LINK_PREVIEW',
        linkPreviewData: {
          link: { url: 'https://example.com/read' },
          title: 'Read me',
          description: 'Why',
          thumbnailUrl: 'https://example.com/t.png',
        },
      },
      { type: 'HTML', htmlData: { html: '<div class="x">raw</div>' } },
      {
        type: 'BUTTON',
        buttonData: {
          type: 'LINK',
          text: 'Subscribe',
          link: { url: '__GHOST_URL__/#/portal' },
          containerData: { alignment: 'CENTER' },
        },
      },
      {
        type: 'BLOCKQUOTE',
        style: { backgroundColor: '#e7f1fb' },
        nodes: [
          {
            nodes: [
              { textData: { text: '💡 ' } },
              { textData: { text: 'Tip', decorations: [{ type: 'BOLD' }] } },
              { textData: { text: ': save often' } },
            ],
          },
        ],
      },
      {
        type: 'COLLAPSIBLE_LIST',
        collapsibleListData: { initialExpandedItems: 'NONE' },
        nodes: [
          {
            type: 'COLLAPSIBLE_ITEM',
            nodes: [
              {
                type: 'COLLAPSIBLE_ITEM_TITLE',
                nodes: [{ nodes: [{ textData: { text: 'Question?' } }] }],
              },
              {
                type: 'COLLAPSIBLE_ITEM_BODY',
                nodes: [{ type: 'PARAGRAPH' }, { type: 'BULLETED_LIST' }],
              },
            ],
          },
        ],
      },
    ]);
  });

  it('keeps a markdown card as HTML with a problem', () => {
    const { document, problems } = convert([
      { type: 'markdown', markdown: '# Title\n\nSome *text*' },
    ]);
    expect(document.nodes[0]).toMatchObject({ type: 'HTML' });
    expect((document.nodes[0] as { htmlData: { html: string } }).htmlData.html).toContain(
      '<em>text</em>',
    );
    expect(problems.map((p) => p.code)).toEqual(['markdown-as-html']);
  });

  it('converts video, audio and file cards', () => {
    const { document } = convert([
      {
        type: 'video',
        src: 'https://x.test/v.mp4',
        width: 640,
        height: 360,
        duration: 12.5,
        thumbnailSrc: 'https://x.test/v.jpg',
        caption: 'Clip',
        loop: true,
      },
      { type: 'audio', src: 'https://x.test/a.mp3', title: 'Episode 1', duration: 61 },
      {
        type: 'file',
        src: 'https://x.test/report.pdf',
        fileName: 'report.pdf',
        fileTitle: 'Report',
        fileCaption: '',
        fileSize: 2048,
      },
    ]);
    expect(document.nodes).toMatchObject([
      {
        type: 'VIDEO',
        videoData: {
          video: { src: { url: 'https://x.test/v.mp4' }, width: 640, height: 360, duration: 12.5 },
          thumbnail: { src: { url: 'https://x.test/v.jpg' } },
          options: { playInLoop: true },
        },
        nodes: [{ type: 'CAPTION' }],
      },
      {
        type: 'AUDIO',
        audioData: {
          audio: { src: { url: 'https://x.test/a.mp3' }, duration: 61 },
          name: 'Episode 1',
        },
      },
      {
        type: 'FILE',
        fileData: {
          src: { url: 'https://x.test/report.pdf' },
          name: 'report.pdf',
          type: 'pdf',
          size: 2048,
        },
      },
      { type: 'PARAGRAPH', nodes: [{ textData: { text: 'Report' } }] },
    ]);
  });

  it('keeps an unknown card as the HTML Ghost rendered for it, or reports it', () => {
    const html =
      '<p>Before</p><div class="kg-card kg-product-card"><h4>Thing</h4></div><p>After</p>';
    const { document, problems } = convert(
      [
        paragraph(text('Before')),
        { type: 'product', productTitle: 'Thing' },
        { type: 'product' },
        { type: 'signup' },
      ],
      { html },
    );
    expect(document.nodes).toMatchObject([
      { type: 'PARAGRAPH' },
      {
        type: 'HTML',
        htmlData: { html: '<div class="kg-card kg-product-card"><h4>Thing</h4></div>' },
      },
    ]);
    expect(problems.map((p) => [p.code, p.message.includes('was not carried over')])).toEqual([
      ['unknown-card:product', false],
      ['unknown-card:product', true],
      ['unknown-card:signup', true],
    ]);
  });

  it('reports a paywall and content that is not Lexical', () => {
    expect(convert([{ type: 'paywall' }]).problems.map((p) => p.code)).toEqual(['paywall']);
    const unreadable = lexicalToDocument('{"root":');
    expect(unreadable.document.nodes).toEqual([]);
    expect(unreadable.problems.map((p) => p.code)).toEqual(['content-unreadable']);
  });
});
