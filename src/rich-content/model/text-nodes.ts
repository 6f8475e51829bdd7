/**
 * Data blocks of the text nodes (SPEC §3): TEXT, PARAGRAPH, HEADING, the lists, BLOCKQUOTE,
 * CODE_BLOCK and CAPTION. The node shapes themselves (which children each may hold) are in
 * `nodes.ts`.
 */
import { z } from 'zod';
import { DecorationSchema } from './decorations';
import { IndentationSchema, TextStyleSchema } from './shared';

/** Upper bound of one TEXT node's text, in UTF-16 code units (see also `limits.ts`). */
export const MAX_TEXT_LENGTH = 100_000;

export const TextDataSchema = z.object({
  text: z.string().max(MAX_TEXT_LENGTH),
  decorations: z.array(DecorationSchema).max(32).default([]),
});
export type TextData = z.infer<typeof TextDataSchema>;

export const ParagraphDataSchema = z.object({
  textStyle: TextStyleSchema.optional(),
  indentation: IndentationSchema.optional(),
  /** Ricos keeps a heading level on paragraphs converted from headings; informative only. */
  level: z.number().int().min(1).max(6).optional(),
});
export type ParagraphData = z.infer<typeof ParagraphDataSchema>;

export const HeadingDataSchema = z.object({
  level: z.number().int().min(1).max(6),
  textStyle: TextStyleSchema.optional(),
  indentation: IndentationSchema.optional(),
});
export type HeadingData = z.infer<typeof HeadingDataSchema>;

export const BulletedListDataSchema = z.object({ indentation: IndentationSchema.optional() });
export type BulletedListData = z.infer<typeof BulletedListDataSchema>;

export const OrderedListDataSchema = z.object({
  indentation: IndentationSchema.optional(),
  /** Ricos' offset of the first number, kept for documents that carry it. */
  offset: z.number().int().optional(),
  /** The number of the first item (HTML `start`). */
  start: z.number().int().optional(),
});
export type OrderedListData = z.infer<typeof OrderedListDataSchema>;

export const BlockquoteDataSchema = z.object({ indentation: IndentationSchema.optional() });
export type BlockquoteData = z.infer<typeof BlockquoteDataSchema>;

export const CodeBlockDataSchema = z.object({ textStyle: TextStyleSchema.optional() });
export type CodeBlockData = z.infer<typeof CodeBlockDataSchema>;

export const CaptionDataSchema = z.object({ textStyle: TextStyleSchema.optional() });
export type CaptionData = z.infer<typeof CaptionDataSchema>;
