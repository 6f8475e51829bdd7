/**
 * The JavaScript a page loads: the `/assets/*.js` files its HTML names (module scripts, module
 * preloads, inline `import`s) plus what those import statically, each gzipped at level 9.
 */
import { gzipSync } from 'node:zlib';

/** One script a page loads. */
export interface ScriptFile {
  path: string;
  bytes: number;
  gzipBytes: number;
  /** `html` when the page names it, `import` when only another script's static import does. */
  via: 'html' | 'import';
}

/** The scripts of one page and their gzip total. */
export interface PageScripts {
  page: string;
  files: ScriptFile[];
  gzipBytes: number;
  bytes: number;
}

/** The value of attribute `name` in one tag's source, or null. */
function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3] ?? '') : null;
}

/** Specifiers of `import "x"`, `import("x")` and `... from "x"` in a piece of JavaScript. */
function importSpecifiers(code: string, { dynamic }: { dynamic: boolean }): string[] {
  const pattern = dynamic
    ? /\bimport\s*\(\s*["']([^"']+)["']\s*\)|\bimport\s*["']([^"']+)["']|\bfrom\s*["']([^"']+)["']/g
    : /\bimport\s*["']([^"']+)["']|\bfrom\s*["']([^"']+)["']/g;
  return [...code.matchAll(pattern)].map((m) => m[1] ?? m[2] ?? m[3] ?? '').filter(Boolean);
}

/** Whether a URL is one of the build's hashed scripts. */
function isAssetScript(url: URL): boolean {
  return url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js');
}

/**
 * The script URLs a page's HTML names: `<script type="module" src>`, `<link rel="modulepreload"
 * href>` and `import(...)` / `import "..."` / `from "..."` in inline scripts.
 */
export function scriptUrlsOf(html: string, pageUrl: string): URL[] {
  const found: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const tag = match[1] ?? '';
    const src = attribute(tag, 'src');
    if (src !== null) {
      if (attribute(tag, 'type')?.toLowerCase() === 'module') found.push(src);
    } else {
      found.push(...importSpecifiers(match[2] ?? '', { dynamic: true }));
    }
  }
  for (const match of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attribute(match[0], 'rel')?.toLowerCase().split(/\s+/) ?? [];
    const href = attribute(match[0], 'href');
    if (rel.includes('modulepreload') && href) found.push(href);
  }
  const urls = found.map((specifier) => new URL(specifier, pageUrl)).filter(isAssetScript);
  return [...new Map(urls.map((url) => [url.pathname, url])).values()];
}

/** Fetches a page and sums the gzip size of the scripts it loads. */
export async function measurePageScripts(baseUrl: string, page: string): Promise<PageScripts> {
  const pageUrl = `${baseUrl}${page}`;
  const response = await fetch(pageUrl);
  const html = await response.text();
  if (response.status !== 200) throw new Error(`GET ${page} answered ${response.status}`);

  const files = new Map<string, ScriptFile>();
  const queue: { url: URL; via: ScriptFile['via'] }[] = scriptUrlsOf(html, pageUrl).map((url) => ({
    url,
    via: 'html',
  }));
  for (let next = queue.shift(); next; next = queue.shift()) {
    if (files.has(next.url.pathname)) continue;
    const script = await fetch(next.url);
    const body = Buffer.from(await script.arrayBuffer());
    if (script.status !== 200) {
      // A page naming a missing script is a broken page; a missed guess at an import is not.
      if (next.via === 'import') continue;
      throw new Error(`GET ${next.url.pathname} (named by ${page}) answered ${script.status}`);
    }
    files.set(next.url.pathname, {
      path: next.url.pathname,
      bytes: body.length,
      gzipBytes: gzipSync(body, { level: 9 }).length,
      via: next.via,
    });
    // Static imports load with the page too; dynamic ones (`import()` in a chunk) are lazy.
    for (const specifier of importSpecifiers(body.toString('utf8'), { dynamic: false })) {
      const url = new URL(specifier, next.url);
      if (isAssetScript(url) && !files.has(url.pathname)) queue.push({ url, via: 'import' });
    }
  }
  const list = [...files.values()].sort((a, b) => b.gzipBytes - a.gzipBytes);
  return {
    page,
    files: list,
    gzipBytes: list.reduce((sum, file) => sum + file.gzipBytes, 0),
    bytes: list.reduce((sum, file) => sum + file.bytes, 0),
  };
}
