/**
 * What the post editor sends to the server (issue 4 "Saving"): the bodies of the editor API and
 * the SPEC §5 rule for the fields a post needs before it goes public. The editor's forms and the
 * server share these, so a limit is stated once. The content document itself is validated by
 * `parseDocument` (rich-content), which this module cannot import; here it is opaque.
 */
import { z } from 'zod';
import { ALT_TEXT_MAX_LENGTH } from './media';
import type { ReviewNoteView } from './post-review';
import {
  isCanonicalUrl,
  POST_CANONICAL_URL_MAX_LENGTH,
  POST_SEO_DESCRIPTION_MAX_LENGTH,
  POST_SEO_TITLE_MAX_LENGTH,
  type PostSeoFields,
} from './seo';
import { isReservedSlug, isSlugShape, SLUG_MAX_LENGTH } from './slugs';
import { safeJson, safeText } from './text-input';

/** Longest post title. */
export const POST_TITLE_MAX_LENGTH = 200;
/** Longest excerpt a writer may set (a derived one is shorter). */
export const POST_EXCERPT_MAX_LENGTH = 500;
/** Most categories one post may be in. */
export const POST_CATEGORIES_MAX = 10;
/** Most tags one post may carry. */
export const POST_TAGS_MAX = 30;
/** Longest language tag (BCP 47 allows 35 characters). */
export const LANGUAGE_TAG_MAX_LENGTH = 35;

/** `:id` of the editor routes: a post id. */
export const PostIdParamsSchema = z.object({ id: z.uuid() });
export type PostIdParams = z.infer<typeof PostIdParamsSchema>;

/** The revision a write started from: a positive integer. */
export const RevisionSchema = z.number().int().min(1);

/** A language tag such as `en` or `pt-BR`. */
export const LanguageTagSchema = safeText()
  .max(LANGUAGE_TAG_MAX_LENGTH)
  .regex(/^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/, 'is not a language tag');

/**
 * The cover a writer chooses: shown or not, an uploaded image of the site or none, and its
 * description (issue 23, decision 067): `alt` is this post's text for the picture, or
 * `isDecorative` says it needs none (alt=""). Left out, the server keeps what it has.
 */
export const CoverInputSchema = z.strictObject({
  isEnabled: z.boolean(),
  /** A media id of the site; null leaves the cover to the content (SPEC §4 cover choice). */
  mediaId: z.uuid().nullable(),
  alt: safeText().max(ALT_TEXT_MAX_LENGTH).optional(),
  isDecorative: z.boolean().optional(),
});
export type CoverInput = z.infer<typeof CoverInputSchema>;

const uniqueIds = (max: number) =>
  z
    .array(z.uuid())
    .max(max)
    .refine((ids) => new Set(ids).size === ids.length, 'must not repeat an id');

/**
 * A slug the writer chooses (issue 19): a slug's shape and never a reserved word (SPEC §2).
 * Whether another post of the blog has it is the server's to check.
 */
export const PostSlugSchema = safeText()
  .min(1, 'is required')
  .max(SLUG_MAX_LENGTH)
  .refine(isSlugShape, 'must be lowercase letters and digits joined by dashes')
  .refine((slug) => !isReservedSlug(slug), 'is a reserved word');

/** A canonical override: '' (the post's own address) or an absolute http(s) URL. */
export const CanonicalUrlSchema = safeText()
  .trim()
  .max(POST_CANONICAL_URL_MAX_LENGTH)
  .refine((url) => url === '' || isCanonicalUrl(url), 'must be an absolute http(s) address');

/**
 * The per-post SEO fields of a save (issue 19 "Per-post SEO"), writable with `post:toggle-seo`.
 * `socialImageId` is a media id of the site (an image) or null for the cover.
 */
export const PostSeoSaveShape = {
  seoTitle: safeText().max(POST_SEO_TITLE_MAX_LENGTH).optional(),
  seoDescription: safeText().max(POST_SEO_DESCRIPTION_MAX_LENGTH).optional(),
  slug: PostSlugSchema.optional(),
  canonicalUrl: CanonicalUrlSchema.optional(),
  noindex: z.boolean().optional(),
  socialImageId: z.uuid().nullable().optional(),
};

/** Creating a draft: everything optional; an empty draft is allowed. */
export const PostCreateSchema = z
  .strictObject({
    title: safeText().max(POST_TITLE_MAX_LENGTH).optional(),
    language: LanguageTagSchema.optional(),
  })
  .prefault({});
export type PostCreate = z.infer<typeof PostCreateSchema>;

