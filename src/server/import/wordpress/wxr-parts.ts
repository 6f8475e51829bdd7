/**
 * The raw parts of a WXR file as the streaming reader collects them: each is the text of its
 * child elements, keyed by element name (`wp:post_id`, `content:encoded`), before any meaning is
 * given to them (`wxr-records.ts` does that). An item keeps its categories, postmeta and comments
 * as lists, since it has several of each.
 */

/** Child element texts of one `wp:author`, `wp:category`, `wp:tag`, `wp:term` or `wp:comment`. */
export type WxrFields = Record<string, string>;

/** One `<category domain="category" nicename="backend">Backend</category>` of an item. */
export interface WxrItemTerm {
  domain: string;
  nicename: string;
  name: string;
}

/** One `<item>`: a post, page, attachment, menu item... with its terms, meta and comments. */
export interface WxrItem {
  fields: WxrFields;
  terms: WxrItemTerm[];
  meta: Map<string, string>;
  comments: WxrFields[];
}

/** A new, empty item. */
export function emptyItem(): WxrItem {
  return { fields: {}, terms: [], meta: new Map(), comments: [] };
}

/** A field's text, trimmed ('' when absent). */
export function field(fields: WxrFields, name: string): string {
  return (fields[name] ?? '').trim();
}
