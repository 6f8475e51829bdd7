/**
 * `writeWxr`: a site's blog as a WordPress eXtended RSS (WXR 1.2) file that WordPress's own
 * importer accepts (issue 21 "Export", decision 057 "Export to WordPress (WXR)"): authors,
 * categories (parents first, each naming its parent's slug), tags, then every published,
 * scheduled, draft and in-review post with its terms and comments (replies name their parent,
 * held comments are `comment_approved` 0).
 *
 * Posts are read in pages of {@link EXPORT_PAGE_SIZE} by id, with their comments, and written
 * as they are read, waiting for the output to drain: a blog of any size is never held in
 * memory. What is held is the site's terms and the authors (WordPress needs them before the
 * items). WXR ids are numbers: a counter per export, one per kind (WordPress keeps posts,
 * comments, terms and users in separate tables), consistent between a comment and its parent.
 *
 * Images (decision 057 "WXR export: attachments"): a post's cover and every stored image its
 * content shows are attachment items (WordPress's media library), written just before the post
 * they belong to and numbered with the posts; the cover is the post's `_thumbnail_id`. An image
 * shown in the content is given by the very URL the content uses, so WordPress's importer, which
 * replaces each fetched attachment's URL in the posts, points the content at its own copy.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { and, asc, count, eq, gt, inArray } from 'drizzle-orm';
import { mediaFileUrl } from '../../domain/media';
import { postLink } from '../../domain/routes';
import { slugify } from '../../domain/slugs';
import type { RichDocument } from '../../rich-content/document';
import { createTranslator } from '../../rich-content/i18n';
import type { Database } from '../db/connection.server';
import { categories, comments, media, members, posts, sites, tags } from '../db/schema.server';
import { absoluteUrl, renderFeedHtml } from '../feeds/feed-html.server';
import { siteViewOf } from '../services/sites.server';
import {
  WXR_END,
  type WxrAttachment,
  type WxrCategory,
  type WxrComment,
  type WxrStatus,
  wxrAttachment,
  wxrAuthor,
  wxrCategory,
  wxrHead,
  wxrItem,
  wxrTag,
} from './wxr-elements';

/** How many posts one query reads. */
export const EXPORT_PAGE_SIZE = 100;

/** Our post statuses WordPress has a status for; deleted posts are not exported. */
const WXR_STATUS: Record<string, WxrStatus> = {
  published: 'publish',
  scheduled: 'future',
  unpublished: 'draft',
  in_review: 'pending',
  in_moderation: 'pending',
};
const EXPORTED_STATUSES = Object.keys(WXR_STATUS);

/** What an export wrote, for the command's report. */
export interface WxrSummary {
  authors: number;
  categories: number;
  tags: number;
  posts: number;
  comments: number;
  /** Images written as attachment items (each once, however many posts show it). */
  attachments: number;
}

type SiteRow = typeof sites.$inferSelect;
type PostRow = typeof posts.$inferSelect;

/** Writes to `out`, waiting when it asks to (backpressure). */
async function writeTo(out: Writable, text: string): Promise<void> {
  if (!out.write(text)) await once(out, 'drain');
}

/** Categories with every parent before its children (a parent missing or in a cycle: top level). */
function parentsFirst<T extends { id: string; parentId: string | null }>(rows: T[]): T[] {
  const ids = new Set(rows.map((row) => row.id));
  const placed = new Set<string>();
  const out: T[] = [];
  let pending = rows;
  while (pending.length > 0) {
    let ready = pending.filter(
      (row) => row.parentId === null || !ids.has(row.parentId) || placed.has(row.parentId),
    );
    if (ready.length === 0) ready = [pending[0]!];
    for (const row of ready) {
      out.push(row);
      placed.add(row.id);
    }
    pending = pending.filter((row) => !placed.has(row.id));
  }
  return out;
}

/** The site's terms as WXR terms, numbered; the lookups items use. */
async function termsOf(db: Database, siteId: string) {
  const categoryRows = parentsFirst(
    await db
      .select()
      .from(categories)
      .where(eq(categories.siteId, siteId))
      .orderBy(asc(categories.displayPosition), asc(categories.slug)),
  );
  const tagRows = await db
    .select()
    .from(tags)
    .where(eq(tags.siteId, siteId))
    .orderBy(asc(tags.slug));
  const slugOf = new Map(categoryRows.map((c) => [c.id, c.slug]));
  let termId = 0;
  const wxrCategories: WxrCategory[] = categoryRows.map((c) => ({
    id: ++termId,
    slug: c.slug,
    parentSlug: (c.parentId && slugOf.get(c.parentId)) || '',
    name: c.label,
    description: c.description,
  }));
  const wxrTags = tagRows.map((t) => ({ id: ++termId, slug: t.slug, name: t.label }));
  return {
    wxrCategories,
    wxrTags,
    categoryById: new Map(categoryRows.map((c) => [c.id, { slug: c.slug, name: c.label }])),
    tagById: new Map(tagRows.map((t) => [t.id, { slug: t.slug, name: t.label }])),
  };
}

