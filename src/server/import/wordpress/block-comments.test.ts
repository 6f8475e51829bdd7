import { parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { readDelimiter, splitBlocks } from './block-comments';

function summary(html: string) {
  return splitBlocks(parseDocument(html).children).map((segment) =>
    segment.kind === 'loose'
      ? `loose(${segment.nodes.length})`
      : `${segment.name}${JSON.stringify(segment.attrs)}(${segment.inner.length})`,
  );
}

describe('readDelimiter', () => {
  it('reads openers, closers, self-closing blocks, namespaces and attributes', () => {
    expect(readDelimiter(' wp:paragraph ')).toEqual({
      name: 'core/paragraph',
      attrs: {},
      isCloser: false,
      isSelfClosing: false,
    });
    expect(readDelimiter(' /wp:list ')).toMatchObject({ name: 'core/list', isCloser: true });
    expect(readDelimiter(' wp:latest-posts {"postsToShow":3} /')).toEqual({
      name: 'core/latest-posts',
      attrs: { postsToShow: 3 },
      isCloser: false,
      isSelfClosing: true,
    });
    expect(readDelimiter(' wp:jetpack/slideshow {"ids":[1,2]} ')).toMatchObject({
      name: 'jetpack/slideshow',
      attrs: { ids: [1, 2] },
    });
  });

  it('treats broken attributes as none and other comments as no delimiter', () => {
    expect(readDelimiter(' wp:image {"id":} ')).toMatchObject({ name: 'core/image', attrs: {} });
    expect(readDelimiter('more')).toBeNull();
    expect(readDelimiter(' just a note about wp:image ')).toBeNull();
  });
});

describe('splitBlocks', () => {
  it('splits siblings into blocks and the loose HTML between them', () => {
    expect(
      summary('<p>a</p><!-- wp:paragraph --><p>b</p><!-- /wp:paragraph -->text<!-- wp:spacer /-->'),
    ).toEqual(['loose(1)', 'core/paragraph{}(1)', 'loose(1)', 'core/spacer{}(0)']);
  });

  it('drops a stray closer and lets an unclosed opener take the rest', () => {
    expect(summary('<!-- /wp:quote --><p>a</p><!-- wp:group {"x":1} --><p>b</p><p>c</p>')).toEqual([
      'loose(1)',
      'core/group{"x":1}(2)',
    ]);
  });

  it('matches the right closer when a block of the same name sits between', () => {
    expect(
      summary(
        '<!-- wp:group --><!-- wp:group --><p>a</p><!-- /wp:group --><!-- /wp:group --><p>b</p>',
      ),
    ).toEqual(['core/group{}(3)', 'loose(1)']);
  });
});
