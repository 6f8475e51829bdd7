/**
 * The messages from the builder editor to the Blog in its canvas iframe (issue 7; decision 022).
 * Both are pages of one origin; the canvas accepts messages only from that origin and from the
 * editor's window.
 */
import type { FeedSettingsView } from '../../domain/settings';

/** The editor's settings changed: show them now, before they are saved. */
export interface CanvasSettingsMessage {
  type: 'inkwell:settings';
  view: FeedSettingsView;
}

/** The draft was saved: reload the page's data (what a setting changes on the server). */
export interface CanvasRefreshMessage {
  type: 'inkwell:refresh';
}

/** Show another page of the site in the canvas. */
export interface CanvasNavigateMessage {
  type: 'inkwell:navigate';
  path: string;
}

export type EditorToCanvas = CanvasSettingsMessage | CanvasRefreshMessage | CanvasNavigateMessage;

/**
 * Where the canvas bridge puts the editor's settings view, and the window event that says it
 * changed; widget/use-blog.ts reads them (with these names written out, to keep the feed's script
 * free of this module).
 */
export const SETTINGS_GLOBAL = 'inkwellSettings';
export const SETTINGS_EVENT = 'inkwell:settings';

/** The query that keeps a canvas page in its render mode and device across navigations. */
export const CANVAS_PARAMS = ['renderMode', 'device'] as const;

/** `path` with the canvas's render mode and device carried over from `current` (a query). */
export function withCanvasParams(path: string, current: string): string {
  const url = new URL(path, 'http://canvas.invalid');
  const from = new URLSearchParams(current);
  for (const name of CANVAS_PARAMS) {
    const value = from.get(name);
    if (value !== null) url.searchParams.set(name, value);
  }
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Whether a message event came from the expected window of this origin with a known shape. */
export function isOwnMessage(
  event: MessageEvent,
  from: MessageEventSource | null,
  origin: string,
): boolean {
  const data = event.data as { type?: unknown } | null;
  return (
    event.origin === origin &&
    event.source === from &&
    typeof data?.type === 'string' &&
    data.type.startsWith('inkwell:')
  );
}
