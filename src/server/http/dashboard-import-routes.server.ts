/**
 * The dashboard's Import and export (issue 21 "Moving in and out"), owners only (`blog:import`,
 * `blog:export`):
 *
 *   POST /dashboard/import/jobs              multipart: optional field `oldUrl` (Ghost), then the
 *                                            file `file` → 202 the job, its dry run started
 *   GET  /dashboard/import/jobs/:id          → the job: state, progress, reports
 *   POST /dashboard/import/jobs/:id/import   → 202 the job, its import started
 *   POST /dashboard/import/claim-links/:memberId
 *                                            → 201 { url, expiresAt }: a one-time set-password
 *                                            link for a member without a password
 *   POST /dashboard/export/jobs              { format } → 202 the job
 *   GET  /dashboard/export/jobs/:id          → the job
 *   GET  /dashboard/export/jobs/:id/download → the file (Content-Disposition), removed after
 *
 * Errors: 400 `import_file_unrecognised` (what the file looks like, `fields.file`), 409
 * `import_running` / `export_running` / `import_not_ready` / `export_not_ready` /
 * `member_has_password`, 413 `file-too-big`, 403 for anyone but an owner. Registered with
 * `{ noStore: true, auth: 'member' }`; @fastify/multipart is registered in this plugin's scope.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import {
  ClaimLinkParamsSchema,
  ExportStartSchema,
  IMPORT_UPLOAD_SIZE_MAX,
  TransferJobIdParamsSchema,
} from '../../domain/import-export';
import { AppError, FieldsError } from '../errors.server';
import type { TransfersService } from '../import/jobs/transfers.server';
import { CLAIM_LINK_TTL_MS } from '../services/accounts/context.server';
import type { AccountsService } from '../services/accounts.server';
import { resetLinkFor } from './auth-routes.server';

export interface DashboardImportRoutesDeps {
  transfers: TransfersService;
  /** The password reset's one-time links: an imported author's claim link is one. */
  accounts: Pick<AccountsService, 'issueResetLink'>;
  db: Parameters<AccountsService['issueResetLink']>[0];
}

// Room for the multipart boundaries, headers and the `oldUrl` field around the file itself.
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
const OLD_URL_LENGTH_MAX = 2000;

function oldUrlOf(value: unknown): string | undefined {
  if (value === undefined || value === '') return undefined;
  const text = String(value);
  try {
    const url = new URL(text);
    if (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      text.length <= OLD_URL_LENGTH_MAX
    ) {
      return url.origin + url.pathname.replace(/\/$/, '');
    }
  } catch {
    // Refused below.
  }
  throw new FieldsError('validation_failed', 'Some fields are invalid', {
    oldUrl: 'must be an http or https address, like https://old.example',
  });
}

/** Registers the routes under the caller's prefix (normally `/api`). */
export async function dashboardImportRoutes(
  app: FastifyInstance,
  { transfers, accounts, db }: DashboardImportRoutesDeps,
) {
  await app.register(multipart, {
    limits: { fileSize: IMPORT_UPLOAD_SIZE_MAX, files: 1, fields: 1, fieldSize: 4096, parts: 2 },
  });

  app.post('/dashboard/import/jobs', async (request, reply) => {
    const [site, actor] = await Promise.all([request.site, request.actor]);
    if (!request.isMultipart()) {
      throw new FieldsError('validation_failed', 'Send the file as multipart/form-data', {
        file: 'is required',
      });
    }
    const announced = Number(request.headers['content-length'] ?? 0) || 0;
    if (announced > IMPORT_UPLOAD_SIZE_MAX + MULTIPART_OVERHEAD_BYTES) {
      throw new AppError(413, 'file-too-big', 'The file is too big', {
        file: `must be at most ${IMPORT_UPLOAD_SIZE_MAX} bytes`,
      });
    }
    const part = await request.file();
    if (part?.fieldname !== 'file') {
      part?.file.resume();
      throw new FieldsError('validation_failed', 'Some fields are invalid', {
        file: 'is required',
      });
    }
    const field = part.fields.oldUrl;
    const oldUrlValue = field && !Array.isArray(field) && field.type === 'field' ? field.value : '';
    let oldUrl: string | undefined;
    try {
      oldUrl = oldUrlOf(oldUrlValue);
    } catch (error) {
      part.file.resume();
      throw error;
    }
    try {
      const job = await transfers.upload(actor, site, {
        fileName: part.filename || 'export',
        stream: part.file,
        isTruncated: () => part.file.truncated,
        ...(oldUrl ? { oldUrl } : {}),
      });
      return reply.status(202).send(job);
    } catch (error) {
      // Whatever was not read of the file is drained, so the answer can go.
      part.file.resume();
      throw error;
    }
  });

  app.get('/dashboard/import/jobs/:id', async (request) => {
    const { id } = TransferJobIdParamsSchema.parse(request.params);
    return transfers.importJob(await request.actor, await request.site, id);
  });

  app.post('/dashboard/import/jobs/:id/import', async (request, reply) => {
    const { id } = TransferJobIdParamsSchema.parse(request.params);
    const job = transfers.startImport(await request.actor, await request.site, id);
    return reply.status(202).send(job);
  });

  app.post('/dashboard/import/claim-links/:memberId', async (request, reply) => {
    const { memberId } = ClaimLinkParamsSchema.parse(request.params);
    const [site, actor] = await Promise.all([request.site, request.actor]);
    const link = await transfers.claimLink(actor, site, memberId, async (member) => {
      let url = '';
      const deliver = await accounts.issueResetLink(
        db,
        site,
        member,
        (token) => {
          url = resetLinkFor(site, token);
          return url;
        },
        CLAIM_LINK_TTL_MS,
      );
      // The delivery logs the link as every reset link is (no mail transport); the owner gets it.
      deliver();
      return { url, expiresAt: new Date(Date.now() + CLAIM_LINK_TTL_MS).toISOString() };
    });
    return reply.status(201).send(link);
  });

  app.post('/dashboard/export/jobs', async (request, reply) => {
    const { format } = ExportStartSchema.parse(request.body ?? {});
    const job = await transfers.startExport(await request.actor, await request.site, format);
    return reply.status(202).send(job);
  });

  app.get('/dashboard/export/jobs/:id', async (request) => {
    const { id } = TransferJobIdParamsSchema.parse(request.params);
    return transfers.exportJob(await request.actor, await request.site, id);
  });

  app.get('/dashboard/export/jobs/:id/download', async (request, reply) => {
    const { id } = TransferJobIdParamsSchema.parse(request.params);
    const download = await transfers.download(await request.actor, await request.site, id);
    // The file goes once read whole; a download cut short can start a new export.
    download.stream.once('close', () => {
      void download.done();
    });
    return reply
      .header('content-disposition', `attachment; filename="${download.fileName}"`)
      .header('content-length', String(download.size))
      .type(download.contentType)
      .send(download.stream);
  });
}
