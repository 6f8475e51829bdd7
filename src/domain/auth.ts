/**
 * Sign-up, login and password reset input (issue 5 identity): the field rules the login page and
 * the API share (CONVENTIONS: a limit is stated once). Each rule gives a problem code per field;
 * the API words it in English (`fields`), the login page translates it (`auth.problems.*`).
 */
import { z } from 'zod';
import { safeText } from './text-input';

/** Shortest password accepted (NIST SP 800-63B: at least 8 characters). */
export const PASSWORD_MIN_LENGTH = 8;
/** Longest password accepted: long passphrases welcome, unbounded hashing work not. */
export const PASSWORD_MAX_LENGTH = 200;
/** RFC 5321: an address is at most 254 characters. */
export const EMAIL_MAX_LENGTH = 254;
/** Longest member name (it sits beside a 52 px avatar in the header, SPEC §9). */
export const MEMBER_NAME_MAX_LENGTH = 60;
/** Longest a raw field may be before it is refused unread. */
const RAW_FIELD_MAX_LENGTH = 2000;

/** The fields of the identity forms. */
export type AuthField = 'email' | 'password' | 'name' | 'token';

/** Why a field is refused. */
export type FieldProblem = 'required' | 'invalid' | 'tooShort' | 'tooLong' | 'taken';

/** Problems by field; an empty object when the input is good. */
export type FieldProblems = Partial<Record<AuthField, FieldProblem>>;

/** How an email address is stored and compared: trimmed, lowercased. */
export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

/** A name as stored: trimmed, runs of white space as one space. */
export function normalizeMemberName(raw: string): string {
  return raw.replace(/\s+/g, ' ').trim();
}

// One @, something before it, a dot in the domain, no spaces: what a form can check. Whether the
// address receives mail only a mail can tell.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Why an email address is refused, or null. */
export function emailProblem(raw: string): FieldProblem | null {
  const email = normalizeEmail(raw);
  if (email === '') return 'required';
  if (email.length > EMAIL_MAX_LENGTH) return 'tooLong';
  if (!EMAIL_SHAPE.test(email)) return 'invalid';
  return null;
}

/** Why a new password is refused, or null. Counted in characters, not UTF-16 units. */
export function newPasswordProblem(raw: string): FieldProblem | null {
  if (raw === '') return 'required';
  const length = [...raw].length;
  if (length < PASSWORD_MIN_LENGTH) return 'tooShort';
  if (length > PASSWORD_MAX_LENGTH) return 'tooLong';
  return null;
}

/** Why a member name is refused, or null. */
export function memberNameProblem(raw: string): FieldProblem | null {
  const name = normalizeMemberName(raw);
  if (name === '') return 'required';
  if ([...name].length > MEMBER_NAME_MAX_LENGTH) return 'tooLong';
  return null;
}

function collect(entries: [AuthField, FieldProblem | null][]): FieldProblems {
  const problems: FieldProblems = {};
  for (const [field, problem] of entries) if (problem) problems[field] = problem;
  return problems;
}

const text = () => safeText().max(RAW_FIELD_MAX_LENGTH).default('');

/** `POST /api/auth/signup` and the sign-up form. */
export const SignUpSchema = z.object({ email: text(), password: text(), name: text() });
export type SignUp = z.infer<typeof SignUpSchema>;

/** The sign-up form's problems. */
export function signUpProblems(input: SignUp): FieldProblems {
  return collect([
    ['name', memberNameProblem(input.name)],
    ['email', emailProblem(input.email)],
    ['password', newPasswordProblem(input.password)],
  ]);
}

/** `POST /api/auth/login` and the login form. */
export const LoginSchema = z.object({ email: text(), password: text() });
export type Login = z.infer<typeof LoginSchema>;

/**
 * The login form's problems: only what is missing or cannot be an address. A wrong password is
 * not a field problem: wrong address and wrong password get one message (no account probing).
 */
export function loginProblems(input: Login): FieldProblems {
  const email = emailProblem(input.email);
  return collect([
    ['email', email === 'tooLong' ? 'invalid' : email],
    ['password', input.password === '' ? 'required' : null],
  ]);
}

/** `POST /api/auth/password-reset`: ask for a reset link. */
export const ResetRequestSchema = z.object({ email: text() });
export type ResetRequest = z.infer<typeof ResetRequestSchema>;

/** The forgot-password form's problems. */
export function resetRequestProblems(input: ResetRequest): FieldProblems {
  return collect([['email', emailProblem(input.email)]]);
}

/** `POST /api/auth/password-reset/confirm`: a new password with the emailed (logged) token. */
export const ResetPasswordSchema = z.object({ token: text(), password: text() });
export type ResetPassword = z.infer<typeof ResetPasswordSchema>;

/** The reset form's problems (a token that does not work is the service's to say). */
export function resetPasswordProblems(input: ResetPassword): FieldProblems {
  return collect([
    ['token', input.token.trim() === '' ? 'required' : null],
    ['password', newPasswordProblem(input.password)],
  ]);
}

/** The API's English wording of each problem (the page translates the codes instead). */
export const PROBLEM_MESSAGES: Record<FieldProblem, string> = {
  required: 'is required',
  invalid: 'is not valid',
  tooShort: `must be at least ${PASSWORD_MIN_LENGTH} characters`,
  tooLong: 'is too long',
  taken: 'is already registered',
};

/** Which form the login page shows (`?mode=`, SPEC §2 /login; decision 007 `mode=signup`). */
export const AUTH_MODES = ['login', 'signup', 'forgot', 'reset'] as const;
export type AuthMode = (typeof AUTH_MODES)[number];

/** The mode a query asks for; a `token` means the reset form whatever the mode says. */
export function authModeOf(mode: string | null, hasToken: boolean): AuthMode {
  if (hasToken) return 'reset';
  return (AUTH_MODES as readonly string[]).includes(mode ?? '') ? (mode as AuthMode) : 'login';
}

/**
 * What an identity form's submission came to, for the login page (the API answers with HTTP
 * errors instead): done, bad fields, or a refusal with its code.
 */
export type AuthFormResult =
  | { ok: true }
  | {
      ok: false;
      error:
        | 'fields'
        | 'invalid-credentials'
        | 'email-taken'
        | 'reset-token-invalid'
        | 'too-many-attempts';
      problems: FieldProblems;
      /** With `too-many-attempts`: when to try again. */
      retryAfterSeconds?: number;
    };
