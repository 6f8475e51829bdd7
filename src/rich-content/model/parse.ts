/**
 * The one entry for documents that cross a boundary (HTTP bodies, imports, stored rows of an
 * unknown version): size limits first, then the strict structure.
 */
import { DOCUMENT_UPGRADE_PATH } from '../nodes/upgrades';
import { type RichDocument, RichDocumentSchema } from './envelope';
import { checkLimits, formatPath } from './limits';
import { type UpgradePath, upgradeDocument } from './upgrade';

/** The outcome of {@link parseDocument}: the document with defaults applied, or the first error. */
export type ParseDocumentResult =
  | { ok: true; document: RichDocument }
  | {
      ok: false;
      /** Where the first problem is, e.g. `nodes[3].nodes[0].nodes[1].tableCellData`. */
      path: string;
      message: string;
    };

/**
 * Validates a rich-content document (SPEC §3): limits (`limits.ts`), then the upgrade steps from
 * the document's version to today's (`upgrade.ts`; `path` is for tests), then every node's
 * shape, data block and children. Defaults (SPEC §9) are filled in on success.
 */
export function parseDocument(
  input: unknown,
  path: UpgradePath = DOCUMENT_UPGRADE_PATH,
): ParseDocumentResult {
  const violation = checkLimits(input);
  if (violation) return { ok: false, ...violation };
  const result = RichDocumentSchema.safeParse(upgradeDocument(input, path));
  if (result.success) return { ok: true, document: result.data };
  const issue = result.error.issues[0]!;
  return { ok: false, path: formatPath(issue.path), message: issue.message };
}
