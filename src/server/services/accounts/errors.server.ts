/** The identity endpoints' refusals (issue 5; decision 017). */
import { type FieldProblems, PROBLEM_MESSAGES } from '../../../domain/auth';
import { AppError } from '../../errors.server';

/** A bad field of an identity form: 400 (409 for an address already registered). */
export class AuthFieldsError extends AppError {
  constructor(
    readonly problems: FieldProblems,
    status = 400,
    code = 'validation_failed',
  ) {
    const fields = Object.fromEntries(
      Object.entries(problems).map(([field, problem]) => [field, PROBLEM_MESSAGES[problem]]),
    );
    super(status, code, 'Some fields are invalid', fields);
  }
}

/** A wrong address or a wrong password: one error for both, so neither tells which (401). */
export class InvalidCredentialsError extends AppError {
  constructor() {
    super(401, 'invalid_credentials', 'The email or the password is wrong');
  }
}

/** A reset token that is unknown, used or expired (400, field `token`). */
export class ResetTokenError extends AppError {
  constructor() {
    super(400, 'reset_token_invalid', 'This reset link is not valid any more', {
      token: 'is not valid any more',
    });
  }
}

/** Too many attempts: 429 with when to try again. */
export class TooManyAttemptsError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'too_many_attempts', 'Too many attempts; try again later', undefined, {
      retryAfterSeconds,
    });
  }
}

/** Refuses with 400 naming each bad field, if any. */
export function refuseProblems(problems: FieldProblems): void {
  if (Object.keys(problems).length > 0) throw new AuthFieldsError(problems);
}
