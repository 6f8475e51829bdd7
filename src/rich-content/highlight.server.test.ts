import { describe, expect, it } from 'vitest';
import { codeBlockSource } from './code-tokens';
import {
  highlightCode,
  highlightDocument,
  MAX_HIGHLIGHTED_LENGTH,
  tokensOfHtml,
} from './highlight.server';

const textOf = (tokens: readonly (readonly [string, string?])[]) => tokens.map(([t]) => t).join('');

describe('highlightCode', () => {
  it('detects TypeScript and colours keywords, strings and comments', () => {
    const source = 'const greeting: string = "hi <b>";\n// say it\nconsole.log(greeting);';
    const { language, tokens } = highlightCode(source);
    expect(['typescript', 'javascript']).toContain(language);
    expect(textOf(tokens)).toBe(source);
    expect(tokens).toContainEqual(['const', 'keyword']);
    expect(tokens).toContainEqual(['"hi <b>"', 'string']);
    expect(tokens).toContainEqual(['// say it', 'comment']);
  });

  it('takes a short JavaScript loop for JavaScript, not C#', () => {
    const source = [
      'for (const file of await readdir("posts")) {',
      '  const html = await readFile(join("posts", file), "utf8");',
      '}',
    ].join('\n');
    expect(['javascript', 'typescript']).toContain(highlightCode(source).language);
  });

  it('detects Python and SQL', () => {
    expect(highlightCode('def area(r):\n    return 3.14 * r ** 2\n').language).toBe('python');
    expect(
      highlightCode('SELECT title, count(*) FROM posts WHERE site_id = 1 GROUP BY title;').language,
    ).toBe('sql');
  });

  it('keeps prose and overlong blocks as one plain run', () => {
    const prose = 'Remember to water the plants';
    expect(highlightCode(prose)).toEqual({ language: null, tokens: [[prose]] });
    const long = 'x'.repeat(MAX_HIGHLIGHTED_LENGTH + 1);
    expect(highlightCode(long)).toEqual({ language: null, tokens: [[long]] });
    expect(highlightCode('')).toEqual({ language: null, tokens: [] });
  });

  it('never loses or alters a character of the source', () => {
    const sources = [
      '<div class="a">&amp; &lt;</div>',
      'if (a < b && c > d) { return "it\'s"; }',
      'fn main() { println!("{}", 1 << 3); }',
    ];
    for (const source of sources) expect(textOf(highlightCode(source).tokens)).toBe(source);
  });
});

describe('tokensOfHtml', () => {
  it('flattens nested spans to their innermost scope and unescapes text', () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: JavaScript source as text.
    const substitution = '${b}';
    expect(
      tokensOfHtml(
        `<span class="hljs-string">\`a <span class="hljs-subst">${substitution}</span>\`</span> &lt; <span class="hljs-title function_">f</span>`,
      ),
    ).toEqual([
      ['`a ', 'string'],
      [substitution, 'subst'],
      ['`', 'string'],
      [' < '],
      ['f', 'title.function'],
    ]);
  });
});

describe('highlightDocument', () => {
  it('highlights every code block by node id, nested ones too', () => {
    const code = (id: string, text: string) => ({
      type: 'CODE_BLOCK',
      id,
      nodes: [{ type: 'TEXT', id: '', textData: { text } }],
    });
    const document = {
      nodes: [
        { type: 'PARAGRAPH', id: 'p', nodes: [] },
        code('a', 'const a = 1;'),
        {
          type: 'LAYOUT',
          id: 'l',
          nodes: [{ type: 'LAYOUT_CELL', id: 'c', nodes: [code('b', 'x')] }],
        },
      ],
    };
    const result = highlightDocument(document);
    expect(Object.keys(result).sort()).toEqual(['a', 'b']);
    expect(textOf(result.a!.tokens)).toBe('const a = 1;');
    expect(highlightDocument(document).a).toBe(result.a);
  });

  it('joins a block’s text runs', () => {
    expect(
      codeBlockSource({ nodes: [{ textData: { text: 'a' } }, { textData: { text: 'b' } }] }),
    ).toBe('ab');
  });
});
