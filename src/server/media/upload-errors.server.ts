/**
 * The SPEC §8 file codes as typed errors of the one errors module's family (DESIGN.md error
 * shape): the app's error handler turns each into `{ error: { code, message, fields? } }`.
 */
import { UPLOAD_SIZE_LIMITS, type UploadKind } from '../../domain/media-upload';
import { AppError } from '../errors.server';

/** 413 `file-too-big`: over the kind's size limit; `fields.file` names the limit. */
export class FileTooBigError extends AppError {
  constructor(kind: UploadKind | null, limitBytes = kind ? UPLOAD_SIZE_LIMITS[kind] : 0) {
    super(413, 'file-too-big', 'The file is too big', {
      file: `must be at most ${limitBytes} bytes`,
    });
  }
}

/** 429 `file-upload-limited`: the member's upload quota for the hour is used up. */
export class UploadLimitedError extends AppError {
  constructor(retryAfterSeconds: number) {
    super(429, 'file-upload-limited', 'Too many uploads; try again later', undefined, {
      retryAfter: retryAfterSeconds,
    });
  }
}

/**
 * 400 (or 415 for a type the kind does not take) `file-upload-failure`: no file, a file whose
 * bytes are not of an accepted type, or a corrupt image. `fields` says which part was wrong.
 */
export class UploadFailureError extends AppError {
  constructor(field: 'file' | 'kind', problem: string, status: 400 | 415 = 400) {
    super(status, 'file-upload-failure', 'The file could not be uploaded', { [field]: problem });
  }
}
