/** The shape of highlighted code, shared by the server's highlighter and the renderer. */

/** A run of code text and the scope it belongs to (`keyword`, `string`, `title.function`...). */
export type CodeToken = readonly [text: string, scope?: string];

export interface HighlightedCode {
  /** The detected language, or null when nothing matched well enough to colour. */
  language: string | null;
  tokens: CodeToken[];
}

/** The source text of a CODE_BLOCK node: its text runs, joined. */
export function codeBlockSource(node: { nodes?: readonly { textData?: { text: string } }[] }) {
  return (node.nodes ?? []).map((child) => child.textData?.text ?? '').join('');
}
