/**
 * Syntax highlighting for code blocks. A stored CODE_BLOCK has no language (SPEC §3), so the
 * language is detected among the ones writers paste most. This runs on the server only: the
 * post page's loader sends the tokens with the page, and the browser never loads highlight.js.
 */
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import go from 'highlight.js/lib/languages/go';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import kotlin from 'highlight.js/lib/languages/kotlin';
import markdown from 'highlight.js/lib/languages/markdown';
import php from 'highlight.js/lib/languages/php';
import python from 'highlight.js/lib/languages/python';
import ruby from 'highlight.js/lib/languages/ruby';
import rust from 'highlight.js/lib/languages/rust';
import scss from 'highlight.js/lib/languages/scss';
import sql from 'highlight.js/lib/languages/sql';
import swift from 'highlight.js/lib/languages/swift';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import { LRUCache } from 'lru-cache';
import { type CodeToken, codeBlockSource, type HighlightedCode } from './code-tokens';

// C# is left out on purpose: its grammar claims short JavaScript snippets (`for (const x of
// await f())` scored 14 for C# against 9 for JavaScript), and JavaScript is far more common in
// blog posts.
const LANGUAGES = {
  bash,
  c,
  cpp,
  css,
  diff,
  go,
  java,
  javascript,
  json,
  kotlin,
  markdown,
  php,
  python,
  ruby,
  rust,
  scss,
  sql,
  swift,
  typescript,
  xml,
  yaml,
};
for (const [name, language] of Object.entries(LANGUAGES)) hljs.registerLanguage(name, language);
const NAMES = Object.keys(LANGUAGES);

/** Blocks longer than this are shown uncoloured: detection cost grows with length. */
export const MAX_HIGHLIGHTED_LENGTH = 20_000;
/** Below this relevance highlight.js is guessing; colouring a guess misleads more than it helps. */
const MIN_RELEVANCE = 3;

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#x27;': "'",
  '&#39;': "'",
};

function unescapeHtml(html: string): string {
  return html.replace(/&(?:amp|lt|gt|quot|#x27|#39);/g, (entity) => ENTITIES[entity] ?? entity);
}

/**
 * Turns highlight.js's output (escaped text inside nested `<span class="hljs-…">`) into flat
 * tokens; a nested span's scope is its own innermost one.
 */
export function tokensOfHtml(html: string): CodeToken[] {
  const tokens: CodeToken[] = [];
  const scopes: (string | undefined)[] = [];
  const push = (text: string) => {
    if (text === '') return;
    const scope = scopes.at(-1);
    const last = tokens.at(-1);
    if (last && last[1] === scope) tokens[tokens.length - 1] = [last[0] + text, scope];
    else tokens.push(scope ? [text, scope] : [text]);
  };
  const tag = /<span class="([^"]*)">|<\/span>/g;
  let at = 0;
  for (let match = tag.exec(html); match; match = tag.exec(html)) {
    push(unescapeHtml(html.slice(at, match.index)));
    if (match[1] === undefined) scopes.pop();
    else {
      // `hljs-title function_` → `title.function`; a language-named span keeps the outer scope.
      const classes = match[1]
        .split(' ')
        .map((name) => name.replace(/^hljs-/, '').replace(/_+$/, ''));
      const isLanguage = classes[0]?.startsWith('language-');
      scopes.push(isLanguage ? scopes.at(-1) : classes.join('.'));
    }
    at = match.index + match[0].length;
  }
  push(unescapeHtml(html.slice(at)));
  return tokens;
}

/** The tokens of a code block's source, its language detected. Plain text when unsure. */
export function highlightCode(source: string): HighlightedCode {
  if (source.trim() === '' || source.length > MAX_HIGHLIGHTED_LENGTH) {
    return { language: null, tokens: source === '' ? [] : [[source]] };
  }
  const result = hljs.highlightAuto(source, NAMES);
  if (!result.language || result.relevance < MIN_RELEVANCE) {
    return { language: null, tokens: [[source]] };
  }
  return { language: result.language, tokens: tokensOfHtml(result.value) };
}

const memo = new LRUCache<string, HighlightedCode>({
  maxSize: 2_000_000,
  sizeCalculation: (_value, source) => source.length * 3 + 64,
});

interface CodeNodeLike {
  type: string;
  id: string;
  nodes?: readonly CodeNodeLike[];
  textData?: { text: string };
}

/**
 * The highlighted code blocks of a document by node id. Posts are read far more often than
 * written, so results are remembered by source text (bounded by total size).
 */
export function highlightDocument(document: {
  nodes: readonly CodeNodeLike[];
}): Record<string, HighlightedCode> {
  const out: Record<string, HighlightedCode> = {};
  const visit = (nodes: readonly CodeNodeLike[]) => {
    for (const node of nodes) {
      if (node.type === 'CODE_BLOCK') {
        const source = codeBlockSource(node);
        let highlighted = memo.get(source);
        if (!highlighted) {
          highlighted = highlightCode(source);
          memo.set(source, highlighted);
        }
        out[node.id] = highlighted;
      } else if (node.nodes) visit(node.nodes);
    }
  };
  visit(document.nodes);
  return out;
}
