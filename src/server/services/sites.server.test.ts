/**
 * A site's origin (decision 028): the default site's is PUBLIC_URL; every other site's is its
 * scheme and primary domain, with the port PUBLIC_URL names, since one listener serves them all.
 */
import { describe, expect, it } from 'vitest';
import type { sites } from '../db/schema.server';
import { siteViewOf } from './sites.server';

const row = (overrides: Partial<typeof sites.$inferSelect> = {}): typeof sites.$inferSelect => ({
  id: '00000000-0000-4000-8000-000000000001',
  host: 'blog.example.com',
  scheme: 'https',
  name: 'A Site',
  blogBase: '/blog',
  categoryPath: 'category',
  language: 'en',
  languages: [],
  timeZone: 'UTC',
  isDefault: false,
  demoMode: false,
  holdFirstComments: false,
  description: '',
  logo: null,
  seoTitle: '',
  seoDescription: '',
  postUrlShape: 'slug',
  feedItemCount: 20,
  feedContent: 'full',
  formerCategoryPaths: [],
  createdAt: new Date(0),
  ...overrides,
});

describe('siteViewOf', () => {
  it('gives the default site the default origin', () => {
    expect(siteViewOf(row({ isDefault: true }), 'https://www.example.org').origin).toBe(
      'https://www.example.org',
    );
  });

  it('gives another site its scheme and domain, bare behind a proxy on the usual ports', () => {
    expect(siteViewOf(row(), 'https://www.example.org').origin).toBe('https://blog.example.com');
    expect(siteViewOf(row({ scheme: 'http' }), 'http://www.example.org').origin).toBe(
      'http://blog.example.com',
    );
  });

  it('gives another site the port the default origin names (a server reached directly)', () => {
    expect(siteViewOf(row({ scheme: 'http' }), 'http://127.0.0.1:3100').origin).toBe(
      'http://blog.example.com:3100',
    );
  });
});
