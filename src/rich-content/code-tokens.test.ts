import { describe, expect, it } from 'vitest';
import { hasCodeBlock } from './code-tokens';
import { codeBlock, documentOf, heading, paragraph } from './document';

describe('hasCodeBlock', () => {
  it('finds a code block at any depth, and none in a document of text', () => {
    expect(hasCodeBlock(documentOf([heading(2, 'Notes'), paragraph('Plain words.')]))).toBe(false);
    expect(hasCodeBlock(documentOf([paragraph('Before.'), codeBlock('const a = 1;')]))).toBe(true);
    const nested = {
      nodes: [
        { type: 'LAYOUT', nodes: [{ type: 'LAYOUT_CELL', nodes: [{ type: 'CODE_BLOCK' }] }] },
      ],
    };
    expect(hasCodeBlock(nested)).toBe(true);
    expect(hasCodeBlock({ nodes: [] })).toBe(false);
  });
});
