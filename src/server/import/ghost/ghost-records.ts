/**
 * Ghost's rows as import records (issue 21): users → authors; tags → categories (a tag that is
 * some post's primary tag) or tags; internal `#tags` skipped; posts with their status, dates,
 * excerpt, featured flag, cover and content; pages skipped. Pure: the rows come from the reader.
 */
import type { HtmlNode } from '../../../rich-content/model/nodes';
import type {
  ImportAuthor,
  ImportCategory,
  ImportImage,
  ImportPost,
  ImportPostStatus,
  ImportProblem,
  ImportSkipped,
  ImportTag,
} from '../records';
import { GhostContentContext, resolveGhostUrl, sampleOf } from './content/context';
import { finishConversion } from './content/conversion';
import { htmlText } from './content/html-text';
import { lexicalToDocument } from './content/lexical';
import { mobiledocToDocument } from './content/mobiledoc';
import {
  type GhostExportIndex,
  type GhostRow,
  ghostDate,
  isInternalTag,
  isPage,
} from './ghost-rows';

/** What the caller of the reader says about the old site. */
export interface GhostReadOptions {
  /** The old site's address, put where Ghost wrote `__GHOST_URL__`; kept as is without it. */
  siteUrl?: string;
}

function text(row: GhostRow, key: string): string {
  const value = row[key];
  return typeof value === 'string' ? value : '';
}

/** A user as an author. */
export function authorRecord(user: GhostRow, options: GhostReadOptions): ImportAuthor {
  const avatar = text(user, 'profile_image');
  return {
    kind: 'author',
    sourceId: String(user.id),
    login: text(user, 'slug'),
    email: text(user, 'email'),
    displayName: text(user, 'name'),
    bio: text(user, 'bio'),
    avatarUrl: avatar === '' ? null : resolveGhostUrl(avatar, options.siteUrl),
  };
}

/** A tag as a category, a tag, or skipped when it is internal. */
export function tagRecord(
  tag: GhostRow,
  index: GhostExportIndex,
): ImportCategory | ImportTag | ImportSkipped {
  const sourceId = String(tag.id);
  if (isInternalTag(tag)) {
    return {
      kind: 'skipped',
      sourceId,
      problem: {
        code: 'internal-tag',
        message: "Ghost's internal tags organise posts inside Ghost; they are not imported.",
        sample: sampleOf(text(tag, 'name')),
      },
    };
  }
  const common = { sourceId, slug: text(tag, 'slug'), name: text(tag, 'name') };
  if (!index.categoryTagIds.has(sourceId)) return { kind: 'tag', ...common };
  return {
    kind: 'category',
    ...common,
    description: text(tag, 'description'),
    parentSourceId: null,
  };
}

/** Who could read a post of each non-public Ghost `visibility`. */
const AUDIENCES: Readonly<Record<string, string>> = {
  members: 'members',
  paid: 'paying members',
  tiers: 'members of some tiers',
};

/** Ghost's status as Inkwell's, with a problem when they differ. */
function statusOf(post: GhostRow, problems: ImportProblem[]): ImportPostStatus {
  const status = text(post, 'status');
  if (status === 'published' || status === 'draft' || status === 'scheduled') return status;
  problems.push(
    status === 'sent'
      ? {
          code: 'email-only',
          message: 'The post was only sent as a newsletter in Ghost; it is imported as a draft.',
          sample: sampleOf(text(post, 'title')),
        }
      : {
          code: `unknown-status:${status}`,
          message: `Ghost's status "${status}" is unknown; the post is imported as a draft.`,
          sample: sampleOf(text(post, 'title')),
        },
  );
  return 'draft';
}

