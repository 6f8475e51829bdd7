/** FILE's data block (SPEC §3 "File"): the source, name, kind, size and PDF settings. */
import { z } from 'zod';
import { FileSourceSchema, OptionalContainerSchema } from '../../model/shared';

export const PDF_VIEW_MODES = ['NONE', 'FULL', 'MINI'] as const;

export const FileDataSchema = z.object({
  containerData: OptionalContainerSchema,
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
