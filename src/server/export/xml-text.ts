/**
 * Text for a hand-written XML stream (the WXR export, decision 057 "Export to WordPress"):
 * escaped character data, and CDATA sections that stay well-formed whatever the text holds.
 * The export writes element by element as it reads the database, so it needs these two pieces
 * rather than a document builder that holds the whole tree.
 */

/** Characters XML 1.0 does not allow anywhere (control characters, lone surrogates, U+FFFE/F). */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** The text with the characters XML cannot carry dropped. */
export function xmlSafe(text: string): string {
  return text.replace(NOT_XML_CHAR, '');
}

/** Text escaped for an element's content or a double-quoted attribute. */
export function escapeXml(text: string): string {
  return xmlSafe(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/**
 * The text as a CDATA section, as WordPress writes its fields. A `]]>` inside would end the
 * section early, so it is split across two sections (`]]` ends one, `>` starts the next):
 * a reader joins them back into the same text.
 */
export function cdata(text: string): string {
  return `<![CDATA[${xmlSafe(text).replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;
}
