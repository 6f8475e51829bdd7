/**
 * A CODE_BLOCK: monospaced, scrollable, coloured by tokens the server computed
 * (rich-content/highlight.server.ts). Without tokens (a preview, a client-made document) the
 * code shows plain; it is never highlighted in the browser.
 *
 * A long line scrolls sideways, so keys must reach the block (WCAG 2.1.1; axe's
 * scrollable-region-focusable, issue 23): it is a named region in the tab order, always, as the
 * table is. Whether it scrolls depends on the reader's width, which the server does not know, and
 * measuring it would put a script on every post page (decision 069).
 */
import type { HighlightedCode } from '../../code-tokens';
import { codeBlockSource } from '../../code-tokens';
import { TEXT_CLASSES } from '../../render/text-classes';
import { DEFAULT_LABELS, type NodeRenderer } from '../../render/types';
import './code-block.css';

export function CodeBlock({
  source,
  highlighted,
  label = DEFAULT_LABELS.code,
}: {
  source: string;
  highlighted?: HighlightedCode;
  /** The region's accessible name (the reader's language). */
  label?: string;
}) {
  const language = highlighted?.language ?? undefined;
  return (
    // A region named for screen readers; a <pre> still, for the browser's code semantics.
    // biome-ignore lint/a11y/useSemanticElements: a <section> around it would not be what scrolls.
    <pre
      className={TEXT_CLASSES.code}
      data-language={language}
      role="region"
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the block scrolls; keys must reach it.
      tabIndex={0}
    >
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
  <CodeBlock
    source={codeBlockSource(node)}
    highlighted={context.codeHighlights?.[node.id]}
    label={context.labels?.code ?? DEFAULT_LABELS.code}
  />
);
