import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shareUrl } from './share';

describe('shareUrl', () => {
  it('builds each network address with the post URL encoded', () => {
    const url = 'https://example.com/blog/a post?x=1&y=2';
    expect(shareUrl('facebook', url, 'T')).toBe(
      'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fexample.com%2Fblog%2Fa%20post%3Fx%3D1%26y%3D2',
    );
    expect(shareUrl('twitter', url, 'Hi & bye')).toContain('&text=Hi%20%26%20bye');
    expect(shareUrl('linked-in', url, 'T')).toMatch(/^https:\/\/www\.linkedin\.com\//);
    expect(shareUrl('pinterest', url, 'T')).toContain('description=T');
    expect(shareUrl('pinterest', url, 'T')).not.toContain('media=');
  });

  it('pins the cover on Pinterest, with the title and the post URL', () => {
    const shared = new URL(
      shareUrl(
        'pinterest',
        'https://example.com/blog/a',
        'A & B',
        'https://example.com/media/c/1280',
      ),
    );
    expect(shared.origin + shared.pathname).toBe('https://www.pinterest.com/pin/create/button/');
    expect(shared.searchParams.get('url')).toBe('https://example.com/blog/a');
    expect(shared.searchParams.get('media')).toBe('https://example.com/media/c/1280');
    expect(shared.searchParams.get('description')).toBe('A & B');
    // The other networks take no picture.
    expect(shareUrl('facebook', 'https://e.x/', 'T', 'https://e.x/m')).not.toContain('media');
  });

  it('always gives an https address that carries the URL back intact', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('facebook', 'twitter', 'linked-in', 'pinterest' as const),
        fc.webUrl(),
        fc.string(),
        (channel, url, title) => {
          const shared = new URL(shareUrl(channel, url, title));
          expect(shared.protocol).toBe('https:');
          const carried = shared.searchParams.get(channel === 'facebook' ? 'u' : 'url');
          expect(carried).toBe(url);
        },
      ),
    );
  });
});
