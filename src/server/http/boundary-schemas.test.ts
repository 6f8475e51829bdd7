/**
 * Issue 15 (decision 027): every schema that parses what a route receives (path parameters,
 * query strings, JSON bodies, the upload's `kind` field) refuses U+0000 and lone surrogates in
 * each of its fields, naming that field, and still accepts normal text in its free-text fields.
 * Property-based: the hostile strings are normal text of any script with one bad character.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ZodType, z } from 'zod';
import {
  ArchiveParamsSchema,
  FeedPageQuerySchema,
  MyPostsQuerySchema,
  NotificationIdParamsSchema,
  NotificationsQuerySchema,
  SlugParamsSchema,
} from '../../domain/api';
import {
  LoginSchema,
  ResetPasswordSchema,
  ResetRequestSchema,
  SignUpSchema,
} from '../../domain/auth';
import {
  CommentCreateSchema,
  CommentEditSchema,
  CommentPageQuerySchema,
  CommentsEnabledSchema,
  MentionQuerySchema,
  ModerationQuerySchema,
  ReportCreateSchema,
  SubscriptionParamsSchema,
} from '../../domain/comments-api';
import {
  CommentIdParamsSchema,
  PostIdParamsSchema as EngagementPostParamsSchema,
  RatingInputSchema,
} from '../../domain/engagement';
import { LinkPreviewQuerySchema } from '../../domain/link-preview';
import { UploadKindSchema } from '../../domain/media-upload';
import {
  MemberPreferencesParamsSchema,
  MemberPreferencesPatchSchema,
} from '../../domain/member-preferences';
import { PollParamsSchema, PollVoteSchema } from '../../domain/polls';
import {
  PostCreateSchema,
  PostIdParamsSchema,
  PostPublishSchema,
  PostSaveSchema,
  PostUnpublishSchema,
} from '../../domain/post-editor';
import {
  MemberSlugParamsSchema,
  ProfilePageQuerySchema,
  ProfilePatchSchema,
} from '../../domain/profile-api';
import { SearchQuerySchema } from '../../domain/search-schemas';
import { settingsPatchSchema } from '../../domain/settings';
import { TagCreateSchema } from '../../domain/tags';
import { normalText, unsafeText } from '../../domain/testing/text-arbitraries';
import { documentOf, paragraph, text } from '../../rich-content/document';
import { ResetSchema, WidgetDeviceSchema, WidgetSchema } from './editor-settings-routes.server';
import { MediaParamsSchema } from './media-routes.server';
import { TestNotifySchema } from './notification-routes.server';
import { WidgetDeviceParamsSchema, WidgetParamsSchema } from './settings-routes.server';
import { TestSiteSchema } from './test-site-routes.server';

interface Boundary {
  schema: ZodType;
  /** An input the schema accepts; each field of it is attacked in turn. */
  valid: Record<string, unknown>;
  /** The fields that take free text: normal text there is accepted. */
  freeText?: string[];
}

const id = randomUUID();
const doc = documentOf([paragraph(text('Hello'))]);

