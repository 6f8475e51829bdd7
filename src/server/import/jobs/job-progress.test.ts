import { describe, expect, it } from 'vitest';
import { emptyProgress, percentOf } from './job-progress';

describe('percentOf', () => {
  it('rounds down and stops at 99 until the job is done', () => {
    expect(percentOf(0, 200)).toBe(0);
    expect(percentOf(101, 200)).toBe(50);
    expect(percentOf(200, 200)).toBe(99);
    expect(percentOf(300, 200)).toBe(99);
  });

  it('is 0 for nothing to do', () => {
    expect(percentOf(0, 0)).toBe(0);
    expect(emptyProgress(10, null)).toMatchObject({ percent: 0, totalBytes: 10, totalPosts: null });
  });
});
