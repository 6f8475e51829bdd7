/**
 * The entry for documents brought in from outside (SPEC §3: a document is the rich-content form,
 * and "an older block-and-entity-map form also exists"): an importer hands whatever it read to
 * `importDocument`, which accepts both forms. The current form goes through `parseDocument` (size
 * limits, the upgrade steps of its stored version, the strict schema); the older form (Draft.js
 * raw content, `{ blocks, entityMap }`) is converted first with `fromLegacyContent` (`legacy.ts`)
 * and then checked the same way. Nothing imports posts yet; this is where an importer starts.
 */
import { fromLegacyContent, type LegacyOptions } from './legacy';
import { type ParseDocumentResult, parseDocument } from './model/parse';

/** Which form a document from outside is in. */
export type ImportedForm = 'rich-content' | 'legacy';

/**
 * Whether input is the older form: `blocks` and `entityMap` and no `nodes`. Anything else is read
 * as the current form (and refused by the schema when it is neither).
 */
export function isLegacyContent(input: unknown): boolean {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return false;
  const record = input as Record<string, unknown>;
  return Array.isArray(record.blocks) && !('nodes' in record);
}

/** The outcome of {@link importDocument}: `parseDocument`'s, with the form the input was in. */
export type ImportDocumentResult = ParseDocumentResult & { form: ImportedForm };

/** A document from outside, in either form, as a valid current document or the first problem. */
export function importDocument(input: unknown, options: LegacyOptions = {}): ImportDocumentResult {
  if (!isLegacyContent(input)) return { ...parseDocument(input), form: 'rich-content' };
  let converted: unknown;
  try {
    converted = fromLegacyContent(input, options);
  } catch {
    return {
      ok: false,
      form: 'legacy',
      path: '',
      message: 'The document is neither rich content nor block-and-entity-map content',
    };
  }
  return { ...parseDocument(converted), form: 'legacy' };
}
