import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { documentOf, image, paragraph, text } from '../document';
import { CommentContent } from './comment-content';
import { RichContent } from './rich-content';

const ID = '0b6f8a3e-2c1d-4e5f-9a7b-1c2d3e4f5a6b';

describe('CommentContent', () => {
  it('draws a comment’s text exactly as a post’s renderer does', () => {
    const document = documentOf([
      paragraph('Plain ', text('bold', [{ type: 'BOLD' }]), ' and #travel'),
      paragraph(
        text('a link', [
          { type: 'LINK', linkData: { link: { url: 'https://example.com', target: 'BLANK' } } },
        ]),
      ),
    ]);
    const context = { hashtagUrl: (word: string) => `/blog/hashtags/${word}` };
    const comment = renderToStaticMarkup(<CommentContent document={document} context={context} />);
    expect(comment).toBe(
      renderToStaticMarkup(<RichContent document={document} context={context} />),
    );
    expect(comment).toContain('<strong>bold</strong>');
    expect(comment).toContain('href="/blog/hashtags/travel"');
  });

  it('draws nothing of a node a comment may not hold', () => {
    const document = documentOf([
      paragraph('Before'),
      image({ id: ID, width: 800, height: 600 }, { altText: 'Not in a comment' }),
    ]);
    const comment = renderToStaticMarkup(<CommentContent document={document} />);
    expect(comment).toContain('Before');
    expect(comment).not.toContain('<img');
    expect(comment).not.toContain('Not in a comment');
  });
});
