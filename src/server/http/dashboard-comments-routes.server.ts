/**
 * The dashboard's comments (issue 17 "Comments and reports"). Thin: parse, call the comments
 * service, reply. Registered with `{ noStore: true, auth: 'member' }`: visitors get 401, answers
 * are one moderator's.
 *
 *   GET    /dashboard/comments?post=&member=&status=&q=&cursor=&limit=
 *                                              editors and owners: a page, newest first, with the
 *                                              count of held comments
 *   DELETE /dashboard/comments/:commentId      delete (editors: any; rejecting a held one too)
 *                                              → { deleted, totalComments }
 *   POST   /dashboard/comments/:commentId/approve
 *                                              publish a held comment → { comment }
 *   GET    /dashboard/comments/settings        { holdFirstComments } (editors and owners)
 *   PUT    /dashboard/comments/settings        { holdFirstComments } (owners)
 *
 * Errors: 400 `validation_failed` naming the field; 401 `login-required`; 403 `forbidden` or
 * `demo_mode`; 404 `comment_not_found`; 409 `comment_not_pending`.
 */
import type { FastifyInstance } from 'fastify';
import { CommentIdParamsSchema } from '../../domain/comments-api';
import {
  CommentModerationSettingsSchema,
  DashboardCommentsQuerySchema,
} from '../../domain/dashboard-comments';
import type { CommentsService } from '../services/comments.server';

export interface DashboardCommentsRoutesDeps {
  comments: CommentsService;
}

/** Registers the routes under the caller's prefix (normally `/api`). */
export async function dashboardCommentsRoutes(
  app: FastifyInstance,
  { comments }: DashboardCommentsRoutesDeps,
) {
  app.get('/dashboard/comments', async (request) => {
    const site = await request.site;
    const actor = await request.actor;
    const query = DashboardCommentsQuerySchema.parse(request.query);
    return comments.listForDashboard(actor, site, query);
  });

  app.get('/dashboard/comments/settings', async (request) => {
    const site = await request.site;
    const actor = await request.actor;
    return comments.moderationSettings(actor, site);
  });

  app.put('/dashboard/comments/settings', async (request) => {
    const site = await request.site;
    const actor = await request.actor;
    const input = CommentModerationSettingsSchema.parse(request.body ?? {});
    return comments.setModerationSettings(actor, site, input);
  });

  app.delete('/dashboard/comments/:commentId', async (request) => {
    const site = await request.site;
    const actor = await request.actor;
    const { commentId } = CommentIdParamsSchema.parse(request.params);
    return comments.deleteComment(actor, site, commentId);
  });

  app.post('/dashboard/comments/:commentId/approve', async (request) => {
    const site = await request.site;
    const actor = await request.actor;
    const { commentId } = CommentIdParamsSchema.parse(request.params);
    return comments.approveComment(actor, site, commentId);
  });
}
