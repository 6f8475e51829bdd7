/**
 * The HTML inside one translation, read with htmlparser2's tokenizer (a real HTML tokenizer, so
 * `a < b`, entities and attributes are read the way a browser reads them). SPEC §8: malformed HTML
 * or a non-lowercase tag in a translation is an error.
 */
import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2';

/** Tags a translation may use: inline emphasis and a line break, no attributes. */
export const ALLOWED_TAGS: ReadonlySet<string> = new Set([
  'b',
  'strong',
  'i',
  'em',
  'u',
  'br',
  'code',
  'kbd',
  'small',
  'sub',
  'sup',
  'bdi',
]);

const VOID_TAGS: ReadonlySet<string> = new Set(['br', 'wbr', 'hr', 'img']);

/** What a translation's HTML holds: its tags in order (lowercased) and what is wrong with it. */
export interface HtmlScan {
  tags: string[];
  problems: string[];
}

/** Reads the tags of `text` and lists malformed nesting, unknown or non-lowercase tags. */
export function scanHtml(text: string): HtmlScan {
  const tags: string[] = [];
  const problems: string[] = [];
  const open: string[] = [];
  let current = '';
  const noop = () => {};
  const callbacks: TokenizerCallbacks = {
    onattribdata: noop,
    onattribentity: noop,
    onattribend: noop,
    onattribname(start, end) {
      problems.push(`attribute "${text.slice(start, end)}" on <${current}> is not allowed`);
    },
    oncdata: noop,
    oncomment: noop,
    ondeclaration: noop,
    onend: noop,
    onprocessinginstruction: noop,
    ontext: noop,
    ontextentity: noop,
    onopentagname(start, end) {
      current = text.slice(start, end);
      const name = current.toLowerCase();
      tags.push(name);
      if (current !== name) problems.push(`tag <${current}> is not lowercase`);
      if (!ALLOWED_TAGS.has(name)) problems.push(`tag <${current}> is not allowed`);
    },
    onopentagend() {
      const name = current.toLowerCase();
      if (!VOID_TAGS.has(name)) open.push(name);
    },
    onselfclosingtag() {
      const name = current.toLowerCase();
      if (!VOID_TAGS.has(name)) problems.push(`<${current}/> is not a void element`);
    },
    onclosetag(start, end) {
      const raw = text.slice(start, end);
      const name = raw.toLowerCase();
      if (raw !== name) problems.push(`closing tag </${raw}> is not lowercase`);
      if (VOID_TAGS.has(name)) {
        problems.push(`</${raw}> closes a void element`);
        return;
      }
      const top = open.pop();
      if (top === undefined) problems.push(`</${raw}> closes nothing`);
      else if (top !== name) problems.push(`</${raw}> closes <${top}>`);
    },
  };
  const tokenizer = new Tokenizer({ decodeEntities: true }, callbacks);
  tokenizer.write(text);
  tokenizer.end();
  for (const name of open) problems.push(`<${name}> is never closed`);
  return { tags, problems };
}
