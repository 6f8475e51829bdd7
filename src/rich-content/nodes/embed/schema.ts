/** EMBED's data block (SPEC §3 "Embed"): the oEmbed response and the page it came from. */
import { z } from 'zod';
import { OptionalContainerSchema } from '../../model/shared';

const numberOrString = z.union([z.number(), z.string()]);

/** oEmbed response fields, camel-cased (SPEC §3 Embed). */
export const OembedSchema = z.object({
  type: z.string().optional(),
  width: numberOrString.optional(),
  height: numberOrString.optional(),
  title: z.string().optional(),
  url: z.string().optional(),
  html: z.string().optional(),
  authorName: z.string().optional(),
  authorUrl: z.string().optional(),
  providerName: z.string().optional(),
  providerUrl: z.string().optional(),
  thumbnailUrl: z.string().optional(),
  thumbnailWidth: numberOrString.optional(),
  thumbnailHeight: numberOrString.optional(),
  videoUrl: z.string().optional(),
  version: z.string().optional(),
});
export type Oembed = z.infer<typeof OembedSchema>;

export const EmbedDataSchema = z.object({
  containerData: OptionalContainerSchema,
  oembed: OembedSchema,
  /** The page the embed was made from. */
  src: z.string().optional(),
});
export type EmbedData = z.infer<typeof EmbedDataSchema>;
