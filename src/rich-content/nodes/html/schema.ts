/** HTML's data block (SPEC §3 "HTML"): a URL or markup, shown in a sandboxed frame. */
import { z } from 'zod';
import { OptionalContainerSchema } from '../../model/shared';

export const HtmlDataSchema = z
  .object({
    containerData: OptionalContainerSchema,
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