/** The members who wrote an exported post, as WXR authors (their slug is the login). */
async function authorsOf(db: Database, siteId: string) {
  const owners = db
    .selectDistinct({ id: posts.ownerId })
    .from(posts)
    .where(and(eq(posts.siteId, siteId), inArray(posts.status, EXPORTED_STATUSES)));
  const rows = await db
    .select({ id: members.id, slug: members.slug, name: members.name, email: members.email })
    .from(members)
    .where(and(eq(members.siteId, siteId), inArray(members.id, owners)))
    .orderBy(asc(members.slug));
  return rows.map((row, index) => ({
    memberId: row.id,
    author: { id: index + 1, login: row.slug, email: row.email ?? '', displayName: row.name },
  }));
}

/** The comments of a page of posts, by post, oldest first (so a parent comes before replies). */
async function commentsOf(db: Database, siteId: string, postIds: string[]) {
  const rows = await db
    .select({
      id: comments.id,
      postId: comments.postId,
      parentId: comments.parentId,
      content: comments.content,
      status: comments.status,
      createdAt: comments.createdAt,
      authorId: comments.authorId,
      authorName: members.name,
      authorEmail: members.email,
    })
    .from(comments)
    .leftJoin(members, and(eq(members.siteId, comments.siteId), eq(members.id, comments.authorId)))
    .where(
      and(
        eq(comments.siteId, siteId),
        inArray(comments.postId, postIds),
        inArray(comments.status, ['published', 'pending']),
      ),
    )
    .orderBy(asc(comments.createdAt), asc(comments.id));
  const byPost = new Map<string, typeof rows>();
  for (const row of rows) {
    const list = byPost.get(row.postId) ?? [];
    list.push(row);
    byPost.set(row.postId, list);
  }
  return byPost;
}

/** When a post was or will be published; a draft's creation. */
function dateOf(post: PostRow): Date {
  if (post.status === 'scheduled' && post.scheduledPublishDate) return post.scheduledPublishDate;
  return post.firstPublishedDate ?? post.createdAt;
}

/** An image a post shows: where the export's HTML has it, and its alternative text. */
interface ShownImage {
  url: string;
  alt: string;
}

const IMG_TAG = /<img\b[^>]*>/g;
const OWN_MEDIA_PATH = /^\/media\/([0-9a-f-]{36})\//;

/** An attribute of a tag as React writes it (double quotes, `&amp;` `&quot;` `&#x27;` `&lt;` `&gt;`). */
function attributeOf(tagText: string, name: string): string {
  const value = new RegExp(`\\s${name}="([^"]*)"`).exec(tagText)?.[1] ?? '';
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The site's own stored images in a post's HTML, by media id, first use first. */
export function ownImagesIn(html: string, origin: string): Map<string, ShownImage> {
  const found = new Map<string, ShownImage>();
  for (const [tagText] of html.matchAll(IMG_TAG)) {
    const src = attributeOf(tagText, 'src');
    let url: URL;
    try {
      url = new URL(src);
    } catch {
      continue;
    }
    const id = url.origin === new URL(origin).origin && OWN_MEDIA_PATH.exec(url.pathname)?.[1];
    if (id && !found.has(id)) found.set(id, { url: src, alt: attributeOf(tagText, 'alt') });
  }
  return found;
}

/** The stored cover of a post (its featured image), unless the writer turned the cover off. */
function coverOf(post: PostRow): { id: string; alt: string } | null {
  const cover = post.coverImage;
  if (!cover || cover.isEnabled === false || !cover.image?.id) return null;
  return { id: cover.image.id, alt: cover.image.alt ?? '' };
}

/** The media rows of the images a page of posts shows: file name, upload date and alt text. */
async function mediaOf(db: Database, siteId: string, ids: string[]) {
  if (ids.length === 0) return new Map<string, MediaRow>();
  const rows = await db
    .select({
      id: media.id,
      fileName: media.fileName,
      altText: media.altText,
      createdAt: media.createdAt,
    })
    .from(media)
    .where(and(eq(media.siteId, siteId), inArray(media.id, ids)));
  return new Map(rows.map((row) => [row.id, row]));
}

type MediaRow = { id: string; fileName: string; altText: string; createdAt: Date };

/** How many posts `writeWxr` writes for the site (a progress bar's total). */
export async function countWxrPosts(db: Database, siteId: string): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(posts)
    .where(and(eq(posts.siteId, siteId), inArray(posts.status, EXPORTED_STATUSES)));
  return row?.count ?? 0;
}

