import { describe, expect, it } from 'vitest';
import {
  CategoryInputSchema,
  categoryTree,
  moveId,
  parentProblem,
  slugProblem,
} from './dashboard-categories';
import { decodeTagCursor, encodeTagCursor } from './dashboard-tags';

const cat = (id: string, parentId: string | null, displayPosition: number, label = id) => ({
  id,
  parentId,
  displayPosition,
  label,
});

describe('slugProblem', () => {
  it('refuses reserved words by name (SPEC §2) and malformed slugs', () => {
    expect(slugProblem('search')).toEqual({
      code: 'slug_reserved',
      message: '"search" is a reserved word',
      word: 'search',
    });
    expect(slugProblem('create-post')?.code).toBe('slug_reserved');
    for (const bad of ['two words', 'a--b', '-a', 'a-', 'Café', 'x'.repeat(101)]) {
      expect(slugProblem(bad)?.code, bad).toBe('slug_invalid');
    }
    expect(slugProblem('road-trips-2')).toBeNull();
  });

  it('is reached with a lowercased, trimmed slug from the input schema (SPEC §5)', () => {
    const parsed = CategoryInputSchema.parse({ label: ' Travel ', slug: ' Road-TRIPS ' });
    expect(parsed).toEqual({ label: 'Travel', slug: 'road-trips' });
    expect(CategoryInputSchema.safeParse({ label: 'x', extra: 1 }).success).toBe(false);
  });
});

describe('categoryTree', () => {
  it('orders parents and each one’s children by position, keeps orphans at the top', () => {
    const tree = categoryTree([
      cat('b', null, 1),
      cat('b2', 'b', 1),
      cat('a', null, 0),
      cat('b1', 'b', 0),
      cat('lost', 'gone', 2),
    ]);
    expect(tree.map((n) => [n.category.id, n.children.map((c) => c.id)])).toEqual([
      ['a', []],
      ['b', ['b1', 'b2']],
      ['lost', []],
    ]);
  });
});

describe('parentProblem', () => {
  const list = [cat('top', null, 0), cat('child', 'top', 0), cat('other', null, 1)];
  it('allows two levels only (SPEC §2)', () => {
    expect(parentProblem(list, null, null)).toBeNull();
    expect(parentProblem(list, 'other', 'top')).toBeNull();
    expect(parentProblem(list, null, 'child')).toMatch(/two levels/);
    expect(parentProblem(list, 'top', 'other')).toMatch(/subcategories/);
    expect(parentProblem(list, 'other', 'other')).toMatch(/itself/);
    expect(parentProblem(list, null, 'nope')).toMatch(/not a category/);
  });
});

describe('moveId', () => {
  it('moves one id by a delta, clamped to the ends', () => {
    expect(moveId(['a', 'b', 'c'], 'a', 1)).toEqual(['b', 'a', 'c']);
    expect(moveId(['a', 'b', 'c'], 'c', -1)).toEqual(['a', 'c', 'b']);
    expect(moveId(['a', 'b', 'c'], 'a', -1)).toEqual(['a', 'b', 'c']);
    expect(moveId(['a', 'b', 'c'], 'b', 5)).toEqual(['a', 'c', 'b']);
    expect(moveId(['a', 'b'], 'z', 1)).toEqual(['a', 'b']);
  });
});

describe('tag cursors', () => {
  it('round-trip any label and refuse what this list did not make', () => {
    const cursor = {
      sort: 'label' as const,
      label: 'Ünïcode ☕ tag',
      id: '5b0e8a39-4d3c-4f57-9d8e-2d1c9a1b7e21',
    };
    expect(decodeTagCursor(encodeTagCursor(cursor))).toEqual(cursor);
    expect(decodeTagCursor('garbage')).toBeNull();
    expect(
      decodeTagCursor(btoa(JSON.stringify({ sort: 'posts', postCount: -1, id: 'x' }))),
    ).toBeNull();
  });
});
