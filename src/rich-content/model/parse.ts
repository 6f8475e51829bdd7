/**
 * The one entry for documents that cross a boundary (HTTP bodies, imports, stored rows of an
 * unknown version): size limits first, then the strict structure.
 */
import { type RichDocument, RichDocumentSchema } from './envelope';
import { checkLimits, formatPath } from './limits';

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
 * Validates a rich-content document (SPEC §3): limits (`limits.ts`), then every node's shape,
 * data block and children. Defaults (SPEC §9) are filled in on success.
 */
export function parseDocument(input: unknown): ParseDocumentResult {
  const violation = checkLimits(input);
  if (violation) return { ok: false, ...violation };
  const result = RichDocumentSchema.safeParse(input);
  if (result.success) return { ok: true, document: result.data };
  const issue = result.error.issues[0]!;
  return { ok: false, path: formatPath(issue.path), message: issue.message };
}
