/**
 * Text decorations (SPEC §3): marks on a TEXT node's run. Each decoration type carries only its
 * own data, so `{ type: 'LINK' }` without a link is rejected.
 */
import { z } from 'zod';
import { ColorSchema, JsonStructSchema, LinkSchema } from './shared';

export const DECORATION_TYPES = [
  'BOLD',
  'ITALIC',
  'UNDERLINE',
  'SPOILER',
  'ANCHOR',
  'MENTION',
  'LINK',
  'COLOR',
  'FONT_SIZE',
  'EXTERNAL',
] as const;
export type DecorationType = (typeof DECORATION_TYPES)[number];

export const FONT_SIZE_UNITS = ['PX', 'EM'] as const;

export const AnchorDataSchema = z.object({ anchor: z.string() });
export const ColorDataSchema = z.object({
  background: ColorSchema.optional(),
  foreground: ColorSchema.optional(),
});
export const LinkDataSchema = z.object({ link: LinkSchema });
export const MentionDataSchema = z.object({
  name: z.string(),
  slug: z.string(),
  id: z.string().optional(),
});
export const FontSizeDataSchema = z.object({
  unit: z.enum(FONT_SIZE_UNITS).default('PX'),
  value: z.number().positive().max(1000),
});
export const SpoilerDataSchema = z.object({ id: z.string().optional() });

export const BoldDecorationSchema = z.strictObject({
  type: z.literal('BOLD'),
  /** CSS font weight; below 600 the run is not bold (an explicit "unbold"). */
  fontWeightValue: z.number().int().min(1).max(1000).optional(),
});
export const ItalicDecorationSchema = z.strictObject({
  type: z.literal('ITALIC'),
  /** `false` turns italics off inside an italic block style. */
  italicData: z.boolean().optional(),
});
export const UnderlineDecorationSchema = z.strictObject({
  type: z.literal('UNDERLINE'),
  underlineData: z.boolean().optional(),
});
export const SpoilerDecorationSchema = z.strictObject({
  type: z.literal('SPOILER'),
  spoilerData: SpoilerDataSchema.optional(),
});
export const AnchorDecorationSchema = z.strictObject({
  type: z.literal('ANCHOR'),
  anchorData: AnchorDataSchema,
});
export const MentionDecorationSchema = z.strictObject({
  type: z.literal('MENTION'),
  mentionData: MentionDataSchema,
});
export const LinkDecorationSchema = z.strictObject({
  type: z.literal('LINK'),
  linkData: LinkDataSchema,
});
export const ColorDecorationSchema = z.strictObject({
  type: z.literal('COLOR'),
  colorData: ColorDataSchema,
});
export const FontSizeDecorationSchema = z.strictObject({
  type: z.literal('FONT_SIZE'),
  fontSizeData: FontSizeDataSchema,
});
export const ExternalDecorationSchema = z.strictObject({
  type: z.literal('EXTERNAL'),
  externalData: JsonStructSchema.optional(),
});

/** One decoration of a text run; narrow on `type` to reach its data. */
export const DecorationSchema = z.discriminatedUnion('type', [
  BoldDecorationSchema,
  ItalicDecorationSchema,
  UnderlineDecorationSchema,
  SpoilerDecorationSchema,
  AnchorDecorationSchema,
  MentionDecorationSchema,
  LinkDecorationSchema,
  ColorDecorationSchema,
  FontSizeDecorationSchema,
  ExternalDecorationSchema,
]);
export type Decoration = z.infer<typeof DecorationSchema>;
/** The decoration of the given type. */
export type DecorationOf<T extends DecorationType> = Extract<Decoration, { type: T }>;
