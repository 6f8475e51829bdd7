/**
 * The dashboard's Import and export service (issue 21), owners only (`blog:import`,
 * `blog:export`): the import jobs (upload → dry run → import), the export jobs (write → download),
 * the imported authors' claim links, and the sweep that removes files nobody came back for.
 */
import {
  type ClaimLinkView,
  type ExportFormat,
  IMPORT_UPLOAD_SIZE_MAX,
  type ImportScreenView,
  TRANSFER_FILE_TTL_MS,
} from '../../../domain/import-export';
import { type Actor, whyNot } from '../../../domain/permissions';
import type { SiteView } from '../../../domain/views';
import type { SiteWriteDeps } from '../../cache/site-write.server';
import { AppError, NotFoundError, PermissionError } from '../../errors.server';
import { createExportJobs, type ExportDownload } from './export-jobs.server';
import { createImportJobs, type ImportUpload } from './import-jobs.server';
import { sweepStaleFiles } from './transfer-files.server';
import { claimableMember } from './unclaimed-authors.server';

export interface TransfersDeps extends SiteWriteDeps {
  dataDir: string;
  now?: () => number;
  log?: { error(error: unknown, message: string): void };
  /** ms between sweeps of stale files; none when 0 (tests sweep by hand). */
  sweepEveryMs?: number;
}

/** Issues a one-time set-password link for a member (the reset flow's `issueResetLink`). */
export type IssueClaimLink = (member: { id: string; email: string }) => Promise<ClaimLinkView>;

const SWEEP_EVERY_MS = 5 * 60 * 1000;

function ensureAllowed(actor: Actor, action: 'blog:import' | 'blog:export'): void {
  const reason = whyNot(actor, action, {});
  if (reason !== null) throw new PermissionError(reason);
}

/** The service, with its sweep timer started (stopped by `close`). */
export function createTransfers(deps: TransfersDeps) {
  const now = deps.now ?? Date.now;
  const imports = createImportJobs({ ...deps, now });
  const exports = createExportJobs({ ...deps, now });
  const sweep = async () => {
    await Promise.all([imports.sweep(), exports.sweep()]);
    await sweepStaleFiles(deps.dataDir, TRANSFER_FILE_TTL_MS, now());
  };
  const every = deps.sweepEveryMs ?? SWEEP_EVERY_MS;
  const timer =
    every > 0
      ? setInterval(() => {
          sweep().catch((error) => deps.log?.error(error, 'transfer sweep failed'));
        }, every)
      : null;
  timer?.unref();

  return {
    /** Stores an uploaded export and starts its dry run. */
    async upload(actor: Actor, site: SiteView, upload: ImportUpload) {
      ensureAllowed(actor, 'blog:import');
      return imports.upload(site, upload, IMPORT_UPLOAD_SIZE_MAX);
    },
    /** Imports a dry-run file. */
    startImport(actor: Actor, site: SiteView, id: string) {
      ensureAllowed(actor, 'blog:import');
      return imports.startImport(site, id);
    },
    importJob(actor: Actor, site: SiteView, id: string) {
      ensureAllowed(actor, 'blog:import');
      return imports.view(site, id);
    },
    startExport(actor: Actor, site: SiteView, format: ExportFormat) {
      ensureAllowed(actor, 'blog:export');
      return exports.start(site, format);
    },
    exportJob(actor: Actor, site: SiteView, id: string) {
      ensureAllowed(actor, 'blog:export');
      return exports.view(site, id);
    },
    download(actor: Actor, site: SiteView, id: string): Promise<ExportDownload> {
      ensureAllowed(actor, 'blog:export');
      return exports.download(site, id);
    },
    /** The screen's first state: the site's latest import and export. */
    async screen(actor: Actor, site: SiteView): Promise<ImportScreenView> {
      ensureAllowed(actor, 'blog:import');
      const canExport = whyNot(actor, 'blog:export', {}) === null;
      return {
        importJob: imports.latest(site.id),
        exportJob: canExport ? exports.latest(site.id) : null,
      };
    },
    /**
     * A one-time link that sets the password of a member who has none (an imported author claims
     * the account with it). 404 for no such member, 409 `member_has_password` for one who has.
     */
    async claimLink(actor: Actor, site: SiteView, memberId: string, issue: IssueClaimLink) {
      ensureAllowed(actor, 'blog:import');
      const member = await claimableMember(deps.db, site.id, memberId);
      if (!member) throw new NotFoundError('member_not_found', 'No member with an address here');
      if (member.hasPassword) {
        throw new AppError(409, 'member_has_password', 'This member has set a password already');
      }
      return issue({ id: member.id, email: member.email });
    },
    sweep,
    /** Waits for running jobs (tests). */
    async settle() {
      await Promise.all([imports.settle(), exports.settle()]);
    },
    /** Stops the sweep timer and waits for running jobs. */
    async close() {
      if (timer) clearInterval(timer);
      await Promise.all([imports.settle(), exports.settle()]);
    },
  };
}

export type TransfersService = ReturnType<typeof createTransfers>;
