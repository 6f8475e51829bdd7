/**
 * Text that crosses a boundary (issue 15 "U+0000 gives 500"; decision 027). PostgreSQL stores no
 * U+0000 in `text` or `jsonb`, and a lone surrogate (U+D800–U+DFFF without its pair) is no
 * character at all: UTF-8 cannot carry it (the driver would silently write U+FFFD) and `jsonb`
 * refuses its `\ud800` escape. Such text never names anything a reader could have typed, so every
 * string a client sends (path parameters, query strings, JSON bodies, forms) is parsed by
 * `safeText()`, which refuses it with a message naming the field; whole JSON values a schema
 * leaves open (documents, settings values) are walked by `safeJson()`.
 */
import { z } from 'zod';

/** The message of a refused text: the field path names where it is. */
export const UNSAFE_TEXT_MESSAGE = 'must not contain U+0000 or an unpaired surrogate';

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a text can be stored and sent as UTF-8 as it is: no U+0000, no lone surrogate. */
export function isSafeText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/**
 * The string schema of every client input: a `z.string()` that refuses U+0000 and lone
 * surrogates. Chain the field's own rules after it (`safeText().trim().max(200)`).
 */
export function safeText() {
  return z.string().refine(isSafeText, UNSAFE_TEXT_MESSAGE);
}

/** A value met by the walk: its key in its parent, and the parent (for the path, on demand). */
interface Visit {
  value: unknown;
  key: string | number | null;
  parent: Visit | null;
}

function pathOf(visit: Visit, last?: string): (string | number)[] {
  const path: (string | number)[] = last === undefined ? [] : [last];
  for (let at: Visit | null = visit; at !== null && at.key !== null; at = at.parent) {
    path.push(at.key);
  }
  return path.reverse();
}

/**
 * Where the first unsafe text of a JSON value is (a string or an object key), as a path of keys
 * and indexes, or null when there is none. Iterative and linear: a body nested thousands deep
 * costs neither the stack nor a copy of the path per level.
 */
export function findUnsafeText(value: unknown): (string | number)[] | null {
  const stack: Visit[] = [{ value, key: null, parent: null }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const current = visit.value;
    if (typeof current === 'string') {
      if (!isSafeText(current)) return pathOf(visit);
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) {
        stack.push({ value: current[i], key: i, parent: visit });
      }
      continue;
    }
    const entries = Object.entries(current);
    for (const [key] of entries) if (!isSafeText(key)) return pathOf(visit, key);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      stack.push({ value: child, key, parent: visit });
    }
  }
  return null;
}

/**
 * A JSON value the schema leaves open (a rich-content document, a setting's value), refused when
 * any string or key in it is unsafe; the issue's path leads to that string.
 */
export function safeJson() {
  return z.unknown().check((context) => {
    const path = findUnsafeText(context.value);
    if (path) {
      context.issues.push({
        code: 'custom',
        message: UNSAFE_TEXT_MESSAGE,
        input: context.value,
        path,
      });
    }
  });
}