/** What the caller of `writeWxr` is told as it goes (the dashboard's progress bar). */
export interface WxrWriteOptions {
  /** After each post written, with the summary so far. */
  onPost?: (summary: WxrSummary) => void;
}

/** Writes the site's blog to `out` as WXR; resolves when all is written (the stream stays open). */
export async function writeWxr(
  db: Database,
  siteId: string,
  out: Writable,
  options: WxrWriteOptions = {},
): Promise<WxrSummary> {
  const [site] = await db.select().from(sites).where(eq(sites.id, siteId));
  if (!site) throw new Error(`No site with the id ${siteId}.`);
  const view = siteViewOf(site);
  const blogUrl = absoluteUrl(view.blogBase, view.origin) ?? view.origin;
  await writeTo(
    out,
    wxrHead({
      title: site.name,
      link: blogUrl,
      description: site.description,
      language: site.language,
      now: new Date(),
    }),
  );
  const authors = await authorsOf(db, siteId);
  for (const { author } of authors) await writeTo(out, wxrAuthor(author));
  const terms = await termsOf(db, siteId);
  for (const category of terms.wxrCategories) await writeTo(out, wxrCategory(category));
  for (const term of terms.wxrTags) await writeTo(out, wxrTag(term));
  const loginOf = new Map(authors.map((a) => [a.memberId, a.author.login]));
  const summary: WxrSummary = {
    authors: authors.length,
    categories: terms.wxrCategories.length,
    tags: terms.wxrTags.length,
    posts: 0,
    comments: 0,
    attachments: 0,
  };
  const authorIdOf = new Map(authors.map((a) => [a.memberId, a.author.id]));
  const context = itemContext(site, view, { loginOf, authorIdOf }, terms);
  let after: string | null = null;
  for (;;) {
    const page: PostRow[] = await db
      .select()
      .from(posts)
      .where(
        and(
          eq(posts.siteId, siteId),
          inArray(posts.status, EXPORTED_STATUSES),
          after === null ? undefined : gt(posts.id, after),
        ),
      )
      .orderBy(asc(posts.id))
      .limit(EXPORT_PAGE_SIZE);
    if (page.length === 0) break;
    const commentsByPost = await commentsOf(
      db,
      siteId,
      page.map((post) => post.id),
    );
    const rendered = page.map((post) => context.render(post));
    const mediaIds = new Set(
      rendered.flatMap(({ post, images }) => [
        ...(coverOf(post) ? [coverOf(post)!.id] : []),
        ...images.keys(),
      ]),
    );
    const mediaRows = await mediaOf(db, siteId, [...mediaIds]);
    for (const shown of rendered) {
      const postComments = commentsByPost.get(shown.post.id) ?? [];
      const written = context.item(shown, postComments, mediaRows);
      await writeTo(out, written.xml);
      summary.posts += 1;
      summary.comments += postComments.length;
      summary.attachments += written.attachments;
      options.onPost?.(summary);
    }
    after = page[page.length - 1]!.id;
  }
  await writeTo(out, WXR_END);
  return summary;
}

type CommentRow =
  Awaited<ReturnType<typeof commentsOf>> extends Map<string, infer L>
    ? L extends (infer R)[]
      ? R
      : never
    : never;

