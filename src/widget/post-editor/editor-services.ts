/**
 * What the post editor needs from the page around it (issue 16), handed in as one object instead
 * of imported: uploads and link previews go through the page's API clients, which the editor
 * does not know. The page gives the widget's services (`widget-editor-services.ts`); a test or
 * another host gives its own. Dialogs read them from context.
 */
import { createContext, useContext } from 'react';
import type { LinkPreviewErrorCode, LinkPreviewView } from '../../domain/link-preview';
import type { UploadErrorCode, UploadedMedia, UploadKind } from '../../domain/media-upload';

/** What a link-preview lookup came to; `failed` when nothing more precise is known. */
export type LinkPreviewResult =
  | { kind: 'ok'; preview: LinkPreviewView }
  | { kind: 'error'; code: LinkPreviewErrorCode | 'failed' };

export interface EditorServices {
  /** Uploads a file and resolves with the stored media; rejects when the upload fails. */
  upload(file: File, kind: UploadKind): Promise<UploadedMedia>;
  /** Which upload failure a rejection of `upload` was, for the message the writer sees. */
  uploadErrorCode(error: unknown): UploadErrorCode;
  /** What the page at `url` (an absolute http(s) address) says about itself. Never throws. */
  linkPreview(url: string, signal?: AbortSignal): Promise<LinkPreviewResult>;
}

export const EditorServicesContext = createContext<EditorServices | null>(null);

/** The services of the editor around this component. */
export function useEditorServices(): EditorServices {
  const services = useContext(EditorServicesContext);
  if (!services) throw new Error('useEditorServices is used outside the rich-text editor');
  return services;
}
