/**
 * The post editor's API (issue 4 "Saving"). Handlers are thin: resolve the site and the actor,
 * parse with a schema from domain/, call the post editor service, reply. Errors take the shape of
 * DESIGN.md: 400 with field paths, 401 `login-required`, 403 `forbidden`, 404, 409
 * `edit-conflict` with the current `revision`.
 *
 *   POST /editor/posts                   create a draft            → 201 the post
 *   GET  /editor/posts/:id               load a post for editing   → the post
 *   PUT  /editor/posts/:id               save (body names `revision`)
 *   POST /editor/posts/:id/publish       publish now, or at `scheduledFor`
 *   POST /editor/posts/:id/unpublish     revert to draft
 *   DELETE /editor/posts/:id             move to the trash         → 204, no body
 *   POST /editor/posts/:id/duplicate     copy into a new draft     → 201 the new post
 *   PUT  /editor/posts/:id/pin           pin                       → { isPinned: true }
 *   DELETE /editor/posts/:id/pin         unpin                     → { isPinned: false }
 *   POST /editor/posts/:id/submit        submit for review         → the post (in_review)
 *   POST /editor/posts/:id/send-back     back to draft with a note → the post
 *   GET  /editor/posts/:id/revisions     its history, newest first → { revisions, nextCursor }
 *   GET  /editor/posts/:id/revisions/:rev            one revision with its document
 *   POST /editor/posts/:id/revisions/:rev/restore    take it as a new save → the post
 *
 * A deleted post is 404 `post_not_found` to every route here.
 */
import type { FastifyInstance } from 'fastify';
import {
  PostCreateSchema,
  PostIdParamsSchema,
  PostPublishSchema,
  PostSaveSchema,
  PostUnpublishSchema,
} from '../../domain/post-editor';
import { PostSendBackSchema, PostSubmitSchema } from '../../domain/post-review';
import {
  RevisionListQuerySchema,
  RevisionParamsSchema,
  RevisionRestoreSchema,
} from '../../domain/post-revisions';
import type { PostEditorService } from '../services/post-editor.server';

export interface PostEditorRoutesDeps {
  editor: PostEditorService;
}

/** Registers the editor routes under the caller's prefix (normally `/api`). */
export async function postEditorRoutes(app: FastifyInstance, { editor }: PostEditorRoutesDeps) {
  app.post('/editor/posts', async (request, reply) => {
    const site = await request.site;
    const actor = await request.actor;
    const input = PostCreateSchema.parse(request.body ?? undefined);
    return reply.status(201).send(await editor.createDraft(actor, site, input));
  });

  app.get('/editor/posts/:id', async (request) => {
    const site = await request.site;
    const actor = await request.actor;
    const { id } = PostIdParamsSchema.parse(request.params);
    return editor.getForEditing(actor, site, id);
  });

  app.put('/editor/posts/:id', async (request) => {
    const site = await request.site;
    const actor = await request.actor;
    const { id } = PostIdParamsSchema.parse(request.params);
    const input = PostSaveSchema.parse(request.body);
    return editor.save(actor, site, id, input);
  });

  app.post('/editor/posts/:id/publish', async (request) => {
    const site = await request.site;
    const actor = await request.actor;
    const { id } = PostIdParamsSchema.parse(request.params);
    const input = PostPublishSchema.parse(request.body ?? undefined);
    return editor.publish(actor, site, id, input);
  });

  app.post('/editor/posts/:id/unpublish', async (request) => {
    const site = await request.site;
    const actor = await request.actor;
    const { id } = PostIdParamsSchema.parse(request.params);
    const input = PostUnpublishSchema.parse(request.body ?? undefined);
    return editor.unpublish(actor, site, id, input);
  });

  app.delete('/editor/posts/:id', async (request, reply) => {
    const site = await request.site;
    const actor = await request.actor;
    const { id } = PostIdParamsSchema.parse(request.params);
    await editor.deletePost(actor, site, id);
    return reply.status(204).send();
  });

  app.post('/editor/posts/:id/duplicate', async (request, reply) => {
    const site = await request.site;
    const actor = await request.actor;
    const { id } = PostIdParamsSchema.parse(request.params);
    return reply.status(201).send(await editor.duplicate(actor, site, id));
  });

  app.put('/editor/posts/:id/pin', async (request) => {
    const site = await request.site;
    const actor = await request.actor;
    const { id } = PostIdParamsSchema.parse(request.params);
    return editor.setPinned(actor, site, id, true);
  });

  app.delete('/editor/posts/:id/pin', async (request) => {
    const site = await request.site;
    const actor = await request.actor;
    const { id } = PostIdParamsSchema.parse(request.params);
    return editor.setPinned(actor, site, id, false);
  });

  // The review flow (decision 034).
  app.post('/editor/posts/:id/submit', async (request) => {
    const site = await request.site;
    const actor = await request.actor;
    const { id } = PostIdParamsSchema.parse(request.params);
    const input = PostSubmitSchema.parse(request.body ?? undefined);
    return editor.submit(actor, site, id, input);
  });

  app.post('/editor/posts/:id/send-back', async (request) => {
    const site = await request.site;
    const actor = await request.actor;
    const { id } = PostIdParamsSchema.parse(request.params);
    const input = PostSendBackSchema.parse(request.body);
    return editor.sendBack(actor, site, id, input);
  });

  // The revision history (issue 17, decision 034).
  app.get('/editor/posts/:id/revisions', async (request, reply) => {
    const site = await request.site;
    const actor = await request.actor;
    const { id } = PostIdParamsSchema.parse(request.params);
    const query = RevisionListQuerySchema.parse(request.query);
    reply.header('cache-control', 'private, no-store');
    return editor.listRevisions(actor, site, id, query);
  });

  app.get('/editor/posts/:id/revisions/:rev', async (request, reply) => {
    const site = await request.site;
    const actor = await request.actor;
    const { id, rev } = RevisionParamsSchema.parse(request.params);
    reply.header('cache-control', 'private, no-store');
    return editor.getRevision(actor, site, id, rev);
  });

  app.post('/editor/posts/:id/revisions/:rev/restore', async (request) => {
    const site = await request.site;
    const actor = await request.actor;
    const { id, rev } = RevisionParamsSchema.parse(request.params);
    const input = RevisionRestoreSchema.parse(request.body);
    return editor.restoreRevision(actor, site, id, rev, input);
  });
}
