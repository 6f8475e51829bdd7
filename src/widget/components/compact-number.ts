/** Compact counts (1.1K) in the reader's language, for counters and like buttons. */
const compactFormats = new Map<string, Intl.NumberFormat>();

/** The compact number format of a language; formatters are costly, so one per language. */
export function compactNumber(language: string): Intl.NumberFormat {
  let format = compactFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language, { notation: 'compact' });
    compactFormats.set(language, format);
  }
  return format;
}
