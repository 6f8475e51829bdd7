/**
 * Sends an export file to the import API (issue 21) with XMLHttpRequest, which, unlike fetch,
 * reports upload progress (a 1 GB file takes a while). The answer is read like `callApi`'s.
 */
import { CSRF_ERROR_CODE, CSRF_HEADER } from '../../domain/session';
import { csrfCookieToken, freshCsrfToken } from '../../widget/api-client';
import type { ApiResult } from '../components/api';

export const IMPORT_JOBS_ENDPOINT = '/api/dashboard/import/jobs';

function send<T>(
  form: FormData,
  token: string,
  onProgress: (fraction: number) => void,
): Promise<ApiResult<T> & { isCsrfRefusal?: boolean }> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', IMPORT_JOBS_ENDPOINT);
    request.setRequestHeader(CSRF_HEADER, token);
    request.setRequestHeader('accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onerror = () =>
      resolve({ ok: false, status: 0, code: 'network_error', message: '', fields: {} });
    request.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = null;
      }
      if (request.status >= 200 && request.status < 300) {
        resolve({ ok: true, value: body as T });
        return;
      }
      const error =
        (body as { error?: { code?: string; message?: string; fields?: Record<string, string> } })
          ?.error ?? {};
      resolve({
        ok: false,
        status: request.status,
        code: error.code ?? 'unknown_error',
        message: error.message ?? '',
        fields: error.fields ?? {},
        isCsrfRefusal: request.status === 403 && error.code === CSRF_ERROR_CODE,
      });
    };
    request.send(form);
  });
}

/** Uploads `file` (and the Ghost old address, when given); never throws. */
export async function uploadExportFile<T>(
  file: File,
  oldUrl: string,
  onProgress: (fraction: number) => void,
): Promise<ApiResult<T>> {
  const form = new FormData();
  // The address goes before the file: the server reads fields as they come.
  if (oldUrl.trim() !== '') form.append('oldUrl', oldUrl.trim());
  form.append('file', file, file.name);
  const first = await send<T>(form, csrfCookieToken() ?? '', onProgress);
  if (first.ok || !first.isCsrfRefusal) return first;
  return send<T>(form, await freshCsrfToken(), onProgress);
}
