/**
 * The meaning of WXR parts: authors, categories (parents before children), tags, and each item
 * as a post record with its comments, or as a `skipped` record. Pure functions of the parts and
 * of what was read before them (`WxrLookups`), so they are tested without a file.
 *
 * Skipped records carry a prefixed `sourceId` (`post:12`, `comment:7`, `term:3`): WordPress ids
 * are unique per table, and a skipped page and a skipped comment could otherwise share one.
 */
import { DomUtils, parseDocument as parseHtml } from 'htmlparser2';
import { slugify } from '../../../domain/slugs';
import type {
  ImportAuthor,
  ImportCategory,
  ImportComment,
  ImportImage,
  ImportPost,
  ImportPostStatus,
  ImportProblem,
  ImportRecord,
  ImportSkipped,
  ImportTag,
} from '../records';
import { wordpressContentToDocument } from './content';
import { wpDateOf } from './wxr-dates';
import { field, type WxrFields, type WxrItem } from './wxr-parts';

/** What later parts refer to by name: authors by login, terms by slug, attachments by id. */
export interface WxrLookups {
  authorIdByLogin: Map<string, string>;
  categoryIdBySlug: Map<string, string>;
  tagIdBySlug: Map<string, string>;
  /** Attachments read so far, by post id: what a featured image (`_thumbnail_id`) points at. */
  attachments: Map<string, ImportImage>;
}

/** A new set of empty lookups. */
export function emptyLookups(): WxrLookups {
  return {
    authorIdByLogin: new Map(),
    categoryIdBySlug: new Map(),
    tagIdBySlug: new Map(),
    attachments: new Map(),
  };
}

/** Text of an HTML fragment (a title, an excerpt, a comment), entities decoded, tags dropped. */
export function htmlToText(html: string): string {
  const withBreaks = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>\s*<p[^>]*>/gi, '\n\n')
    .replace(/\r\n?/g, '\n');
  return DomUtils.textContent(parseHtml(withBreaks))
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A `wp:author`. */
export function authorOf(fields: WxrFields): ImportAuthor {
  const login = field(fields, 'wp:author_login');
  return {
    kind: 'author',
    sourceId: field(fields, 'wp:author_id') || login,
    login,
    email: field(fields, 'wp:author_email'),
    displayName: field(fields, 'wp:author_display_name') || login,
    bio: '',
    avatarUrl: null,
  };
}

/** A `wp:category`; its parent (named by slug in the file) as the parent's term id. */
export function categoryOf(fields: WxrFields, idBySlug: Map<string, string>): ImportCategory {
  const parentSlug = field(fields, 'wp:category_parent');
  return {
    kind: 'category',
    sourceId: field(fields, 'wp:term_id'),
    slug: field(fields, 'wp:category_nicename'),
    name: htmlToText(field(fields, 'wp:cat_name')),
    description: htmlToText(field(fields, 'wp:category_description')),
    parentSourceId: parentSlug ? (idBySlug.get(parentSlug) ?? null) : null,
  };
}

/**
 * Categories with every parent before its children. WordPress writes them so already; a file
 * that does not is reordered, and a category whose parent is missing (or in a cycle) becomes a
 * top-level one rather than being lost.
 */
export function orderCategories(categories: ImportCategory[]): ImportCategory[] {
  const ids = new Set(categories.map((category) => category.sourceId));
  const placed = new Set<string>();
  const out: ImportCategory[] = [];
  let pending = categories.map((category) =>
    category.parentSourceId && !ids.has(category.parentSourceId)
      ? { ...category, parentSourceId: null }
      : category,
  );
  while (pending.length > 0) {
    const ready = pending.filter((c) => c.parentSourceId === null || placed.has(c.parentSourceId));
    const next =
      ready.length > 0 ? ready : [{ ...(pending[0] as ImportCategory), parentSourceId: null }];
    for (const category of next) {
      out.push(category);
      placed.add(category.sourceId);
    }
    const done = new Set(next.map((category) => category.sourceId));
    pending = pending.filter((category) => !done.has(category.sourceId));
  }
  return out;
}

/** A `wp:tag`. */
export function tagOf(fields: WxrFields): ImportTag {
  return {
    kind: 'tag',
    sourceId: field(fields, 'wp:term_id'),
    slug: field(fields, 'wp:tag_slug'),
    name: htmlToText(field(fields, 'wp:tag_name')),
  };
}

