/**
 * The editor's side of media uploads (issue 4 "Writing"): checks the size limit of the kind
 * before anything is sent, posts the file as multipart/form-data with XMLHttpRequest (fetch
 * cannot report upload progress) and turns every failure into an `UploadError` carrying one of
 * the SPEC §8 file codes, which the editor shows as its toast.
 */
import {
  type UploadErrorCode,
  UploadErrorReplySchema,
  type UploadedMedia,
  UploadedMediaSchema,
  type UploadKind,
  uploadProblem,
} from '../../domain/media-upload';
import { CSRF_ERROR_CODE, CSRF_HEADER } from '../../domain/session';
import { csrfCookieToken, freshCsrfToken } from '../api-client';

/** Where the editor posts uploads. */
export const MEDIA_UPLOAD_ENDPOINT = '/api/editor/media';

/**
 * A failed upload. `code` is the SPEC §8 file code the editor's toast shows; `status` is the HTTP
 * status when the server answered (0 when nothing was sent or the network failed);
 * `serverCode` is the server's own code when it was not a file code (`login-required`,
 * `forbidden`), so the editor can ask the writer to log in.
 */
export class UploadError extends Error {
  constructor(
    readonly code: UploadErrorCode,
    readonly status = 0,
    readonly serverCode?: string,
  ) {
    super(`Upload failed: ${serverCode ?? code}`);
    this.name = 'UploadError';
  }
}

/** Progress of one upload: bytes sent of the request's total. */
export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0–1; 0 until the browser knows the total. */
  fraction: number;
}

export interface UploadOptions {
  /** Aborting rejects with an `AbortError` DOMException, never an UploadError. */
  signal?: AbortSignal;
  onProgress?: (progress: UploadProgress) => void;
  /** The endpoint (tests and other hosts); `MEDIA_UPLOAD_ENDPOINT` by default. */
  endpoint?: string;
  /** The anti-forgery token (tests); the token's cookie, or a fresh one, by default. */
  csrfToken?: string;
}

/** Maps an error reply of the server to the file code the writer sees. */
export function uploadErrorFromReply(status: number, body: unknown): UploadError {
  const parsed = UploadErrorReplySchema.safeParse(body);
  const serverCode = parsed.success ? parsed.data.error.code : undefined;
  if (serverCode === 'file-too-big' || status === 413) {
    return new UploadError('file-too-big', status, serverCode);
  }
  if (serverCode === 'file-upload-limited' || status === 429) {
    return new UploadError('file-upload-limited', status, serverCode);
  }
  return new UploadError('file-upload-failure', status, serverCode);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Uploads one file as media of `kind` and resolves with what the server stored. Rejects with an
 * `UploadError` (`file-too-big` without sending when the file is over the kind's limit) or, when
 * aborted through `options.signal`, with an `AbortError`.
 */
export function uploadMedia(
  file: File,
  kind: UploadKind,
  options: UploadOptions = {},
): Promise<UploadedMedia> {
  const { signal, onProgress, endpoint = MEDIA_UPLOAD_ENDPOINT } = options;
  const problem = uploadProblem(kind, file);
  if (problem) return Promise.reject(new UploadError(problem));
  if (signal?.aborted) return Promise.reject(abortError());

  const attempt = (token: string, isRetry: boolean): Promise<UploadedMedia> =>
    new Promise<UploadedMedia>((resolve, reject) => {
      const request = new XMLHttpRequest();
      const handleAbort = () => request.abort();
      const settle = () => signal?.removeEventListener('abort', handleAbort);

      request.open('POST', endpoint);
      request.responseType = 'text';
      request.setRequestHeader('accept', 'application/json');
      // Decision 017: the anti-forgery token, as every state-changing call carries it.
      if (token) request.setRequestHeader(CSRF_HEADER, token);
      if (onProgress) {
        request.upload.addEventListener('progress', (event) => {
          const total = event.lengthComputable ? event.total : 0;
          onProgress({
            loaded: event.loaded,
            total,
            fraction: total > 0 ? event.loaded / total : 0,
          });
        });
      }
      request.addEventListener('load', () => {
        settle();
        const body = parseJson(request.responseText);
        if (request.status >= 200 && request.status < 300) {
          const uploaded = UploadedMediaSchema.safeParse(body);
          if (uploaded.success) resolve(uploaded.data);
          else reject(new UploadError('file-upload-failure', request.status));
          return;
        }
        // A stale token (the session changed in another tab): once more with a fresh one.
        const code = (body as { error?: { code?: unknown } } | undefined)?.error?.code;
        if (request.status === 403 && code === CSRF_ERROR_CODE && !isRetry) {
          freshCsrfToken().then(
            (fresh) => resolve(attempt(fresh, true)),
            () => reject(uploadErrorFromReply(request.status, body)),
          );
          return;
        }
        reject(uploadErrorFromReply(request.status, body));
      });
      request.addEventListener('error', () => {
        settle();
        reject(new UploadError('file-upload-failure'));
      });
      request.addEventListener('abort', () => {
        settle();
        reject(abortError());
      });
      signal?.addEventListener('abort', handleAbort, { once: true });

      // The kind goes first so the server knows the limit before the file's bytes arrive.
      const form = new FormData();
      form.append('kind', kind);
      form.append('file', file, file.name);
      request.send(form);
    });

  // The token's cookie is read at once (the upload starts in this tick); without one the server
  // refuses a credentialed upload and the retry above fetches a token.
  return attempt(options.csrfToken ?? csrfCookieToken() ?? '', false);
}

function abortError(): DOMException {
  return new DOMException('The upload was aborted', 'AbortError');
}
