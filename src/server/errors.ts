/**
 * One errors module (CONVENTIONS "Server"): typed errors carry an HTTP status and a stable code;
 * the error handler turns them into `{ error: { code, message, fields? } }`.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
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
