import { describe, expect, it } from 'vitest';
import { clampRelatedCount, postExtrasView, RELATED_POSTS_MAX } from './post-extras';
import { resolveSettings } from './settings';

describe('postExtrasView', () => {
  it('gives SPEC §9 defaults: tag buttons 6/12, spacing 8, border 1; three related posts', () => {
    expect(postExtrasView(resolveSettings({}, 'desktop'))).toEqual({
      tags: {
        layout: 'button',
        paddingVertical: 6,
        paddingHorizontal: 12,
        spacing: 8,
        borderWidth: 1,
        cornerRadius: 0,
      },
      related: { type: 'related', count: 3 },
    });
  });

  it('spaces text tags 12 apart and reads the stored choices of the device', () => {
    const view = postExtrasView(
      resolveSettings(
        {
          mobile: { 'tags.layout': 'text', 'relatedPosts.type': 'recent', 'relatedPosts.count': 2 },
        },
        'mobile',
      ),
    );
    expect(view.tags).toMatchObject({ layout: 'text', spacing: 12 });
    expect(view.related).toEqual({ type: 'recent', count: 2 });
  });
});

describe('clampRelatedCount', () => {
  it('keeps a count between 1 and the setting bound', () => {
    expect(RELATED_POSTS_MAX).toBe(3);
    expect(clampRelatedCount(0)).toBe(1);
    expect(clampRelatedCount(2.7)).toBe(2);
    expect(clampRelatedCount(99)).toBe(3);
    expect(clampRelatedCount(Number.NaN)).toBe(3);
  });
});
