/**
 * Validates XML against an XML Schema with xmllint (Debian's libxml2-utils; `npm test` installs
 * it). `--nonet`: schemas import only local files, a test never reaches the network.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

/** The sitemaps.org and Google schemas of tests/schemas (decision 049). */
export const SITEMAP_SCHEMAS = {
  /** A `<urlset>`, image entries included. */
  urlset: path.resolve('tests/schemas/sitemap-with-images.xsd'),
  /** A `<sitemapindex>`. */
  index: path.resolve('tests/schemas/siteindex.xsd'),
};

/** xmllint's verdict: whether the document validates, and its messages when not. */
export function validateXml(xml: string, schemaPath: string): { valid: boolean; errors: string } {
  const result = spawnSync('xmllint', ['--noout', '--nonet', '--schema', schemaPath, '-'], {
    input: xml,
    encoding: 'utf8',
  });
  if (result.error) throw result.error;
  const valid = result.status === 0;
  // xmllint reports '- validates' on stderr too.
  return { valid, errors: valid ? '' : result.stderr };
}