/** A `wp:term` of another taxonomy (menus, post formats): skipped. Categories and tags repeat. */
export function termOf(fields: WxrFields): ImportSkipped | null {
  const taxonomy = field(fields, 'wp:term_taxonomy');
  if (taxonomy === 'category' || taxonomy === 'post_tag') return null;
  return {
    kind: 'skipped',
    sourceId: `term:${field(fields, 'wp:term_id')}`,
    problem: {
      code: `term-skipped:${taxonomy}`,
      message: `Terms of the taxonomy ${taxonomy} have no place in Inkwell.`,
      sample: field(fields, 'wp:term_name') || field(fields, 'wp:term_slug'),
    },
  };
}

const STATUSES: Record<string, ImportPostStatus> = {
  publish: 'published',
  draft: 'draft',
  pending: 'draft',
  future: 'scheduled',
  private: 'private',
};

/** The attachment an item is, for featured images to point at. */
export function attachmentOf(item: WxrItem): ImportImage {
  return {
    url: field(item.fields, 'wp:attachment_url') || field(item.fields, 'guid'),
    alt: item.meta.get('_wp_attachment_image_alt')?.trim() ?? '',
    caption: htmlToText(field(item.fields, 'excerpt:encoded')),
  };
}

/** Why an item is not a post, or null when it is one. */
function skipReason(item: WxrItem): ImportProblem | null {
  const type = field(item.fields, 'wp:post_type') || 'post';
  const status = field(item.fields, 'wp:status');
  const title = htmlToText(field(item.fields, 'title'));
  if (type !== 'post') {
    return {
      code: `${type}-skipped`,
      message: `A WordPress ${type.replace(/_/g, ' ')} is not a blog post; it was not imported.`,
      sample: title,
    };
  }
  if (!(status in STATUSES)) {
    return {
      code: `post-skipped:${status || 'no-status'}`,
      message: `A post with the status "${status}" (in the bin, or an automatic draft) was not imported.`,
      sample: title,
    };
  }
  return null;
}

/** The path of the old address (`http://old.example/hello/` → `/hello/`). */
export function oldPathOf(link: string, slug: string): string {
  try {
    const url = new URL(link);
    return `${url.pathname}${url.search}`;
  } catch {
    return `/${slug}/`;
  }
}

/** The skipped record of an item that is not a post, or null when it is one. */
export function skippedItemOf(item: WxrItem): ImportSkipped | null {
  const reason = skipReason(item);
  return reason
    ? { kind: 'skipped', sourceId: `post:${field(item.fields, 'wp:post_id')}`, problem: reason }
    : null;
}

function termIds(item: WxrItem, domain: string, idBySlug: Map<string, string>): string[] {
  const ids: string[] = [];
  for (const term of item.terms) {
    if (term.domain !== domain) continue;
    const id = idBySlug.get(term.nicename);
    if (id !== undefined && !ids.includes(id)) ids.push(id);
  }
  return ids;
}

/**
 * The post an item is (call {@link skippedItemOf} first), with `cover` left null: the reader
 * fills it from the attachment `_thumbnail_id` names, which may come later in the file.
 */
export function postOf(item: WxrItem, lookups: WxrLookups): ImportPost {
  const f = item.fields;
  const status = STATUSES[field(f, 'wp:status')] ?? 'draft';
  const created = wpDateOf(field(f, 'wp:post_date_gmt'), field(f, 'wp:post_date')) ?? new Date(0);
  const updated =
    wpDateOf(field(f, 'wp:post_modified_gmt'), field(f, 'wp:post_modified')) ?? created;
  const title = htmlToText(field(f, 'title'));
  const slug = field(f, 'wp:post_name') || slugify(title);
  const login = field(f, 'dc:creator');
  const content = wordpressContentToDocument(f['content:encoded'] ?? '', updated);
  const problems = [...content.problems];
  const authorSourceId = lookups.authorIdByLogin.get(login);
  if (authorSourceId === undefined) {
    problems.push({
      code: 'unknown-author',
      message: 'The post names an author who is not in the file.',
      sample: login,
    });
  }
  if (field(f, 'wp:post_password')) {
    problems.push({
      code: 'password-protected',
      message:
        'Inkwell has no password-protected posts; the post was imported without its password.',
      sample: title,
    });
  }
  return {
    kind: 'post',
    sourceId: field(f, 'wp:post_id'),
    slug,
    title,
    status,
    publishedAt: status === 'draft' ? null : created,
    createdAt: created,
    updatedAt: updated,
    authorSourceId: authorSourceId ?? login,
    excerpt: htmlToText(field(f, 'excerpt:encoded')),
    pinned: field(f, 'wp:is_sticky') === '1',
    commentsEnabled: field(f, 'wp:comment_status') === 'open',
    categorySourceIds: termIds(item, 'category', lookups.categoryIdBySlug),
    tagSourceIds: termIds(item, 'post_tag', lookups.tagIdBySlug),
    cover: null,
    document: content.document,
    images: content.images,
    oldPath: oldPathOf(field(f, 'link'), slug),
    problems,
  };
}

