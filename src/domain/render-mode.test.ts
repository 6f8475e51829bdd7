import { describe, expect, it } from 'vitest';
import { parseRenderMode } from './render-mode';

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
