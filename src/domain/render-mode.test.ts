import { describe, expect, it } from 'vitest';
import { parseRenderMode, RENDER_MODES, showsOnboarding } from './render-mode';

describe('parseRenderMode', () => {
  it('reads the four SPEC §1 modes and treats anything else as the live site', () => {
    expect(parseRenderMode('editor')).toBe('editor');
    expect(parseRenderMode('preview')).toBe('preview');
    expect(parseRenderMode('onboarding')).toBe('onboarding');
    expect(parseRenderMode('site')).toBe('site');
    expect(parseRenderMode('EDITOR')).toBe('site');
    expect(parseRenderMode(null)).toBe('site');
    expect(parseRenderMode(undefined)).toBe('site');
  });
});

describe('showsOnboarding', () => {
  it('greets the owner of an empty blog in onboarding mode and in the editor canvas only', () => {
    const shown = RENDER_MODES.filter((renderMode) =>
      showsOnboarding({ renderMode, hasPublishedPosts: false, maySetUp: true }),
    );
    expect(shown).toEqual(['editor', 'onboarding']);
  });

  it('keeps the feed once a post is published, and the empty state for everyone else', () => {
    for (const renderMode of RENDER_MODES) {
      expect(showsOnboarding({ renderMode, hasPublishedPosts: true, maySetUp: true })).toBe(false);
      expect(showsOnboarding({ renderMode, hasPublishedPosts: false, maySetUp: false })).toBe(
        false,
      );
    }
  });
});
