/** IMAGE's plain-text form: a caption line after its children's text. */
import type { TextForm } from '../text-forms';

export const IMAGE_TEXT = {
  // The skeleton's caption string on images counts as a caption line (SPEC §3 Image caption).
  after: (image) => (image.imageData.caption ? `\n${image.imageData.caption}\n` : undefined),
} satisfies TextForm<'IMAGE'>;
