import { describe, expect, it } from 'vitest';
import {
  authModeOf,
  emailProblem,
  loginProblems,
  memberNameProblem,
  newPasswordProblem,
  normalizeEmail,
  PASSWORD_MIN_LENGTH,
  resetPasswordProblems,
  signUpProblems,
} from './auth';

describe('identity form rules', () => {
  it('emails: trimmed and lowercased; one @ and a dotted domain', () => {
    expect(normalizeEmail('  Ada@Example.COM ')).toBe('ada@example.com');
    expect(emailProblem('')).toBe('required');
    expect(emailProblem('ada')).toBe('invalid');
    expect(emailProblem('ada@example')).toBe('invalid');
    expect(emailProblem('a b@example.com')).toBe('invalid');
    expect(emailProblem(`${'a'.repeat(250)}@example.com`)).toBe('tooLong');
    expect(emailProblem(' ada@example.com ')).toBeNull();
  });

  it('passwords: at least 8 characters, counted as characters', () => {
    expect(newPasswordProblem('')).toBe('required');
    expect(newPasswordProblem('a'.repeat(PASSWORD_MIN_LENGTH - 1))).toBe('tooShort');
    expect(newPasswordProblem('a'.repeat(PASSWORD_MIN_LENGTH))).toBeNull();
    // Seven emoji are fourteen UTF-16 units but seven characters.
    expect(newPasswordProblem('😀'.repeat(7))).toBe('tooShort');
    expect(newPasswordProblem('a'.repeat(201))).toBe('tooLong');
  });

  it('names: required, at most 60 characters', () => {
    expect(memberNameProblem('   ')).toBe('required');
    expect(memberNameProblem('x'.repeat(61))).toBe('tooLong');
    expect(memberNameProblem('Ada')).toBeNull();
  });

  it('sign-up names every bad field', () => {
    expect(signUpProblems({ email: 'x', password: 'short', name: '' })).toEqual({
      email: 'invalid',
      password: 'tooShort',
      name: 'required',
    });
    expect(signUpProblems({ email: 'a@b.co', password: 'long enough', name: 'A' })).toEqual({});
  });

  it('login checks presence only, never the password rules (no hints)', () => {
    expect(loginProblems({ email: '', password: '' })).toEqual({
      email: 'required',
      password: 'required',
    });
    expect(loginProblems({ email: 'a@b.co', password: 'x' })).toEqual({});
  });

  it('reset needs a token and a good new password', () => {
    expect(resetPasswordProblems({ token: ' ', password: 'x' })).toEqual({
      token: 'required',
      password: 'tooShort',
    });
  });

  it('the login page mode: a token means the reset form', () => {
    expect(authModeOf('signup', false)).toBe('signup');
    expect(authModeOf('bogus', false)).toBe('login');
    expect(authModeOf(null, false)).toBe('login');
    expect(authModeOf('signup', true)).toBe('reset');
  });
});
