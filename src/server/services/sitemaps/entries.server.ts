/**
 * What each sitemap lists, as absolute addresses on the site's origin (decision 028): the posts
 * with their pictures, the categories, tags, authors and archive months, and the site's own pages.
 */
import { isValidTimeZone } from '../../../domain/dates';
import { MEDIA_WIDTHS, mediaUrl } from '../../../domain/media';
import { profileUrl } from '../../../domain/profiles';
import { archiveUrl, categoryUrl, homeUrl, postLink, tagUrl } from '../../../domain/routes';
import { SITEMAP_MAX_IMAGES_PER_URL } from '../../../domain/sitemaps';
import type { ImageView, SiteView } from '../../../domain/views';
import type { RichDocument } from '../../../rich-content/document';
import { type ContentImage, contentImages } from '../../../rich-content/text';
import type { Database } from '../../db/connection.server';
import { presentCover } from '../blog-reader/present.server';
import {
  archiveMonths,
  authorsWithPosts,
  categoriesWithPosts,
  newestPostChange,
  type SitemapPostRow,
  tagsWithPosts,
} from './queries.server';
import type { SitemapUrl } from './xml.server';

/** The site's pages besides the blog's (src/routes.ts): the home page and the about page. */
const SITE_PAGES = ['/', '/about'] as const;

function zoneOf(site: Pick<SiteView, 'timeZone'>): string {
  return isValidTimeZone(site.timeZone) ? site.timeZone : 'UTC';
}

/** The largest served width an image has (never upscaled: the same rule as `imageSources`). */
function largestWidth(width: number) {
  const fitting = MEDIA_WIDTHS.filter((w) => w <= Math.max(width, MEDIA_WIDTHS[0]));
  return fitting.at(-1) ?? MEDIA_WIDTHS[0];
}

/** A picture's absolute address: a stored image at its largest served width, or its own URL. */
function imageAddress(
  origin: string,
  image: Pick<ImageView, 'id' | 'url' | 'width'> | ContentImage,
): string | null {
  if (image.id) return `${origin}${mediaUrl(image.id, largestWidth(image.width ?? 0))}`;
  const url = image.url ?? '';
  if (/^https?:\/\//i.test(url)) return url;
  return url.startsWith('/') && !url.startsWith('//') ? `${origin}${url}` : null;
}

function documentImages(content: unknown): ContentImage[] {
  const doc = content as RichDocument | null;
  if (!doc || !Array.isArray(doc.nodes)) return [];
  return contentImages(doc);
}

/** A post's entry: its address, its last change, its cover and the pictures in its content. */
export function postEntry(site: SiteView, post: SitemapPostRow): SitemapUrl {
  const cover = presentCover(post);
  const images = new Set<string>();
  for (const image of [...(cover ? [cover] : []), ...documentImages(post.content)]) {
    const address = imageAddress(site.origin, image);
    if (address) images.add(address);
    if (images.size >= SITEMAP_MAX_IMAGES_PER_URL) break;
  }
  return {
    loc: `${site.origin}${postLink(site, post)}`,
    lastmod: post.updatedAt,
    images: [...images],
  };
}

/** The site's own pages and the blog's home; the homes change with the newest post. */
export async function pageEntries(db: Database, site: SiteView): Promise<SitemapUrl[]> {
  const newest = await newestPostChange(db, site.id);
  const blogHome = homeUrl(site.blogBase);
  const paths = [...SITE_PAGES, ...(blogHome === '/' ? [] : [blogHome])];
  // The about page is the builder's: nothing records when it changed, and a made-up lastmod
  // would teach crawlers to ignore ours.
  return paths.map((path) => ({
    loc: `${site.origin}${path}`,
    lastmod: path === '/about' ? null : newest,
  }));
}

/** Categories with published posts; a subcategory's address goes through its parent. */
export async function categoryEntries(db: Database, site: SiteView): Promise<SitemapUrl[]> {
  const rows = await categoriesWithPosts(db, site.id);
  const byId = new Map(rows.map(({ row }) => [row.id, row]));
  return rows
    .filter(({ row }) => row.hasPosts)
    .map(({ row, lastmod }) => {
      const parent = row.parentId ? byId.get(row.parentId) : undefined;
      const path = parent
        ? categoryUrl(site.blogBase, site.categoryPath, parent.slug, { subcategorySlug: row.slug })
        : categoryUrl(site.blogBase, site.categoryPath, row.slug);
      return { loc: `${site.origin}${path}`, lastmod };
    });
}

/** Tags on published posts. */
export async function tagEntries(db: Database, site: SiteView): Promise<SitemapUrl[]> {
  const rows = await tagsWithPosts(db, site.id);
  return rows.map(({ row, lastmod }) => ({
    loc: `${site.origin}${tagUrl(site.blogBase, row.slug)}`,
    lastmod,
  }));
}

/** Public profiles of members with published posts (private profiles are left out). */
export async function authorEntries(db: Database, site: SiteView): Promise<SitemapUrl[]> {
  const rows = await authorsWithPosts(db, site.id);
  return rows.map(({ row, lastmod }) => ({
    loc: `${site.origin}${profileUrl(site.blogBase, { slug: row.slug, siteMemberId: row.id })}`,
    lastmod,
  }));
}

/** The archive months with published posts, in the site's time zone. */
export async function archiveEntries(db: Database, site: SiteView): Promise<SitemapUrl[]> {
  const rows = await archiveMonths(db, site.id, zoneOf(site));
  return rows.map(({ row, lastmod }) => ({
    loc: `${site.origin}${archiveUrl(site.blogBase, row.year, row.month)}`,
    lastmod,
  }));
}
