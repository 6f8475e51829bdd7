import { describe, expect, it } from 'vitest';
import { continueTo } from './header-account';

describe('continueTo', () => {
  it('continues to the page the visitor is on, with its query', () => {
    expect(continueTo('/blog', '/blog/category/travel', '')).toEqual({
      next: '/blog/category/travel',
    });
    expect(continueTo('/blog', '/blog/search/coffee', '?page=2')).toEqual({
      next: '/blog/search/coffee?page=2',
    });
  });

  it('says nothing on the home page, where a login continues anyway', () => {
    expect(continueTo('/blog', '/blog', '')).toEqual({});
  });

  it("keeps the login page's own next rather than pointing back at the login page", () => {
    expect(continueTo('/blog', '/blog/login', '?next=%2Fblog%2Fcreate-post')).toEqual({
      next: '/blog/create-post',
    });
    expect(continueTo('/blog', '/blog/login', '?mode=signup&next=%2Fblog%2Fabout')).toEqual({
      next: '/blog/about',
    });
    expect(continueTo('/blog', '/blog/login', '')).toEqual({});
    expect(continueTo('/blog', '/blog/login', '?mode=signup')).toEqual({});
  });
});
