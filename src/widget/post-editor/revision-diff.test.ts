import { describe, expect, it } from 'vitest';
import { documentOf, heading, paragraph } from '../../rich-content/document';
import { blocksOf, diffBlocks, hasChanges, wordDiff } from './revision-diff';

describe('blocksOf', () => {
  it('gives each top-level block’s plain text, empty blocks left out', () => {
    const doc = documentOf([
      heading(2, 'Night trains'),
      paragraph(''),
      paragraph('We left at ten.'),
    ]);
    expect(blocksOf(doc)).toEqual(['Night trains', 'We left at ten.']);
    expect(blocksOf(null)).toEqual([]);
    expect(blocksOf({ nodes: 'nope' })).toEqual([]);
  });
});

describe('wordDiff', () => {
  it('marks the words only on each side', () => {
    const { before, after } = wordDiff('The ferry left at midnight', 'The ferry left at dawn');
    expect(before.filter((p) => p.kind === 'removed').map((p) => p.text)).toEqual(['midnight']);
    expect(after.filter((p) => p.kind === 'added').map((p) => p.text)).toEqual(['dawn']);
    expect(before.map((p) => p.text).join('')).toBe('The ferry left at midnight');
    expect(after.map((p) => p.text).join('')).toBe('The ferry left at dawn');
  });
});

describe('diffBlocks', () => {
  it('pairs a replaced block as a change, and shows added and removed blocks', () => {
    const rows = diffBlocks(['Title', 'One two three', 'Gone'], ['Title', 'One two four', 'New']);
    expect(rows.map((r) => r.kind)).toEqual(['same', 'changed', 'changed']);
    const added = diffBlocks(['A'], ['A', 'B']);
    expect(added).toEqual([
      { kind: 'same', text: 'A' },
      { kind: 'added', text: 'B' },
    ]);
    const removed = diffBlocks(['A', 'B', 'C'], ['A', 'C']);
    expect(removed).toEqual([
      { kind: 'same', text: 'A' },
      { kind: 'removed', text: 'B' },
      { kind: 'same', text: 'C' },
    ]);
    expect(hasChanges(removed)).toBe(true);
  });

  it('folds long runs of unchanged blocks, keeping one around each change', () => {
    const same = ['a', 'b', 'c', 'd', 'e'];
    const rows = diffBlocks([...same, 'old', ...same], [...same, 'new', ...same]);
    expect(rows.map((r) => (r.kind === 'folded' ? `folded ${r.count}` : r.kind))).toEqual([
      'folded 4',
      'same',
      'changed',
      'same',
      'folded 4',
    ]);
    expect(diffBlocks(same, same)).toEqual([{ kind: 'folded', count: 5 }]);
    expect(hasChanges(diffBlocks(same, same))).toBe(false);
  });
});