/** Turns post rows into `<item>`s, numbering posts, attachments and comments as they go. */
function itemContext(
  site: SiteRow,
  view: ReturnType<typeof siteViewOf>,
  people: { loginOf: Map<string, string>; authorIdOf: Map<string, number> },
  terms: Awaited<ReturnType<typeof termsOf>>,
) {
  const { t } = createTranslator(site.language);
  // Posts and attachments share one sequence: WordPress keeps both in its posts table.
  let itemNumber = 0;
  let commentNumber = 0;
  /** The attachment number of each image already written (an image is written once). */
  const attachmentNumberOf = new Map<string, number>();
  const html = (document: unknown, link: string) =>
    renderFeedHtml(document as RichDocument, {
      origin: view.origin,
      postLink: link,
      blogBase: view.blogBase,
      t,
    });
  /** The attachment of an image not written yet, numbered now. */
  const attachmentOf = (
    mediaId: string,
    parentId: number,
    post: PostRow,
    shown: { url: string; alt: string },
    row: MediaRow | undefined,
  ): WxrAttachment => {
    const id = ++itemNumber;
    attachmentNumberOf.set(mediaId, id);
    const fileName = row?.fileName || (new URL(shown.url).pathname.split('/').pop() ?? 'image');
    const title = fileName.replace(/\.[^.]*$/, '') || `Image ${id}`;
    return {
      id,
      parentId,
      title,
      slug: slugify(title),
      url: shown.url,
      authorLogin: people.loginOf.get(post.ownerId) ?? '',
      uploadedAt: row?.createdAt ?? dateOf(post),
      fileName,
      alt: shown.alt || row?.altText || '',
    };
  };
  return {
    /** The post's address, HTML and the stored images the HTML shows (before numbering). */
    render(post: PostRow) {
      const link = absoluteUrl(postLink(site, post), view.origin) ?? view.origin;
      const content = html(post.content, link);
      return { post, link, html: content, images: ownImagesIn(content, view.origin) };
    },
    /** The post's new attachments, then the post with its comments. */
    item(
      shown: ReturnType<typeof this.render>,
      rows: CommentRow[],
      mediaRows: Map<string, MediaRow>,
    ): { xml: string; attachments: number } {
      const { post, link } = shown;
      const id = ++itemNumber;
      const attachments: WxrAttachment[] = [];
      const cover = coverOf(post);
      const images = new Map(shown.images);
      if (cover && !images.has(cover.id)) {
        // Not in the content: the stored original, as the feeds give a cover.
        const url = absoluteUrl(mediaFileUrl(cover.id, 'webp'), view.origin)!;
        images.set(cover.id, { url, alt: cover.alt });
      }
      for (const [mediaId, image] of images) {
        if (attachmentNumberOf.has(mediaId)) continue;
        attachments.push(attachmentOf(mediaId, id, post, image, mediaRows.get(mediaId)));
      }
      const numberOf = new Map<string, number>();
      for (const row of rows) numberOf.set(row.id, ++commentNumber);
      const wxrComments: WxrComment[] = rows.map((row) => ({
        id: numberOf.get(row.id)!,
        parentId: (row.parentId && numberOf.get(row.parentId)) || 0,
        userId: people.authorIdOf.get(row.authorId) ?? 0,
        authorName: row.authorName ?? '',
        authorEmail: row.authorEmail ?? '',
        createdAt: row.createdAt,
        html: html(row.content, link),
        approved: row.status === 'published',
      }));
      const postXml = wxrItemOf(post, {
        id,
        link,
        html: shown.html,
        authorLogin: people.loginOf.get(post.ownerId) ?? '',
        comments: wxrComments,
        timeZone: site.timeZone,
        terms,
        thumbnailId: cover ? attachmentNumberOf.get(cover.id)! : 0,
      });
      const attachmentsXml = attachments.map((a) => wxrAttachment(a, site.timeZone)).join('');
      return { xml: attachmentsXml + postXml, attachments: attachments.length };
    },
  };
}

function wxrItemOf(
  post: PostRow,
  parts: {
    id: number;
    link: string;
    html: string;
    authorLogin: string;
    comments: WxrComment[];
    timeZone: string;
    terms: Awaited<ReturnType<typeof termsOf>>;
    thumbnailId: number;
  },
): string {
  const { terms } = parts;
  return wxrItem(
    {
      id: parts.id,
      title: post.title,
      link: parts.link,
      authorLogin: parts.authorLogin,
      html: parts.html,
      excerpt: post.isExcerptCustom ? post.excerpt : '',
      date: dateOf(post),
      modified: post.updatedAt,
      status: WXR_STATUS[post.status] ?? 'draft',
      slug: post.slug,
      sticky: post.isPinned,
      commentsOpen: !post.isCommentsDisabled,
      categories: post.categoryIds.flatMap((id) => terms.categoryById.get(id) ?? []),
      tags: post.tagIds.flatMap((id) => terms.tagById.get(id) ?? []),
      comments: parts.comments,
      thumbnailId: parts.thumbnailId,
    },
    parts.timeZone,
  );
}
