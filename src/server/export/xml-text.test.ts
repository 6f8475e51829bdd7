import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { cdata, escapeXml, xmlSafe } from './xml-text';

/** The text a strict XML parser reads back from `<a>{xml}</a>`. */
function readBack(xml: string): string {
  const parser = new SaxesParser();
  let text = '';
  parser.on('text', (t) => {
    text += t;
  });
  parser.on('cdata', (t) => {
    text += t;
  });
  parser.on('error', (error) => {
    throw error;
  });
  parser.write(`<a>${xml}</a>`).close();
  return text;
}

describe('xml-text', () => {
  it('escapes markup characters so the text reads back unchanged', () => {
    const text = 'Fish & chips <b>"bold"</b> a > b';
    expect(escapeXml(text)).toBe('Fish &amp; chips &lt;b&gt;&quot;bold&quot;&lt;/b&gt; a &gt; b');
    expect(readBack(escapeXml(text))).toBe(text);
  });

  it('splits a CDATA section on ]]> and reads back the same text', () => {
    const text = 'code: a[b[0]]> c ]]>]]> end';
    expect(cdata(text)).not.toMatch(/]]>(?!<!\[CDATA\[|$)/);
    expect(readBack(cdata(text))).toBe(text);
  });

  it('drops characters XML 1.0 cannot carry, keeping tabs, newlines and emoji', () => {
    expect(xmlSafe('a\u0000b\u0007c\td\ne\uFFFE 😀')).toBe('abc\td\ne 😀');
    expect(readBack(cdata('x\u0001y'))).toBe('xy');
  });
});
