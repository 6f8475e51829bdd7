/**
 * The lists' data blocks (SPEC §3 "Lists"): BULLETED_LIST and ORDERED_LIST; their LIST_ITEM has no
 * data block. The three node types share this folder.
 */
import { z } from 'zod';
import { IndentationSchema } from '../../model/shared';

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
