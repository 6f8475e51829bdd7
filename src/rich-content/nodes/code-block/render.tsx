/**
 * A CODE_BLOCK: monospaced, scrollable, coloured by tokens the server computed
 * (rich-content/highlight.server.ts). Without tokens (a preview, a client-made document) the
 * code shows plain; it is never highlighted in the browser.
 */
import type { HighlightedCode } from '../../code-tokens';
import { codeBlockSource } from '../../code-tokens';
import { TEXT_CLASSES } from '../../render/text-classes';
import type { NodeRenderer } from '../../render/types';
import './code-block.css';

export function CodeBlock({
  source,
  highlighted,
}: {
  source: string;
  highlighted?: HighlightedCode;
}) {
  const language = highlighted?.language ?? undefined;
  return (
    <pre className={TEXT_CLASSES.code} data-language={language}>
      <code className={language ? `language-${language}` : undefined}>
        {highlighted
          ? highlighted.tokens.map(([text, scope], index) =>
              scope ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: tokens are a fixed sequence.
                <span key={index} className={`tok-${scope.replaceAll('.', ' tok-')}`}>
                  {text}
                </span>
              ) : (
                text
              ),
            )
          : source}
      </code>
    </pre>
  );
}

/** The CODE_BLOCK node's renderer: the server's tokens from the context, by node id. */
export const renderCodeBlock: NodeRenderer<'CODE_BLOCK'> = (node, _children, context) => (
  <CodeBlock source={codeBlockSource(node)} highlighted={context.codeHighlights?.[node.id]} />
);
