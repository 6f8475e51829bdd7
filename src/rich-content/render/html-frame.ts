/**
 * The frame document that shows a document's own HTML (SPEC §3 HTML, rich EMBED, hosted AUDIO;
 * DESIGN.md "Errors and bad input": never inline). The markup travels in the frame URL's
 * fragment (never sent to the server, no length limit of ours) and the document, served by us
 * at `HTML_FRAME_PATH` with a policy of its own, writes it into itself.
 *
 * Why not `srcdoc`: a srcdoc frame inherits the page's Content-Security-Policy, which runs only
 * our own scripts, so an embed's scripts (and the auto-height script) would be refused. The
 * frame document's response has its own policy: scripts from anywhere, always in a sandbox
 * (decision 029). No React here: the server serves the document.
 */

/** Where the server serves the frame document. */
export const HTML_FRAME_PATH = '/frames/html';
/** The sandbox of document HTML: its scripts run in an opaque origin and may open popups. */
export const HTML_SANDBOX = 'allow-scripts allow-popups';
/** The `type` of the message the auto-height script posts to the page. */
export const HTML_HEIGHT_MESSAGE = 'inkwell:rc-html-height';
/** The `type` of the page's request that the frame report its height again. */
export const HTML_MEASURE_MESSAGE = 'inkwell:rc-html-measure';

/**
 * The frame's URL for `html`. With `autoHeight`, the document reports the height of its body (a
 * flow root, so its children's margins count; the document's own height is never less than the
 * frame's) on load, on resize, and when the page asks (the frame may load before the page
 * hydrates).
 */
export function htmlFrameUrl(html: string, autoHeight: boolean): string {
  const fragment = new URLSearchParams(autoHeight ? { auto: '1', html } : { html });
  return `${HTML_FRAME_PATH}#${fragment}`;
}

/**
 * The frame's default text (issue 23: embeds without styles of their own rendered in the
 * browser's Times): the blog's body font stack (base.css `--font-body`, which a sandboxed document
 * cannot read from the page) and its ink colour. The embed's own styles win over these.
 */
export const FRAME_FONT =
  'system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif';

/**
 * The frame document: writes the fragment's markup in while it is being parsed (so the markup's
 * own scripts run as they would in a page of their own), links open outside the frame.
 */
export const HTML_FRAME_DOCUMENT = `<!doctype html><html><head><meta charset="utf-8"><base target="_blank"><style>html,body{margin:0}body{display:flow-root;font:16px/1.5 ${FRAME_FONT};color:#1c1e24}</style><script>(function(){var p=new URLSearchParams(location.hash.slice(1));document.write(p.get('html')||'');if(!p.get('auto'))return;function s(){parent.postMessage({type:'${HTML_HEIGHT_MESSAGE}',height:Math.ceil(document.body.getBoundingClientRect().height)},'*')}addEventListener('load',s);addEventListener('message',function(e){if(e.source===parent&&e.data==='${HTML_MEASURE_MESSAGE}')s()});document.addEventListener('DOMContentLoaded',function(){if(window.ResizeObserver){new ResizeObserver(s).observe(document.body)}s()})})()</script></head></html>`;
