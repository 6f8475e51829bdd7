import { describe, expect, it } from 'vitest';
import { LAYOUT_COLUMNS } from './limits';
import { LayoutCellDataSchema } from './schema';

describe('the layout’s columns are the schema’s (issue 16: one constant each)', () => {
  it('a layout cell spans 1 to LAYOUT_COLUMNS (12) columns', () => {
    expect(LAYOUT_COLUMNS).toBe(12);
    expect(LayoutCellDataSchema.safeParse({ colSpan: LAYOUT_COLUMNS }).success).toBe(true);
    expect(LayoutCellDataSchema.safeParse({ colSpan: LAYOUT_COLUMNS + 1 }).success).toBe(false);
    expect(LayoutCellDataSchema.safeParse({ colSpan: 0 }).success).toBe(false);
  });
});
