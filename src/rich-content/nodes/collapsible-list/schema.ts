/**
 * COLLAPSIBLE_LIST's data block (SPEC §3 "Collapsible list"); its COLLAPSIBLE_ITEM, _TITLE and
 * _BODY have none. The four node types share this folder.
 */
import { z } from 'zod';
import { OptionalContainerSchema, TEXT_DIRECTIONS } from '../../model/shared';

export const INITIAL_EXPANDED_ITEMS = ['FIRST', 'ALL', 'NONE'] as const;

export const CollapsibleListDataSchema = z.object({
  containerData: OptionalContainerSchema,
  /** Opening one item closes the others. */
  expandOnlyOne: z.boolean().optional(),
  initialExpandedItems: z.enum(INITIAL_EXPANDED_ITEMS).optional(),
  direction: z.enum(TEXT_DIRECTIONS).optional(),
  isQapageData: z.boolean().optional(),
});
export type CollapsibleListData = z.infer<typeof CollapsibleListDataSchema>;
