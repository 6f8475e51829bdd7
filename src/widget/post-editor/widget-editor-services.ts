/**
 * The widget's editor services (`editor-services.ts`): uploads and link previews through the
 * widget's API clients, with its anti-forgery token. The editor page hands these to the editor.
 */
import type { EditorServices } from './editor-services';
import { fetchLinkPreview } from './link-preview-client';
import { UploadError, uploadMedia } from './upload-client';

export const WIDGET_EDITOR_SERVICES: EditorServices = {
  upload: uploadMedia,
  uploadErrorCode: (error) => (error instanceof UploadError ? error.code : 'file-upload-failure'),
  linkPreview: (url, signal) => fetchLinkPreview(url, undefined, signal),
};
