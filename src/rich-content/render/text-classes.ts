/**
 * The classes of the text blocks that text-nodes.css styles: one home for the post page's
 * renderers (`nodes/<type>/render.tsx`) and the editor's TipTap nodes (`nodes/<type>/extension.ts`),
 * so the editor draws text with the very rules the published post uses (issue 23: what you see is
 * what you get; the two had swapped serif and sans).
 */
export const TEXT_CLASSES = {
  paragraph: 'rc-paragraph',
  blockquote: 'rc-blockquote',
  code: 'rc-code',
  bulletedList: 'rc-list rc-list--bulleted',
  orderedList: 'rc-list rc-list--ordered',
} as const;

/** A heading's classes: its level's size and weight (`rc-h1`…`rc-h6`) over the headings' font. */
export function headingClass(level: number): string {
  return `rc-heading rc-h${level}`;
}
