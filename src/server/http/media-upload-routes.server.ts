/**
 * Media uploads from the post editor (issue 4 "Writing"):
 *
 *   POST /editor/media   multipart/form-data: field `kind` first, then one file field `file`
 *                        → 201 UploadedMedia (domain/media-upload)
 *   POST /editor/media?purpose=profile
 *                        the same for a member's own picture or cover (issue 5 profiles): any
 *                        member who may edit their record (`member:edit`), images only
 *
 * Errors (DESIGN.md shape, SPEC §8 file codes): 401 `login-required`, 403 `forbidden` (no
 * `file:upload`), 413 `file-too-big` with `fields.file`, 429 `file-upload-limited` with a
 * `retry-after` header, 400/415 `file-upload-failure` (no file, unknown kind, bytes of a type the
 * kind does not take, a corrupt image).
 *
 * @fastify/multipart is registered in this plugin's scope only: the page routes keep their
 * catch-all body parser, and no other route accepts multipart bodies.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { UPLOAD_SIZE_MAX, UploadKindSchema } from '../../domain/media-upload';
import { whyNot } from '../../domain/permissions';
import { PermissionError } from '../errors.server';
import type { MediaLibrary } from '../media/media-library.server';
import {
  FileTooBigError,
  UploadFailureError,
  UploadLimitedError,
} from '../media/upload-errors.server';
import type { UploadQuota } from '../services/upload-quota.server';

export interface MediaUploadRoutesDeps {
  library: MediaLibrary;
  quota: UploadQuota;
}

// Room for the multipart boundaries, headers and the `kind` field around the file itself.
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** Registers the upload route under the caller's prefix (normally `/api`). */
export async function mediaUploadRoutes(
  app: FastifyInstance,
  { library, quota }: MediaUploadRoutesDeps,
) {
  await app.register(multipart, {
    // Each kind's own limit is enforced while the file streams to disk (the kind is known only
    // once its field is read). The parser's cap is one byte past the largest limit, because at
    // its cap it silently truncates the file; the library checks `truncated` as a backstop.
    limits: { fileSize: UPLOAD_SIZE_MAX + 1, files: 1, fields: 2, fieldSize: 64, parts: 3 },
  });

  app.post('/editor/media', async (request, reply) => {
    const site = await request.site;
    const actor = await request.actor;
    // A profile picture is part of the member's own record (SPEC §6 user: "edit own member
    // record"), which readers may edit too; everything else is `file:upload` (writers).
    const isForProfile = (request.query as { purpose?: unknown }).purpose === 'profile';
    const denial =
      isForProfile && actor.memberId !== null
        ? whyNot(actor, 'member:edit', { member: { id: actor.memberId } })
        : whyNot(actor, 'file:upload', {});
    if (denial || actor.memberId === null) throw new PermissionError(denial ?? 'login-required');
    if (!request.isMultipart()) {
      throw new UploadFailureError('file', 'must be sent as multipart/form-data', 415);
    }
    // Refuse an announced body that no kind allows before reading a byte of it.
    const announced = Number(request.headers['content-length'] ?? 0) || 0;
    if (announced > UPLOAD_SIZE_MAX + MULTIPART_OVERHEAD_BYTES) {
      throw new FileTooBigError(null, UPLOAD_SIZE_MAX);
    }

    const verdict = quota.reserve(site.id, actor.memberId, announced);
    if (!verdict.isAllowed) {
      const seconds = Math.ceil(verdict.retryAfterMs / 1000);
      reply.header('retry-after', String(seconds));
      throw new UploadLimitedError(seconds);
    }
    try {
      const part = await request.file();
      if (part?.fieldname !== 'file') throw new UploadFailureError('file', 'is required');
      const kindField = part.fields.kind;
      const kindValue =
        kindField && !Array.isArray(kindField) && kindField.type === 'field'
          ? kindField.value
          : undefined;
      const kind = UploadKindSchema.safeParse(kindValue);
      if (!kind.success) {
        part.file.resume();
        throw new UploadFailureError('kind', 'must come before the file and name a known kind');
      }
      if (isForProfile && kind.data !== 'image') {
        part.file.resume();
        throw new UploadFailureError('kind', 'must be image for a profile');
      }
      const uploaded = await library.store({
        siteId: site.id,
        ownerId: actor.memberId,
        kind: kind.data,
        fileName: part.filename,
        stream: part.file,
      });
      verdict.ticket.commit(uploaded.size);
      return reply.status(201).header('cache-control', 'no-store').send(uploaded);
    } catch (error) {
      verdict.ticket.release();
      throw error;
    }
  });
}
