import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { codeBlock, divider, documentOf, heading, list, paragraph, text } from '../document';
import { RichContent } from './rich-content';

function html(nodes: Parameters<typeof documentOf>[0], hashtagUrl?: (w: string) => string) {
  return renderToStaticMarkup(
    <RichContent document={documentOf(nodes)} context={{ hashtagUrl }} />,
  );
}

describe('RichContent', () => {
  it('renders text blocks as semantic HTML', () => {
    const out = html([
      heading(1, 'Title inside'),
      paragraph(
        'Plain ',
        text('bold', [{ type: 'BOLD' }]),
        ' and ',
        text('em', [{ type: 'ITALIC' }]),
      ),
      list('ordered', ['one', 'two']),
      codeBlock('let x = 1 < 2;'),
      divider('DASHED'),
    ]);
    // The post title owns the page's h1.
    expect(out).toContain('<h2 class="rc-heading rc-h1" dir="auto">Title inside</h2>');
    expect(out).toContain('<strong>bold</strong>');
    expect(out).toContain('<em>em</em>');
    expect(out).toMatch(
      /<ol class="rc-list rc-list--ordered" dir="auto"><li dir="auto"><p class="rc-paragraph" dir="auto">one<\/p><\/li>/,
    );
    expect(out).toContain('<code>let x = 1 &lt; 2;</code>');
    expect(out).toContain('rc-divider--dashed');
  });

  it('links hashtags to their feed', () => {
    const out = html([paragraph('Off we go #weekendTrip, again.')], (w) => `/blog/hashtags/${w}`);
    expect(out).toContain(
      'Off we go <a class="rc-hashtag" href="/blog/hashtags/weekendTrip">#weekendTrip</a>, again.',
    );
  });

  it('drops unsafe link targets and adds noopener to blank targets', () => {
    const out = html([
      paragraph(
        text('bad', [
          { type: 'LINK', linkData: { link: { url: 'javascript:alert(1)', target: 'SELF' } } },
        ]),
        text('good', [
          {
            type: 'LINK',
            linkData: {
              link: { url: 'https://example.com', target: 'BLANK', rel: { nofollow: true } },
            },
          },
        ]),
      ),
    ]);
    expect(out).not.toContain('javascript:');
    expect(out).toContain('bad');
    expect(out).toContain(
      '<a href="https://example.com" target="_blank" rel="nofollow noopener">good</a>',
    );
  });
});
