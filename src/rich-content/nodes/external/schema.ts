/** EXTERNAL's data block (SPEC §3 "External"): a plugin's own node with generic data. */
import type { z } from 'zod';
import { JsonStructSchema } from '../../model/shared';

/** A plugin's own node: generic data the renderer of that plugin understands. */
export const ExternalDataSchema = JsonStructSchema;
export type ExternalData = z.infer<typeof ExternalDataSchema>;
