/**
 * One errors module (CONVENTIONS "Server"): typed errors carry an HTTP status and a stable code;
 * the error handler turns them into `{ error: { code, message, fields? } }`.
 */
import type { DenialReason } from '../domain/permissions';

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    /** Extra members of the error object the client needs (the current revision of a 409). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** 404 with a resource-specific code (`post_not_found`, `category_not_found`, ...). */
export class NotFoundError extends AppError {
  constructor(code: string, message = 'Not found') {
    super(404, code, message);
  }
}

/** 400 with the field paths that failed validation. */
export class ValidationError extends AppError {
  constructor(fields: Record<string, string>, message = 'Some fields are invalid') {
    super(400, 'validation_failed', message, fields);
  }
}

/** 400 whose code names the problem (`post_title_required`), with the field paths. */
export class FieldsError extends AppError {
  constructor(code: string, message: string, fields: Record<string, string>) {
    super(400, code, message, fields);
  }
}

/**
 * A refused action: 401 `login-required` for a logged-out visitor whom signing in could help,
 * otherwise 403 with the reason (`forbidden`, `join-community`, `disabled`, `demo_mode`) from
 * `whyNot`.
 */
export class PermissionError extends AppError {
  constructor(reason: DenialReason) {
    if (reason === 'login-required') super(401, reason, 'Log in to do this');
    else if (reason === 'demo_mode') super(403, reason, 'This is a demo site');
    else super(403, reason, 'You are not allowed to do this');
  }
}

/** 409 `edit-conflict`: the write started from an older revision than the stored one. */
export class EditConflictError extends AppError {
  constructor(currentRevision: number) {
    super(409, 'edit-conflict', 'Someone else changed this since you loaded it', undefined, {
      revision: currentRevision,
    });
  }
}
