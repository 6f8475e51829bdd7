/**
 * Comments (issue 6; SPEC §6 comment permissions), subscriptions and reports, with the moderation
 * queue. Thin: resolve the site and who is asking, parse, call the service, reply. Answers depend
 * on the asker (their comments, their subscriptions): `private, no-store`.
 *
 *   GET    /posts/:postId/comments?after=        a page of top-level comments with first replies
 *   POST   /posts/:postId/comments               { content, replyTo? } → 201 { comment, totalComments }
 *   PUT    /posts/:postId/comments-enabled       { enabled } → { isCommentsDisabled }
 *   GET    /comments/:commentId                  { comment, post }
 *   GET    /comments/:commentId/replies?after=   a page of its replies, oldest first
 *   PATCH  /comments/:commentId                  { content } → { comment, totalComments }
 *   DELETE /comments/:commentId                  → { deleted, totalComments }
 *   GET    /mentions?query=                      members to mention (members only)
 *   GET    /subscriptions/:type/:id              { targetType, targetId, isSubscribed }
 *   PUT    /subscriptions/:type/:id              follow the blog (its id is the site's), a
 *                                                category or a post's comments
 *   DELETE /subscriptions/:type/:id              stop following
 *   POST   /reports                              { targetType, targetId, reason, details? }
 *                                                → 201 (new) or 200 (reported before) { id, isNew }
 *   GET    /moderation/reports?status=&page=     editors and owners: the queue, newest first
 *
 * Errors take the shape of DESIGN.md: 400 `validation_failed` naming the field, or
 * `comment_empty` / `comment_too_long` / `comment_too_many_links` / `comment_content_invalid`
 * naming `content`; 401 `login-required` for a visitor; 403 `forbidden`, `disabled` (comments off)
 * or `join-community` (a private profile subscribing); 404 `post_not_found`,
 * `comment_not_found`, `category_not_found`.
 */
import type { FastifyInstance } from 'fastify';
import {
  CommentCreateSchema,
  CommentEditSchema,
  CommentIdParamsSchema,
  CommentPageQuerySchema,
  CommentsEnabledSchema,
  MentionQuerySchema,
  ModerationQuerySchema,
  PostIdParamsSchema,
  ReportCreateSchema,
  SubscriptionParamsSchema,
} from '../../domain/comments-api';
import type { CommentsService } from '../services/comments.server';
import type { ReportsService } from '../services/reports.server';
import type { SubscriptionsService } from '../services/subscriptions.server';

export interface CommentRoutesDeps {
  comments: CommentsService;
  subscriptions: SubscriptionsService;
  reports: ReportsService;
}

/** Registers the routes under the caller's prefix (normally `/api`). */
export async function commentRoutes(
  app: FastifyInstance,
  { comments, subscriptions, reports }: CommentRoutesDeps,
) {
  app.get('/posts/:postId/comments', async (request) => {
    const site = await request.site;
    const actor = await request.actor;
    const { postId } = PostIdParamsSchema.parse(request.params);
    const query = CommentPageQuerySchema.parse(request.query);
    return comments.listComments(actor, site, postId, query);
  });

  app.post('/posts/:postId/comments', async (request, reply) => {
    const site = await request.site;
    const actor = await request.actor;
    const device = request.device;
    const { postId } = PostIdParamsSchema.parse(request.params);
    const input = CommentCreateSchema.parse(request.body ?? {});
    const written = await comments.createComment(actor, site, postId, input, device);
    return reply.status(201).send(written);
  });

  app.put('/posts/:postId/comments-enabled', async (request) => {
    const site = await request.site;
    const actor = await request.actor;
    const { postId } = PostIdParamsSchema.parse(request.params);
    const { enabled } = CommentsEnabledSchema.parse(request.body ?? {});
    return comments.setCommentsEnabled(actor, site, postId, enabled);
  });

  app.get('/comments/:commentId', async (request) => {
    const site = await request.site;
    const actor = await request.actor;
    const { commentId } = CommentIdParamsSchema.parse(request.params);
    return comments.getComment(actor, site, commentId);
  });

  app.get('/comments/:commentId/replies', async (request) => {
    const site = await request.site;
    const actor = await request.actor;
    const { commentId } = CommentIdParamsSchema.parse(request.params);
    const query = CommentPageQuerySchema.parse(request.query);
    return comments.listReplies(actor, site, commentId, query);
  });

  app.patch('/comments/:commentId', async (request) => {
    const site = await request.site;
    const actor = await request.actor;
    const { commentId } = CommentIdParamsSchema.parse(request.params);
    const { content } = CommentEditSchema.parse(request.body ?? {});
    return comments.editComment(actor, site, commentId, content);
  });

  app.delete('/comments/:commentId', async (request) => {
    const site = await request.site;
    const actor = await request.actor;
    const { commentId } = CommentIdParamsSchema.parse(request.params);
    return comments.deleteComment(actor, site, commentId);
  });

  app.get('/mentions', async (request) => {
    const site = await request.site;
    const actor = await request.actor;
    const { query } = MentionQuerySchema.parse(request.query);
    return { members: await comments.mentionSuggestions(actor, site, query) };
  });

  app.get('/subscriptions/:targetType/:targetId', async (request) => {
    const site = await request.site;
    const actor = await request.actor;
    const key = SubscriptionParamsSchema.parse(request.params);
    const [view] = await subscriptions.status(actor, site, [key]);
    return view;
  });

  app.put('/subscriptions/:targetType/:targetId', async (request) => {
    const site = await request.site;
    const actor = await request.actor;
    const device = request.device;
    const key = SubscriptionParamsSchema.parse(request.params);
    return subscriptions.subscribe(actor, site, key, device);
  });

  app.delete('/subscriptions/:targetType/:targetId', async (request) => {
    const site = await request.site;
    const actor = await request.actor;
    const key = SubscriptionParamsSchema.parse(request.params);
    return subscriptions.unsubscribe(actor, site, key);
  });

  app.post('/reports', async (request, reply) => {
    const site = await request.site;
    const actor = await request.actor;
    const device = request.device;
    const input = ReportCreateSchema.parse(request.body ?? {});
    const receipt = await reports.report(actor, site, input, device);
    return reply.status(receipt.isNew ? 201 : 200).send(receipt);
  });

  app.get('/moderation/reports', async (request) => {
    const site = await request.site;
    const actor = await request.actor;
    const query = ModerationQuerySchema.parse(request.query);
    return reports.queue(actor, site, query);
  });
}
