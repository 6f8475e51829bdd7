/**
 * The document envelope (SPEC §3): block nodes, metadata with the schema version, and the
 * document-wide text styles.
 */
import { z } from 'zod';
import { DecorationSchema } from './decorations';
import { BlockNodeSchema } from './nodes';
import { NodeStyleSchema } from './shared';

/** Current version of the stored document shape; bump with a named upgrade step. */
export const DOCUMENT_VERSION = 1;

export const DocumentMetadataSchema = z.object({
  version: z.number().int().min(1).default(DOCUMENT_VERSION),
  /** ISO 8601 timestamps. */
  createdTimestamp: z.string().optional(),
  updatedTimestamp: z.string().optional(),
  id: z.string().optional(),
});
export type DocumentMetadata = z.infer<typeof DocumentMetadataSchema>;

/** The look of one kind of text block across the document. */
export const TextNodeStyleSchema = z.object({
  decorations: z.array(DecorationSchema).max(32).default([]),
  nodeStyle: NodeStyleSchema.optional(),
  lineHeight: z.string().optional(),
});
export type TextNodeStyle = z.infer<typeof TextNodeStyleSchema>;

export const DocumentStyleSchema = z.object({
  headerOne: TextNodeStyleSchema.optional(),
  headerTwo: TextNodeStyleSchema.optional(),
  headerThree: TextNodeStyleSchema.optional(),
  headerFour: TextNodeStyleSchema.optional(),
  headerFive: TextNodeStyleSchema.optional(),
  headerSix: TextNodeStyleSchema.optional(),
  paragraph: TextNodeStyleSchema.optional(),
  blockquote: TextNodeStyleSchema.optional(),
  codeBlock: TextNodeStyleSchema.optional(),
});
export type DocumentStyle = z.infer<typeof DocumentStyleSchema>;

/**
 * The structure of a document. Input that crosses a boundary goes through `parseDocument`,
 * which also enforces the size limits before this schema walks the tree.
 */
export const RichDocumentSchema = z.strictObject({
  nodes: z.array(BlockNodeSchema),
  metadata: DocumentMetadataSchema.prefault({}),
  documentStyle: DocumentStyleSchema.optional(),
});
export type RichDocument = z.infer<typeof RichDocumentSchema>;
