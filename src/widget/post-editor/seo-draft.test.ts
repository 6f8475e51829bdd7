import { describe, expect, it } from 'vitest';
import { PostSaveSchema } from '../../domain/post-editor';
import { EMPTY_SEO_DRAFT, seoPreviewOf, seoSaveFields } from './seo-draft';

const IMAGE = '0b9f8a43-5c6e-4d7f-8a9b-1c2d3e4f5a6b';
const COVER = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';

const base = {
  title: 'Tide tables',
  excerpt: 'When the water comes and goes.',
  seo: EMPTY_SEO_DRAFT,
  slug: 'tide-tables',
  coverMediaId: null,
  origin: 'https://blog.example.com',
  base: '/blog',
};

describe('seoPreviewOf', () => {
  it('shows the title, the excerpt and the post address when the SEO fields are empty', () => {
    expect(seoPreviewOf(base)).toMatchObject({
      title: 'Tide tables',
      description: 'When the water comes and goes.',
      searchTitle: 'Tide tables',
      url: 'https://blog.example.com/blog/tide-tables',
      host: 'blog.example.com',
      image: null,
    });
  });

  it('shows the SEO fields, the canonical override and the social image over the cover', () => {
    const preview = seoPreviewOf({
      ...base,
      coverMediaId: COVER,
      seo: {
        ...EMPTY_SEO_DRAFT,
        seoTitle: 'A very long SEO title that goes on and on past what search engines show',
        seoDescription: 'Short.',
        canonicalUrl: 'https://first.example/tides',
        socialImageId: IMAGE,
      },
    });
    expect(preview.title).toBe(
      'A very long SEO title that goes on and on past what search engines show',
    );
    expect(preview.searchTitle).toBe('A very long SEO title that goes on and on past what search…');
    expect(preview.description).toBe('Short.');
    expect(preview.url).toBe('https://first.example/tides');
    expect(preview.image).toBe(`https://blog.example.com/media/${IMAGE}/social.jpg`);
  });

  it('uses the cover when there is no override, and ignores a canonical address being typed', () => {
    const preview = seoPreviewOf({
      ...base,
      coverMediaId: COVER,
      seo: { ...EMPTY_SEO_DRAFT, canonicalUrl: 'https://' },
    });
    expect(preview.image).toBe(`https://blog.example.com/media/${COVER}/social.jpg`);
    expect(preview.url).toBe('https://blog.example.com/blog/tide-tables');
  });
});

describe('seoSaveFields', () => {
  it('sends the SEO fields, and the slug only once the writer chose a valid one', () => {
    expect(seoSaveFields(EMPTY_SEO_DRAFT)).toEqual({
      seoTitle: '',
      seoDescription: '',
      canonicalUrl: '',
      noindex: false,
      socialImageId: null,
    });
    expect(seoSaveFields({ ...EMPTY_SEO_DRAFT, slug: 'my-own' })).toMatchObject({ slug: 'my-own' });
    for (const slug of ['search', 'half-', '']) {
      expect(seoSaveFields({ ...EMPTY_SEO_DRAFT, slug })).not.toHaveProperty('slug');
    }
    expect(seoSaveFields({ ...EMPTY_SEO_DRAFT, canonicalUrl: 'example' })).not.toHaveProperty(
      'canonicalUrl',
    );
  });

  it('always makes a body the server schema takes', () => {
    const body = { revision: 1, ...seoSaveFields({ ...EMPTY_SEO_DRAFT, slug: 'x-1' }) };
    expect(PostSaveSchema.safeParse(body).success).toBe(true);
  });
});