/** The post's content as a document: Lexical when it has it, else mobiledoc, else its html. */
function contentOf(post: GhostRow, options: GhostReadOptions, timestamp: Date) {
  const html = text(post, 'html');
  const contentOptions = { siteUrl: options.siteUrl, html, timestamp };
  if (text(post, 'lexical') !== '') return lexicalToDocument(text(post, 'lexical'), contentOptions);
  if (text(post, 'mobiledoc') !== '') {
    return mobiledocToDocument(text(post, 'mobiledoc'), contentOptions);
  }
  const context = new GhostContentContext(contentOptions);
  if (html.trim() === '') return finishConversion([], context);
  context.problem('html-only', 'The post had only HTML content; it is kept as an HTML block.');
  const node: HtmlNode = {
    type: 'HTML',
    id: 'g-html',
    nodes: [],
    htmlData: { html, source: 'HTML' },
  };
  return finishConversion([node], context);
}

/**
 * The post's primary author: the first of `posts_authors` (Ghost 1.22+), else the row's own
 * `author_id`; a post with neither goes to the export's first user, with a problem.
 */
function authorOf(post: GhostRow, index: GhostExportIndex, problems: ImportProblem[]): string {
  const listed = index.postAuthors.get(String(post.id))?.[0] ?? text(post, 'author_id');
  if (listed !== '') return listed;
  problems.push({
    code: 'author-missing',
    message: "The post named no author in Ghost's export; it goes to the export's first user.",
    sample: sampleOf(text(post, 'title')),
  });
  return String(index.users[0]?.id ?? '');
}

function coverOf(post: GhostRow, meta: GhostRow, options: GhostReadOptions): ImportImage | null {
  const image = text(post, 'feature_image');
  if (image === '') return null;
  return {
    url: resolveGhostUrl(image, options.siteUrl),
    alt: text(meta, 'feature_image_alt'),
    // The caption is HTML in Ghost; the cover keeps its text.
    caption: htmlText(text(meta, 'feature_image_caption')),
  };
}

/** A row of `posts` as a post, or skipped when it is a page. */
export function postRecord(
  post: GhostRow,
  index: GhostExportIndex,
  options: GhostReadOptions,
): ImportPost | ImportSkipped {
  const sourceId = String(post.id);
  if (isPage(post)) {
    return {
      kind: 'skipped',
      sourceId,
      problem: {
        code: 'page-skipped',
        message: 'Ghost pages are not posts; a blog has no place for them.',
        sample: sampleOf(text(post, 'title')),
      },
    };
  }
  const problems: ImportProblem[] = [];
  const status = statusOf(post, problems);
  const visibility = text(post, 'visibility');
  if (visibility !== '' && visibility !== 'public') {
    problems.push({
      code: 'members-only',
      message: `The post was for ${AUDIENCES[visibility] ?? 'some members'} only in Ghost; Inkwell shows it to everyone.`,
      sample: sampleOf(text(post, 'title')),
    });
  }
  const createdAt = ghostDate(post.created_at) ?? new Date(0);
  const updatedAt = ghostDate(post.updated_at) ?? createdAt;
  const tagIds = (index.postTags.get(sourceId) ?? []).filter((id) => index.publicTagIds.has(id));
  const content = contentOf(post, options, updatedAt);
  return {
    kind: 'post',
    sourceId,
    slug: text(post, 'slug'),
    title: text(post, 'title'),
    status,
    publishedAt: ghostDate(post.published_at),
    createdAt,
    updatedAt,
    authorSourceId: authorOf(post, index, problems),
    excerpt: text(post, 'custom_excerpt'),
    pinned: post.featured === true || post.featured === 1,
    commentsEnabled: index.isCommentingOn,
    // The primary tag (the first public one) leads: it is the main category.
    categorySourceIds: tagIds.filter((id) => index.categoryTagIds.has(id)),
    tagSourceIds: tagIds.filter((id) => !index.categoryTagIds.has(id)),
    cover: coverOf(post, index.postMeta.get(sourceId) ?? {}, options),
    document: content.document,
    images: content.images,
    oldPath: `/${text(post, 'slug')}/`,
    problems: [...problems, ...content.problems],
  };
}
