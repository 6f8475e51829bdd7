import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { candidatePaths, fileNameOf } from './media-paths';

describe('candidatePaths', () => {
  it('maps a WordPress upload to the uploads folder and to the site root', () => {
    expect(candidatePaths('https://old.example/wp-content/uploads/2024/03/x.jpg')).toEqual([
      '2024/03/x.jpg',
      'wp-content/uploads/2024/03/x.jpg',
    ]);
    // A blog in a sub-folder, and a query string.
    expect(
      candidatePaths('http://old.example/blog/wp-content/uploads/2024/03/x.jpg?w=300'),
    ).toEqual(['2024/03/x.jpg', 'wp-content/uploads/2024/03/x.jpg']);
  });

  it('maps a Ghost image, its resized copies and an unresolved __GHOST_URL__ to the original', () => {
    const expected = ['2024/03/x.jpg', 'content/images/2024/03/x.jpg'];
    expect(candidatePaths('https://old.example/content/images/2024/03/x.jpg')).toEqual(expected);
    expect(candidatePaths('https://old.example/content/images/size/w600/2024/03/x.jpg')).toEqual(
      expected,
    );
    expect(candidatePaths('__GHOST_URL__/content/images/size/w600h400/2024/03/x.jpg')).toEqual(
      expected,
    );
  });

  it('tries any other URL by its path, then each shorter suffix', () => {
    expect(candidatePaths('https://cdn.example/a/b/c.png')).toEqual([
      'a/b/c.png',
      'b/c.png',
      'c.png',
    ]);
  });

  it('decodes segments, and refuses paths that could leave the folder', () => {
    expect(candidatePaths('https://old.example/wp-content/uploads/my%20photo.jpg')[0]).toBe(
      'my photo.jpg',
    );
    // Dot segments are resolved as the web resolves them: what is left is a plain path.
    expect(
      candidatePaths('https://old.example/wp-content/uploads/%2e%2e/%2e%2e/etc/passwd'),
    ).toEqual(['etc/passwd', 'passwd']);
    expect(candidatePaths('https://old.example/wp-content/uploads/a%2f..%2fb.jpg')).toEqual([]);
    expect(candidatePaths('https://old.example/wp-content/uploads/a%5cb.jpg')).toEqual([]);
    expect(candidatePaths('https://old.example/')).toEqual([]);
    expect(candidatePaths('https://old.example/wp-content/uploads/')).toEqual([]);
  });

  it('never answers a path with an empty, "." or ".." segment, or a backslash (property)', () => {
    fc.assert(
      fc.property(
        fc.webUrl({ withQueryParameters: true, withFragments: true }),
        fc.string(),
        (url, tail) => {
          for (const candidate of candidatePaths(`${url}/${encodeURIComponent(tail)}`)) {
            expect(candidate.split('/').every((s) => s !== '' && s !== '.' && s !== '..')).toBe(
              true,
            );
            expect(candidate).not.toMatch(/\\|^\//);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('fileNameOf', () => {
  it('is the last segment, or "image"', () => {
    expect(fileNameOf('https://old.example/wp-content/uploads/2024/03/x.jpg')).toBe('x.jpg');
    expect(fileNameOf('https://old.example/')).toBe('image');
  });
});
