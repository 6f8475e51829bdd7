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

/** Whether a document holds a code block anywhere (the highlighter loads only for those). */
export function hasCodeBlock(document: { nodes: readonly { type: string; nodes?: unknown }[] }) {
  const stack = [...document.nodes];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === 'CODE_BLOCK') return true;
    if (Array.isArray(node.nodes)) stack.push(...(node.nodes as typeof stack));
  }
  return false;
}
