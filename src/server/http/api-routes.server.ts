/**
 * The `/api` endpoints the widget reads (SPEC §7 data fetches): feeds by page, by category, tag,
 * hashtag and archive month; a post by slug; categories; tags. Handlers are thin: parse with a
 * schema from domain/, call the read service, reply.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ArchiveParamsSchema, FeedPageQuerySchema, SlugParamsSchema } from '../../domain/api';
import type { SearchResultsView } from '../../domain/search';
import { SearchQuerySchema } from '../../domain/search-schemas';
import type { FeedQuery } from '../../load-context';
import { NotFoundError } from '../errors.server';
import type { BlogReaderService } from '../services/blog-reader.server';
import type { SearchService } from '../services/search.server';

export interface ApiDeps {
  reader: BlogReaderService;
  search: SearchService;
}

/** Registers the read API under the prefix the caller chose (normally `/api`). */
export async function apiRoutes(app: FastifyInstance, { reader, search }: ApiDeps) {
  async function feed(request: FastifyRequest, query: FeedQuery) {
    const site = await request.site;
    const { page, pageSize } = FeedPageQuerySchema.parse(request.query);
    return reader.listFeed(site, query, page, pageSize);
  }

  app.get('/site', async (request) => request.site);

  app.get('/posts', (request) => feed(request, { source: 'homepage' }));

  app.get('/posts/slug/:slug', async (request) => {
    const site = await request.site;
    const { slug } = SlugParamsSchema.parse(request.params);
    const post = await reader.getPostBySlug(site, slug);
    if (!post) throw new NotFoundError('post_not_found', 'Post not found');
    return post;
  });

  app.get('/categories', async (request) => {
    const site = await request.site;
    return { categories: await reader.listCategories(site) };
  });

  app.get('/categories/:slug', async (request) => {
    const site = await request.site;
    const { slug } = SlugParamsSchema.parse(request.params);
    const category = await reader.getCategoryBySlug(site, slug);
    if (!category) throw new NotFoundError('category_not_found', 'Category not found');
    return category;
  });

  app.get('/categories/:slug/posts', async (request) => {
    const site = await request.site;
    const { slug } = SlugParamsSchema.parse(request.params);
    const category = await reader.getCategoryBySlug(site, slug);
    if (!category) throw new NotFoundError('category_not_found', 'Category not found');
    return feed(request, { source: 'category', categoryId: category.id });
  });

  app.get('/tags', async (request) => {
    const site = await request.site;
    return { tags: await reader.listTags(site) };
  });

  app.get('/tags/:slug/posts', async (request) => {
    const site = await request.site;
    const { slug } = SlugParamsSchema.parse(request.params);
    const tag = await reader.getTagBySlug(site, slug);
    if (!tag) throw new NotFoundError('tag_not_found', 'Tag not found');
    return feed(request, { source: 'tags', tagId: tag.id });
  });

  app.get('/hashtags/:slug/posts', async (request) => {
    const { slug } = SlugParamsSchema.parse(request.params);
    return feed(request, { source: 'hashtag', hashtag: slug.replace(/^#/, '') });
  });

  app.get('/archive/:year/:month/posts', async (request) => {
    const { year, month } = ArchiveParamsSchema.parse(request.params);
    return feed(request, { source: 'archive', year, month });
  });

  // A memoised page of results is the same object on every hit: it is serialised once.
  const serializedResults = new WeakMap<SearchResultsView, string>();

  // Issue 3 search: `?q=&page=`; an empty q finds nothing, a bad page is a 400 naming `page`.
  app.get('/search', async (request, reply) => {
    const site = await request.site;
    const { q, page } = SearchQuerySchema.parse(request.query);
    const results = await search.searchPosts(site, q, page);
    let body = serializedResults.get(results);
    if (body === undefined) {
      body = JSON.stringify(results);
      serializedResults.set(results, body);
    }
    return reply.type('application/json; charset=utf-8').send(body);
  });
}
