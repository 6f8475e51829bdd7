/**
 * HTML (SPEC §3): markup or a page, only ever inside `<iframe sandbox="allow-scripts
 * allow-popups">` (DESIGN.md "Errors and bad input": never inline). `SandboxedHtml` also frames
 * an audio host's and a rich embed's markup.
 */
import { useEffect, useRef, useState } from 'react';
import type { FileData } from '../../document';
import { useTranslation } from '../../i18n';
import {
  HTML_HEIGHT_MESSAGE,
  HTML_MEASURE_MESSAGE,
  HTML_SANDBOX,
  htmlFrameUrl,
} from '../../render/html-frame';
import { interactivePart } from '../../render/interactive';
import { blockClasses, blockStyle, pxLength, safeHttpUrl } from '../../render/media-nodes-shared';
import type { NodeRenderer, RenderContext } from '../../render/types';

/** HTML blocks without a stored height. */
export const HTML_DEFAULT_HEIGHT = 300;
/** An auto-height frame grows at most to this (a hostile document cannot cover the page). */
export const HTML_MAX_HEIGHT = 4000;

/** The props of `SandboxedHtml`: markup (`html`) or a page (`url`, http(s) only). */
export interface SandboxedHtmlProps {
  html?: string;
  url?: string;
  title: string;
  height: number;
  /** Grows to the content's height, reported by the frame document (markup only). */
  autoHeight?: boolean;
}

/** Document HTML in a sandboxed iframe, never inline. Renders nothing without a usable source. */
export function SandboxedHtml({
  html,
  url,
  title,
  height,
  autoHeight = false,
}: SandboxedHtmlProps) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [measured, setMeasured] = useState<number | null>(null);
  const isAuto = autoHeight && html !== undefined;
  // Markup goes to our frame document (html-frame.ts: a srcdoc would inherit the page's policy).
  const src = html === undefined ? safeHttpUrl(url) : htmlFrameUrl(html, isAuto);
  useEffect(() => {
    if (!isAuto) return;
    function handleMessage(event: MessageEvent) {
      if (event.source !== frameRef.current?.contentWindow) return;
      const data = event.data as { type?: unknown; height?: unknown } | null;
      if (data?.type !== HTML_HEIGHT_MESSAGE || typeof data.height !== 'number') return;
      if (!Number.isFinite(data.height)) return;
      setMeasured(Math.min(HTML_MAX_HEIGHT, Math.max(20, Math.ceil(data.height))));
    }
    window.addEventListener('message', handleMessage);
    // The frame may have reported before this listener existed: ask again.
    frameRef.current?.contentWindow?.postMessage(HTML_MEASURE_MESSAGE, '*');
    return () => window.removeEventListener('message', handleMessage);
  }, [isAuto]);
  if (!src) return null;
  return (
    <iframe
      // New markup is a new document: a URL that differs only in its fragment would not reload.
      key={src}
      ref={frameRef}
      className="rc-html__frame"
      title={title}
      sandbox={HTML_SANDBOX}
      src={src}
      height={measured ?? height}
      style={{ height: measured ?? height }}
      loading="lazy"
      referrerPolicy="no-referrer"
    />
  );
}

/**
 * A sandboxed frame as the page wants it: one that grows to its markup's height listens for the
 * frame's messages, so on a reader page it is an island (issue 20); a fixed one is only HTML.
 */
export function FramedHtml({
  context,
  ...props
}: SandboxedHtmlProps & { context?: RenderContext }) {
  if (!context || !props.autoHeight || props.html === undefined)
    return <SandboxedHtml {...props} />;
  return interactivePart(context, { name: 'frame', props, element: <SandboxedHtml {...props} /> });
}

/** HTML (SPEC §3): markup or a page in a sandboxed iframe; ADSENSE is treated the same. */
export function HtmlBlock({
  data,
  context,
}: {
  context?: RenderContext;
  data: {
    html?: string;
    url?: string;
    autoHeight?: boolean;
    containerData?: FileData['containerData'];
  };
}) {
  const { t } = useTranslation();
  const height = pxLength(data.containerData?.height?.custom) ?? HTML_DEFAULT_HEIGHT;
  return (
    <div
      className={blockClasses('rc-html', data.containerData)}
      style={blockStyle(data.containerData)}
    >
      <FramedHtml
        context={context}
        html={data.html}
        url={data.url}
        title={t('richContent.html.title')}
        height={Math.min(height, HTML_MAX_HEIGHT)}
        autoHeight={data.autoHeight}
      />
    </div>
  );
}

/** The HTML node's renderer. */
export const renderHtml: NodeRenderer<'HTML'> = (node, _children, context) => (
  <HtmlBlock data={node.htmlData} context={context} />
);