/** Every schema a route parses its input with, by route part. */
const BOUNDARIES: Record<string, Boundary> = {
  // Path parameters.
  SlugParams: { schema: SlugParamsSchema, valid: { slug: 'hello' }, freeText: ['slug'] },
  ArchiveParams: { schema: ArchiveParamsSchema, valid: { year: '2024', month: '5' } },
  MemberSlugParams: { schema: MemberSlugParamsSchema, valid: { slug: 'ada' }, freeText: ['slug'] },
  MemberPreferencesParams: { schema: MemberPreferencesParamsSchema, valid: { memberId: id } },
  NotificationIdParams: { schema: NotificationIdParamsSchema, valid: { id } },
  PostIdParams: { schema: PostIdParamsSchema, valid: { id } },
  EngagementPostParams: { schema: EngagementPostParamsSchema, valid: { postId: id } },
  CommentIdParams: { schema: CommentIdParamsSchema, valid: { commentId: id } },
  PollParams: {
    schema: PollParamsSchema,
    valid: { postId: id, pollId: 'p1' },
    freeText: ['pollId'],
  },
  SubscriptionParams: {
    schema: SubscriptionParamsSchema,
    valid: { targetType: 'post', targetId: id },
  },
  WidgetParams: { schema: WidgetParamsSchema, valid: { widget: 'blog' } },
  WidgetDeviceParams: {
    schema: WidgetDeviceParamsSchema,
    valid: { widget: 'blog', device: 'mobile' },
  },
  EditorWidget: { schema: WidgetSchema, valid: { widget: 'blog' } },
  EditorWidgetDevice: { schema: WidgetDeviceSchema, valid: { widget: 'blog', device: 'desktop' } },
  MediaParams: { schema: MediaParamsSchema, valid: { mediaId: id, variant: 'w640.webp' } },
  // Query strings.
  FeedPageQuery: { schema: FeedPageQuerySchema, valid: { page: '2', pageSize: '10' } },
  SearchQuery: { schema: SearchQuerySchema, valid: { q: 'bread', page: '1' }, freeText: ['q'] },
  MyPostsQuery: { schema: MyPostsQuerySchema, valid: { status: 'drafts', page: '1' } },
  NotificationsQuery: {
    schema: NotificationsQuerySchema,
    valid: { page: '1', pageSize: '10', unread: 'true' },
  },
  ProfilePageQuery: { schema: ProfilePageQuerySchema, valid: { page: '1' } },
  CommentPageQuery: {
    schema: CommentPageQuerySchema,
    valid: { after: `2026-01-01T10:00:00.000000Z_${id}` },
  },
  MentionQuery: { schema: MentionQuerySchema, valid: { query: 'ad' }, freeText: ['query'] },
  ModerationQuery: { schema: ModerationQuerySchema, valid: { status: 'open', page: '1' } },
  LinkPreviewQuery: { schema: LinkPreviewQuerySchema, valid: { url: 'https://example.com/' } },
  // JSON bodies.
  SignUp: {
    schema: SignUpSchema,
    valid: { email: 'a@example.test', password: 'long enough', name: 'Ada' },
    freeText: ['email', 'password', 'name'],
  },
  Login: {
    schema: LoginSchema,
    valid: { email: 'a@example.test', password: 'x' },
    freeText: ['email', 'password'],
  },
  ResetRequest: {
    schema: ResetRequestSchema,
    valid: { email: 'a@example.test' },
    freeText: ['email'],
  },
  ResetPassword: {
    schema: ResetPasswordSchema,
    valid: { token: 't', password: 'long enough' },
    freeText: ['token', 'password'],
  },
  ProfilePatch: {
    schema: ProfilePatchSchema,
    valid: { name: 'Ada', about: 'Bio', privacyStatus: 'PUBLIC', imageId: id, coverImageId: null },
    freeText: ['name', 'about'],
  },
  MemberPreferencesPatch: { schema: MemberPreferencesPatchSchema, valid: { uiLanguage: 'de' } },
  PostCreate: {
    schema: PostCreateSchema,
    valid: { title: 'T', language: 'en' },
    freeText: ['title'],
  },
  PostSave: {
    schema: PostSaveSchema,
    valid: {
      revision: 1,
      title: 'T',
      excerpt: 'E',
      content: doc,
      coverImage: { isEnabled: true, mediaId: null },
      categoryIds: [id],
      tagIds: [id],
      language: 'pt-BR',
      isCommentsDisabled: false,
    },
    freeText: ['title', 'excerpt'],
  },
  PostPublish: {
    schema: PostPublishSchema,
    valid: { revision: 1, scheduledFor: '2030-01-01T00:00:00Z' },
  },
  PostUnpublish: { schema: PostUnpublishSchema, valid: { revision: 1 } },
  TagCreate: { schema: TagCreateSchema, valid: { label: 'bread' }, freeText: ['label'] },
  CommentCreate: { schema: CommentCreateSchema, valid: { content: doc, replyTo: id } },
  CommentEdit: { schema: CommentEditSchema, valid: { content: doc } },
  CommentsEnabled: { schema: CommentsEnabledSchema, valid: { enabled: true } },
  ReportCreate: {
    schema: ReportCreateSchema,
    valid: { targetType: 'post', targetId: id, reason: 'spam', details: 'why' },
    freeText: ['details'],
  },
  PollVote: { schema: PollVoteSchema, valid: { optionIds: ['a', 'b'] } },
  RatingInput: { schema: RatingInputSchema, valid: { value: 4 } },
  EditorPublish: { schema: WidgetSchema, valid: { widget: 'blog' } },
  EditorReset: { schema: ResetSchema, valid: { widget: 'blog', device: 'mobile', tab: 'design' } },
  SettingsPatch: {
    schema: settingsPatchSchema('desktop'),
    valid: { 'feed.allPostsLabel': 'All posts', 'feed.grid.spacing': 20 },
    freeText: ['feed.allPostsLabel'],
  },
  TestSite: {
    schema: TestSiteSchema,
    valid: { host: 'a.test', name: 'A', ownerEmail: 'o@example.test', ownerPassword: '12345678' },
    freeText: ['name', 'ownerPassword'],
  },
  TestNotify: { schema: TestNotifySchema, valid: { memberId: id, event: { kind: 'post-like' } } },
  // The upload's `kind` form field.
  UploadKind: { schema: z.object({ kind: UploadKindSchema }), valid: { kind: 'image' } },
};

/** The field's value with the hostile text where the valid value keeps its text. */
function attack(value: unknown, hostile: string): unknown {
  if (Array.isArray(value)) return [hostile];
  if (value !== null && typeof value === 'object') return { [hostile]: 'x', kind: hostile };
  return hostile;
}

describe('the boundary schemas of every route', () => {
  for (const [name, { schema, valid }] of Object.entries(BOUNDARIES)) {
    it(`${name} accepts its valid input and refuses unsafe text in each field`, () => {
      expect(schema.safeParse(valid).error).toBeUndefined();
      fc.assert(
        fc.property(fc.constantFrom(...Object.keys(valid)), unsafeText, (field, hostile) => {
          const result = schema.safeParse({ ...valid, [field]: attack(valid[field], hostile) });
          expect(result.success, `${field}: ${JSON.stringify(hostile)}`).toBe(false);
          const paths = result.error!.issues.map((issue) => String(issue.path[0]));
          expect(paths, JSON.stringify(hostile)).toContain(field);
        }),
        { numRuns: 50 },
      );
    });
  }

  it('accept normal text of any script in their free-text fields', () => {
    const cases = Object.entries(BOUNDARIES).flatMap(([name, boundary]) =>
      (boundary.freeText ?? []).map((field) => ({ name, field, ...boundary })),
    );
    expect(cases.length).toBeGreaterThan(15);
    for (const { name, field, schema, valid } of cases) {
      fc.assert(
        // Words first: labels need a letter, passwords eight characters, ids must not be blank.
        fc.property(normalText, (value) => {
          // At most 25 code points (a pair is never cut), no slash (slugs are one segment).
          const free = [...`Ada Lovelace ${value.replaceAll('/', '')}`].slice(0, 25).join('');
          const input = { ...valid, [field]: free };
          const result = schema.safeParse(input);
          expect(result.error, `${name}.${field}: ${JSON.stringify(input[field])}`).toBeUndefined();
        }),
        { numRuns: 50 },
      );
    }
  });
});
