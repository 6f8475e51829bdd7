import { describe, expect, it } from 'vitest';
import { oldPathCandidates } from './old-paths.server';

describe('oldPathCandidates', () => {
  it('tries the path as asked, without the blog base, with and without the trailing slash', () => {
    expect(oldPathCandidates('/every-block/', '/blog')).toEqual(['/every-block/', '/every-block']);
    expect(oldPathCandidates('/blog/every-block', '/blog')).toEqual([
      '/blog/every-block',
      '/blog/every-block/',
      '/every-block',
      '/every-block/',
    ]);
  });

  it('never looks up the root, and keeps a blog at the root as it is', () => {
    expect(oldPathCandidates('/', '/blog')).toEqual([]);
    expect(oldPathCandidates('/2021/05/hello/', '')).toEqual(['/2021/05/hello/', '/2021/05/hello']);
  });
});