/**
 * A save (PUT): the whole editable state of the post plus the revision it started from. Fields
 * left out keep their stored value; `content` is the rich-content document (SPEC §3).
 */
export const PostSaveSchema = z.strictObject({
  revision: RevisionSchema,
  title: safeText().max(POST_TITLE_MAX_LENGTH).optional(),
  /** The writer's excerpt; an empty one means "derive it from the content". */
  excerpt: safeText().max(POST_EXCERPT_MAX_LENGTH).optional(),
  content: safeJson().optional(),
  coverImage: CoverInputSchema.optional(),
  categoryIds: uniqueIds(POST_CATEGORIES_MAX).optional(),
  tagIds: uniqueIds(POST_TAGS_MAX).optional(),
  language: LanguageTagSchema.optional(),
  isCommentsDisabled: z.boolean().optional(),
  ...PostSeoSaveShape,
});
export type PostSave = z.infer<typeof PostSaveSchema>;

/**
 * Publishing: now, or at `scheduledFor` (an ISO date with an offset, which must be in the future;
 * the server checks that against its clock). `revision`, when given, must be the current one.
 */
export const PostPublishSchema = z
  .strictObject({
    revision: RevisionSchema.optional(),
    scheduledFor: z.iso.datetime({ offset: true }).optional(),
  })
  .prefault({});
export type PostPublish = z.infer<typeof PostPublishSchema>;

/** Reverting to draft; `revision`, when given, must be the current one. */
export const PostUnpublishSchema = z
  .strictObject({ revision: RevisionSchema.optional() })
  .prefault({});
export type PostUnpublish = z.infer<typeof PostUnpublishSchema>;

/** The error code and fields of a post that lacks what publishing needs. */
export interface RequiredFieldsProblem {
  code: 'post_title_required' | 'post_content_required' | 'post_fields_required';
  message: string;
  fields: Partial<Record<'title' | 'content', string>>;
}

/**
 * SPEC §5 "Post save: title required, content required, otherwise 'some fields are required'":
 * what a post going public (published or scheduled) lacks, or null when it is complete. A draft
 * may be saved incomplete. SPEC §8 has one toast per case.
 */
export function requiredFieldsProblem(post: {
  title: string;
  isContentEmpty: boolean;
}): RequiredFieldsProblem | null {
  const isTitleMissing = post.title.trim() === '';
  if (isTitleMissing && post.isContentEmpty) {
    return {
      code: 'post_fields_required',
      message: 'Some fields are required',
      fields: { title: 'is required', content: 'is required' },
    };
  }
  if (isTitleMissing) {
    return {
      code: 'post_title_required',
      message: 'The title is required',
      fields: { title: 'is required' },
    };
  }
  if (post.isContentEmpty) {
    return {
      code: 'post_content_required',
      message: 'The content is required',
      fields: { content: 'is required' },
    };
  }
  return null;
}

/** What the editor may do with the post it loaded, so it shows only what the server allows. */
export interface EditorPermissions {
  /** Change the title and the content (`post:edit`). */
  canEdit: boolean;
  /** Change the excerpt, cover, categories and tags (`post:edit-settings`). */
  canEditSettings: boolean;
  canToggleComments: boolean;
  canChangeLanguage: boolean;
  canPublish: boolean;
  canRevertToDraft: boolean;
  /** Submit the draft for an editor's review (`post:submit`, decision 034). */
  canSubmit: boolean;
  /** Send the post waiting for review back to its writer (`post:send-back`). */
  canSendBack: boolean;
  /** Change the SEO fields and the slug (`post:toggle-seo`, issue 19). */
  canEditSeo: boolean;
}

/** A post as the editor loads it (a presenter's allowlist, not the stored row). */
export interface EditorPostView {
  id: string;
  slug: string;
  status: string;
  revision: number;
  title: string;
  /** The writer's own excerpt, or '' when it is derived from the content. */
  excerpt: string;
  /** The rich-content document (SPEC §3), validated when it was saved. */
  content: unknown;
  /** The cover as chosen, with its description ('' and false when none is set). */
  coverImage: Required<CoverInput>;
  categoryIds: string[];
  tagIds: string[];
  language: string;
  isCommentsDisabled: boolean;
  /** The per-post SEO fields (issue 19); '' and false are "not set". */
  seo: PostSeoFields;
  ownerId: string;
  firstPublishedDate: string | null;
  lastPublishedDate: string | null;
  scheduledPublishDate: string | null;
  updatedAt: string;
  permissions: EditorPermissions;
  /**
   * An editor's note from the last send-back, while the post is a draft again and nothing
   * happened since (decision 034); null otherwise.
   */
  review: ReviewNoteView | null;
}
