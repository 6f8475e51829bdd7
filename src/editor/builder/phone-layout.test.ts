import { describe, expect, it } from 'vitest';
import { settleSheet, toggledSheet } from './phone-layout';

describe('the settings sheet on phones', () => {
  it('settles a dragged sheet by the share of the workspace it covers', () => {
    expect(settleSheet(50, 600)).toBe('closed');
    expect(settleSheet(149, 600)).toBe('closed');
    expect(settleSheet(150, 600)).toBe('half');
    expect(settleSheet(450, 600)).toBe('half');
    expect(settleSheet(451, 600)).toBe('full');
    expect(settleSheet(900, 600)).toBe('full');
  });

  it('closes in a workspace of no height', () => {
    expect(settleSheet(100, 0)).toBe('closed');
  });

  it('alternates half and full on the handle', () => {
    expect(toggledSheet('half')).toBe('full');
    expect(toggledSheet('full')).toBe('half');
    expect(toggledSheet('closed')).toBe('half');
  });
});
