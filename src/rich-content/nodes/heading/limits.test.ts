import { describe, expect, it } from 'vitest';
import { ParagraphDataSchema } from '../paragraph/schema';
import { HEADING_LEVEL_MAX, HEADING_LEVEL_MIN } from './limits';
import { HeadingDataSchema } from './schema';

describe('the heading levels are the schemas’ (issue 16: one constant each)', () => {
  it('heading levels (and a paragraph’s informative level) are 1 to 6', () => {
    expect([HEADING_LEVEL_MIN, HEADING_LEVEL_MAX]).toEqual([1, 6]);
    for (const schema of [HeadingDataSchema, ParagraphDataSchema]) {
      expect(schema.safeParse({ level: HEADING_LEVEL_MAX }).success).toBe(true);
      expect(schema.safeParse({ level: HEADING_LEVEL_MAX + 1 }).success).toBe(false);
      expect(schema.safeParse({ level: HEADING_LEVEL_MIN - 1 }).success).toBe(false);
    }
  });
});
