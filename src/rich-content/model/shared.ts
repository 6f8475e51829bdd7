/**
 * Shapes shared by many rich-content data blocks (SPEC §3 "Rich content document"): links,
 * containers, text style, media, node style and generic values. Field names follow the Ricos
 * document format so that stored documents of that family parse as they are.
 */
import { z } from 'zod';

/** SPEC §3 generic values: null, number, string, bool, struct, list. */
export type JsonValue =
  | null
  | number
  | string
  | boolean
  | JsonValue[]
  | { [key: string]: JsonValue };

/** A generic value (Ricos `google.protobuf.Value`): what plugins keep in `externalData`. */
export const JsonValueSchema: z.ZodType<JsonValue> = z.lazy(() =>
  z.union([
    z.null(),
    z.number(),
    z.string(),
    z.boolean(),
    z.array(JsonValueSchema),
    z.record(z.string(), JsonValueSchema),
  ]),
);

/** A generic struct: an object of generic values. */
export const JsonStructSchema = z.record(z.string(), JsonValueSchema);
export type JsonStruct = z.infer<typeof JsonStructSchema>;

/** Where a link opens (SPEC §3 Link; §9: SELF by default). */
export const LINK_TARGETS = ['SELF', 'BLANK', 'PARENT', 'TOP'] as const;
export type LinkTarget = (typeof LINK_TARGETS)[number];

export const LinkRelSchema = z.object({
  nofollow: z.boolean().optional(),
  sponsored: z.boolean().optional(),
  ugc: z.boolean().optional(),
  noreferrer: z.boolean().optional(),
});
export type LinkRel = z.infer<typeof LinkRelSchema>;

/**
 * A link: an external `url` or an `anchor` inside the document. URLs are kept as written;
 * renderers pass them through `safeUrl` (see `../safe-url`).
 */
export const LinkSchema = z.object({
  url: z.string().optional(),
  anchor: z.string().optional(),
  target: z.enum(LINK_TARGETS).default('SELF'),
  rel: LinkRelSchema.optional(),
  customData: z.string().optional(),
});
export type Link = z.infer<typeof LinkSchema>;

export const CONTAINER_WIDTHS = ['CONTENT', 'SMALL', 'ORIGINAL', 'FULL_WIDTH'] as const;
export const ALIGNMENTS = ['CENTER', 'LEFT', 'RIGHT'] as const;
export type Alignment = (typeof ALIGNMENTS)[number];

/** How a block sits in the column (SPEC §3 Container). */
export const ContainerDataSchema = z.object({
  /** A preset `size`, or a `custom` CSS width. */
  width: z
    .object({ size: z.enum(CONTAINER_WIDTHS).optional(), custom: z.string().optional() })
    .optional(),
  alignment: z.enum(ALIGNMENTS).optional(),
  spoiler: z
    .object({
      enabled: z.boolean().optional(),
      description: z.string().optional(),
      buttonText: z.string().optional(),
    })
    .optional(),
  height: z.object({ custom: z.string().optional() }).optional(),
  textWrap: z.boolean().optional(),
});
export type ContainerData = z.infer<typeof ContainerDataSchema>;
/** The optional `containerData` of the media, embed, interactive and structure blocks. */
export const OptionalContainerSchema = ContainerDataSchema.optional();

/** Writing direction of a block (poll layout, collapsible list). */
export const TEXT_DIRECTIONS = ['LTR', 'RTL'] as const;

export const TEXT_ALIGNMENTS = ['AUTO', 'LEFT', 'RIGHT', 'CENTER', 'JUSTIFY'] as const;
export type TextAlignment = (typeof TEXT_ALIGNMENTS)[number];

/** Alignment and line height of a text block (SPEC §9: alignment AUTO by default). */
export const TextStyleSchema = z.object({
  textAlignment: z.enum(TEXT_ALIGNMENTS).default('AUTO'),
  lineHeight: z.string().optional(),
});
export type TextStyle = z.infer<typeof TextStyleSchema>;

/** Where a media file lives: a stored media `id`, an external `url`, or a plugin's `custom`. */
export const FileSourceSchema = z.object({
  url: z.string().optional(),
  custom: z.string().optional(),
  id: z.string().optional(),
  private: z.boolean().optional(),
});
export type FileSource = z.infer<typeof FileSourceSchema>;
/** The skeleton's name for {@link FileSourceSchema}. */
export const MediaSrcSchema = FileSourceSchema;

const dimension = z.number().nonnegative();

/** A media file with its size (SPEC §3 Media); `duration` in seconds for audio and video. */
export const MediaSchema = z.object({
  src: FileSourceSchema,
  width: dimension.optional(),
  height: dimension.optional(),
  duration: z.number().nonnegative().optional(),
});
export type Media = z.infer<typeof MediaSchema>;

/** Spacing and background of any node (SPEC §3 Node style). */
export const NodeStyleSchema = z.object({
  paddingTop: z.string().optional(),
  paddingBottom: z.string().optional(),
  backgroundColor: z.string().optional(),
});
export type NodeStyle = z.infer<typeof NodeStyleSchema>;

/** A colour as written by the editor (`#rrggbb`, `rgba(...)` or a theme colour name). */
export const ColorSchema = z.string().max(64);

/** Indentation level of a text block. */
export const IndentationSchema = z.number().int().min(0).max(16);
