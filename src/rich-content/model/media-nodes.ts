/**
 * Data blocks of the media nodes (SPEC §3): IMAGE, VIDEO, GIF, FILE, AUDIO, EMBED, LINK_PREVIEW,
 * HTML and DIVIDER here; GALLERY in its folder (`nodes/gallery/schema.ts`, re-exported).
 */
import { z } from 'zod';
import {
  ALIGNMENTS,
  ColorSchema,
  ContainerDataSchema,
  FileSourceSchema,
  LinkSchema,
  MediaSchema,
} from './shared';

const container = ContainerDataSchema.optional();

export const ImageDataSchema = z.object({
  containerData: container,
  image: MediaSchema,
  link: LinkSchema.optional(),
  disableExpand: z.boolean().optional(),
  altText: z.string().optional(),
  /** The skeleton's caption text; newer documents hold a CAPTION child node instead. */
  caption: z.string().optional(),
  disableDownload: z.boolean().optional(),
  /** A decorative image has no alternative text and is hidden from assistive technology. */
  decorative: z.boolean().optional(),
  border: z
    .object({
      width: z.number().nonnegative().optional(),
      color: ColorSchema.optional(),
      radius: z.number().nonnegative().optional(),
    })
    .optional(),
});
export type ImageData = z.infer<typeof ImageDataSchema>;

export const VideoDataSchema = z.object({
  containerData: container,
  video: MediaSchema,
  thumbnail: MediaSchema.optional(),
  disableDownload: z.boolean().optional(),
  title: z.string().optional(),
  options: z
    .object({
      autoPlay: z.boolean().optional(),
      playInLoop: z.boolean().optional(),
      showControls: z.boolean().optional(),
    })
    .optional(),
});
export type VideoData = z.infer<typeof VideoDataSchema>;

export * from '../nodes/gallery/schema';

const GifSourcesSchema = z.object({
  gif: z.string().optional(),
  mp4: z.string().optional(),
  still: z.string().optional(),
});

export const GifDataSchema = z.object({
  containerData: container,
  original: GifSourcesSchema.optional(),
  downsized: GifSourcesSchema.optional(),
  height: z.number().nonnegative().optional(),
  width: z.number().nonnegative().optional(),
  gifType: z.enum(['NORMAL', 'STICKER']).default('NORMAL'),
});
export type GifData = z.infer<typeof GifDataSchema>;

export const PDF_VIEW_MODES = ['NONE', 'FULL', 'MINI'] as const;

export const FileDataSchema = z.object({
  containerData: container,
  src: FileSourceSchema,
  name: z.string().optional(),
  /** The file's extension or kind as the uploader named it (`pdf`, `zip`). */
  type: z.string().optional(),
  /** Size in bytes. */
  size: z.number().int().nonnegative().optional(),
  pdfSettings: z
    .object({
      viewMode: z.enum(PDF_VIEW_MODES).optional(),
      disableDownload: z.boolean().optional(),
      disablePrint: z.boolean().optional(),
    })
    .optional(),
  mimeType: z.string().optional(),
  path: z.string().optional(),
  /** Size in kilobytes as a display string, as Ricos stores it. */
  sizeInKb: z.string().optional(),
});
export type FileData = z.infer<typeof FileDataSchema>;

export const AudioDataSchema = z.object({
  containerData: container,
  audio: MediaSchema,
  disableDownload: z.boolean().optional(),
  coverImage: MediaSchema.optional(),
  name: z.string().optional(),
  authorName: z.string().optional(),
  /** Embed markup of an audio host; rendered only in a sandboxed iframe. */
  html: z.string().optional(),
});
export type AudioData = z.infer<typeof AudioDataSchema>;

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
  containerData: container,
  oembed: OembedSchema,
  /** The page the embed was made from. */
  src: z.string().optional(),
});
export type EmbedData = z.infer<typeof EmbedDataSchema>;

export const THUMBNAIL_POSITIONS = ['START', 'END', 'TOP', 'HIDDEN'] as const;

export const LinkPreviewDataSchema = z.object({
  containerData: container,
  link: LinkSchema,
  title: z.string().optional(),
  thumbnailUrl: z.string().optional(),
  description: z.string().optional(),
  html: z.string().optional(),
  styles: z
    .object({
      backgroundColor: ColorSchema.optional(),
      titleColor: ColorSchema.optional(),
      subtitleColor: ColorSchema.optional(),
      linkColor: ColorSchema.optional(),
      borderWidth: z.number().nonnegative().optional(),
      borderRadius: z.number().nonnegative().optional(),
      borderColor: ColorSchema.optional(),
      thumbnailPosition: z.enum(THUMBNAIL_POSITIONS).optional(),
    })
    .optional(),
});
export type LinkPreviewData = z.infer<typeof LinkPreviewDataSchema>;

export const HtmlDataSchema = z
  .object({
    containerData: container,
    url: z.string().optional(),
    html: z.string().optional(),
    isAdsense: z.boolean().optional(),
    source: z.enum(['HTML', 'ADSENSE']).optional(),
    autoHeight: z.boolean().optional(),
  })
  .refine((data) => data.url !== undefined || data.html !== undefined, {
    message: 'An HTML block needs a url or html',
  });
export type HtmlData = z.infer<typeof HtmlDataSchema>;

export const DIVIDER_LINE_STYLES = ['SINGLE', 'DOUBLE', 'DASHED', 'DOTTED'] as const;
export const DIVIDER_WIDTHS = ['LARGE', 'MEDIUM', 'SMALL'] as const;

/** A divider is a single large line unless told otherwise. */
export const DividerDataSchema = z.object({
  containerData: container,
  lineStyle: z.enum(DIVIDER_LINE_STYLES).default('SINGLE'),
  width: z.enum(DIVIDER_WIDTHS).default('LARGE'),
  alignment: z.enum(ALIGNMENTS).optional(),
});
export type DividerData = z.infer<typeof DividerDataSchema>;
