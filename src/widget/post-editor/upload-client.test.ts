import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UPLOAD_SIZE_LIMITS, type UploadedMedia } from '../../domain/media-upload';
import { MEDIA_UPLOAD_ENDPOINT, UploadError, uploadMedia } from './upload-client';

/**
 * A stand-in for the browser's XMLHttpRequest (tests run in Node): records what is sent and
 * lets each test play the server's part.
 */
class FakeRequest extends EventTarget {
  static last: FakeRequest | null = null;
  static count = 0;
  method = '';
  url = '';
  status = 0;
  responseText = '';
  responseType = '';
  body: FormData | null = null;
  headers: Record<string, string> = {};
  readonly upload = new EventTarget();

  constructor() {
    super();
    FakeRequest.last = this;
    FakeRequest.count += 1;
  }

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  send(body: FormData) {
    this.body = body;
  }

  abort() {
    this.dispatchEvent(new Event('abort'));
  }

  /** The server answers. */
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.dispatchEvent(new Event('load'));
  }

  progress(loaded: number, total: number) {
    const event = Object.assign(new Event('progress'), { loaded, total, lengthComputable: true });
    this.upload.dispatchEvent(event);
  }
}

function sent(): FakeRequest {
  if (!FakeRequest.last) throw new Error('no request was sent');
  return FakeRequest.last;
}

const STORED: UploadedMedia = {
  kind: 'file',
  id: '0b7c9a52-6a0e-4c7e-9d4f-1a2b3c4d5e6f',
  url: '/media/0b7c9a52-6a0e-4c7e-9d4f-1a2b3c4d5e6f/original.pdf',
  mimeType: 'application/pdf',
  size: 9,
  fileName: 'notes.pdf',
};

const pdf = () => new File(['%PDF-1.4\n'], 'notes.pdf', { type: 'application/pdf' });

beforeEach(() => {
  FakeRequest.last = null;
  FakeRequest.count = 0;
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('uploadMedia', () => {
  it('posts the kind, then the file, as multipart to the editor endpoint', async () => {
    const result = uploadMedia(pdf(), 'file');
    const request = sent();
    expect(request.method).toBe('POST');
    expect(request.url).toBe(MEDIA_UPLOAD_ENDPOINT);
    expect([...request.body!.keys()]).toEqual(['kind', 'file']);
    expect(request.body!.get('kind')).toBe('file');
    expect((request.body!.get('file') as File).name).toBe('notes.pdf');
    request.respond(201, STORED);
    await expect(result).resolves.toEqual(STORED);
  });

  it('refuses a file over the kind’s limit without sending anything', async () => {
    const big = { name: 'big.gif', size: UPLOAD_SIZE_LIMITS.gif + 1, type: 'image/gif' } as File;
    await expect(uploadMedia(big, 'gif')).rejects.toMatchObject({
      code: 'file-too-big',
      status: 0,
    });
    expect(FakeRequest.count).toBe(0);
  });

  it('reports upload progress', async () => {
    const onProgress = vi.fn();
    const result = uploadMedia(pdf(), 'file', { onProgress });
    sent().progress(50, 200);
    sent().respond(201, STORED);
    await result;
    expect(onProgress).toHaveBeenCalledWith({ loaded: 50, total: 200, fraction: 0.25 });
  });

  it.each([
    [
      413,
      { error: { code: 'file-too-big', message: 'x', fields: { file: 'too big' } } },
      'file-too-big',
    ],
    [429, { error: { code: 'file-upload-limited', message: 'x' } }, 'file-upload-limited'],
    [415, { error: { code: 'file-upload-failure', message: 'x' } }, 'file-upload-failure'],
    [413, '<html>proxy says no</html>', 'file-too-big'],
    [500, { error: { code: 'internal_error', message: 'x' } }, 'file-upload-failure'],
  ])('maps a %i reply to %s', async (status, body, code) => {
    const result = uploadMedia(pdf(), 'file');
    sent().respond(status, body);
    await expect(result).rejects.toMatchObject({ code, status });
  });

  it('keeps the server’s own code for a refusal that is not a file problem', async () => {
    const result = uploadMedia(pdf(), 'file');
    sent().respond(401, { error: { code: 'login-required', message: 'x' } });
    const error = await result.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UploadError);
    expect(error).toMatchObject({ code: 'file-upload-failure', serverCode: 'login-required' });
  });

  it('fails on a network error and on a success reply it cannot read', async () => {
    const failed = uploadMedia(pdf(), 'file');
    sent().dispatchEvent(new Event('error'));
    await expect(failed).rejects.toMatchObject({ code: 'file-upload-failure', status: 0 });
    const garbled = uploadMedia(pdf(), 'file');
    sent().respond(201, { id: 'not-a-uuid' });
    await expect(garbled).rejects.toMatchObject({ code: 'file-upload-failure', status: 201 });
  });

  it('rejects with an AbortError when aborted, before or during the upload', async () => {
    const controller = new AbortController();
    const result = uploadMedia(pdf(), 'file', { signal: controller.signal });
    controller.abort();
    await expect(result).rejects.toMatchObject({ name: 'AbortError' });
    const before = uploadMedia(pdf(), 'file', { signal: AbortSignal.abort() });
    await expect(before).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeRequest.count).toBe(1);
  });
});

describe('anti-forgery token', () => {
  beforeEach(() => {
    FakeRequest.last = null;
    vi.stubGlobal('XMLHttpRequest', FakeRequest);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the token in its header (decision 017)', async () => {
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    const upload = uploadMedia(file, 'image', { csrfToken: 'the-token' });
    expect(sent().headers['x-csrf-token']).toBe('the-token');
    sent().respond(500, {});
    await expect(upload).rejects.toBeInstanceOf(UploadError);
  });
});
