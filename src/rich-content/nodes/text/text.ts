/** TEXT's plain-text form: the run's own text (its decorations do not count). */
import type { TextForm } from '../text-forms';

export const TEXT_TEXT = { own: (text) => text.textData.text } satisfies TextForm<'TEXT'>;
