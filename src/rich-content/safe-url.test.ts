import { describe, expect, it } from 'vitest';
import { isSafeUrl, safeUrl } from './safe-url';

describe('safeUrl', () => {
  it.each([
    ['https://example.com/a?b=1', 'https://example.com/a?b=1'],
    ['/blog/post', '/blog/post'],
    ['mailto:hi@example.com', 'mailto:hi@example.com'],
    ['#section', '#section'],
  ])('keeps %s', (input, expected) => {
    expect(safeUrl(input)).toBe(expected);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
  ])('drops %j', (input) => {
    expect(safeUrl(input)).toBeUndefined();
  });

  it('gives undefined for empty input', () => {
    expect(safeUrl('')).toBeUndefined();
    expect(safeUrl(undefined)).toBeUndefined();
  });

  it('answers isSafeUrl the same way', () => {
    expect(isSafeUrl('https://example.com')).toBe(true);
    expect(isSafeUrl('javascript:alert(1)')).toBe(false);
    expect(isSafeUrl(undefined)).toBe(false);
  });
});
