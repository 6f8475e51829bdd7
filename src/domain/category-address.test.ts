import { describe, expect, it } from 'vitest';
import { findCategoryAddress } from './category-address';

const all = [
  { id: 'travel', slug: 'travel', slugs: ['trips'], parentId: null },
  { id: 'trains', slug: 'trains', slugs: ['rail'], parentId: 'travel' },
  { id: 'food', slug: 'food', slugs: [], parentId: null },
  { id: 'bread', slug: 'bread', slugs: ['baking'], parentId: 'food' },
];

describe('findCategoryAddress', () => {
  it('finds current addresses as they are', () => {
    expect(findCategoryAddress(all, 'Travel', undefined)).toMatchObject({
      category: { id: 'travel' },
      parent: null,
      isFormer: false,
    });
    expect(findCategoryAddress(all, 'travel', 'trains')).toMatchObject({
      category: { id: 'trains' },
      parent: { id: 'travel' },
      isFormer: false,
    });
  });

  it('marks former slugs of the category or its parent, with the current parent', () => {
    expect(findCategoryAddress(all, 'trips', undefined)).toMatchObject({
      category: { id: 'travel' },
      isFormer: true,
    });
    expect(findCategoryAddress(all, 'trips', 'rail')).toMatchObject({
      category: { id: 'trains' },
      parent: { id: 'travel' },
      isFormer: true,
    });
    // A subcategory's former slug at the top level goes to its address under its parent.
    expect(findCategoryAddress(all, 'baking', undefined)).toMatchObject({
      category: { id: 'bread' },
      parent: { id: 'food' },
      isFormer: true,
    });
    // A subcategory asked for under a parent it no longer has.
    expect(findCategoryAddress(all, 'travel', 'bread')).toMatchObject({
      category: { id: 'bread' },
      parent: { id: 'food' },
      isFormer: true,
    });
  });

  it('answers null for what never existed', () => {
    expect(findCategoryAddress(all, 'nothing', undefined)).toBeNull();
    expect(findCategoryAddress(all, 'travel', 'nothing')).toBeNull();
  });
});