/** The attachment id of an item's featured image, or null. */
export function thumbnailIdOf(item: WxrItem): string | null {
  const id = item.meta.get('_thumbnail_id')?.trim();
  return id ? id : null;
}

const KEPT_COMMENT_TYPES = new Set(['', 'comment']);

function commentSkip(fields: WxrFields): ImportProblem | null {
  const approved = field(fields, 'wp:comment_approved');
  const type = field(fields, 'wp:comment_type');
  if (approved === 'spam' || approved === 'trash') {
    return {
      code: `comment-skipped:${approved}`,
      message: `A comment marked as ${approved} was not imported.`,
      sample: htmlToText(field(fields, 'wp:comment_content')).slice(0, 200),
    };
  }
  if (!KEPT_COMMENT_TYPES.has(type)) {
    return {
      code: `comment-skipped:${type}`,
      message: `A ${type} is not a comment; it was not imported.`,
      sample: field(fields, 'wp:comment_author_url'),
    };
  }
  return null;
}

function commentOf(fields: WxrFields, postSourceId: string, parent: string | null): ImportComment {
  const created =
    wpDateOf(field(fields, 'wp:comment_date_gmt'), field(fields, 'wp:comment_date')) ?? new Date(0);
  return {
    kind: 'comment',
    sourceId: field(fields, 'wp:comment_id'),
    postSourceId,
    parentSourceId: parent,
    authorName: htmlToText(field(fields, 'wp:comment_author')),
    authorEmail: field(fields, 'wp:comment_author_email'),
    authorUrl: field(fields, 'wp:comment_author_url'),
    text: htmlToText(field(fields, 'wp:comment_content')),
    createdAt: created,
    approved: field(fields, 'wp:comment_approved') === '1',
  };
}

/**
 * An item's comments, parents before replies whatever the file's order. Spam, bin and pingbacks
 * are skipped with a problem; a reply to a skipped or missing comment answers that comment's
 * nearest kept ancestor (or the post), so a thread is never lost for one bad comment.
 */
export function commentsOf(item: WxrItem, postSourceId: string): ImportRecord[] {
  const byId = new Map(item.comments.map((c) => [field(c, 'wp:comment_id'), c]));
  const out: ImportRecord[] = [];
  const kept = new Set<string>();
  const skipped = new Set<string>();
  for (const [id, fields] of byId) {
    const problem = commentSkip(fields);
    if (problem) {
      skipped.add(id);
      out.push({ kind: 'skipped', sourceId: `comment:${id}`, problem });
    }
  }
  const keptParentOf = (id: string): string | null => {
    const seen = new Set<string>([id]);
    let parent = field(byId.get(id) ?? {}, 'wp:comment_parent');
    while (parent && parent !== '0' && byId.has(parent) && !seen.has(parent)) {
      if (!skipped.has(parent)) return parent;
      seen.add(parent);
      parent = field(byId.get(parent) ?? {}, 'wp:comment_parent');
    }
    return null;
  };
  const emit = (id: string, trail: Set<string>): void => {
    if (kept.has(id) || skipped.has(id) || trail.has(id)) return;
    trail.add(id);
    const parent = keptParentOf(id);
    // A cycle in the file's parent links: the comment stands at the top instead.
    const safeParent = parent && trail.has(parent) ? null : parent;
    if (safeParent) emit(safeParent, trail);
    kept.add(id);
    out.push(commentOf(byId.get(id) as WxrFields, postSourceId, safeParent));
  };
  for (const id of byId.keys()) emit(id, new Set());
  return out;
}

/** The comments of an item that is not imported (a page's), each skipped with its reason. */
export function commentsOfSkipped(item: WxrItem, reason: string): ImportSkipped[] {
  return item.comments.map((fields) => ({
    kind: 'skipped',
    sourceId: `comment:${field(fields, 'wp:comment_id')}`,
    problem: {
      code: 'comment-skipped:item-skipped',
      message: `A comment on something that was not imported (${reason}) was not imported.`,
      sample: htmlToText(field(fields, 'wp:comment_content')).slice(0, 200),
    },
  }));
}
