/**
 * The login page's forms (routes/login.tsx): one card with the form of the mode, each field's
 * problem beside it (`aria-invalid`, `aria-describedby`), a refusal above the fields, and what
 * was typed kept (React Router's `<Form>` leaves the inputs alone; without scripts the server
 * fills the email and the name back in). The first field with a problem takes the focus.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Form, Link, useLocation, useNavigation } from 'react-router';
import authEn from '../../../locales/auth/en.json';
import {
  type AuthField,
  type AuthFormResult,
  type AuthMode,
  type FieldProblem,
  type FieldProblems,
  MEMBER_NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../../domain/auth';
import { homeUrl, loginUrl } from '../../domain/routes';
import { CSRF_FIELD } from '../../domain/session';
import { addNamespace } from '../../rich-content/i18n';
import { useTranslation } from '../i18n';
import '../styles/auth.css';
import { LineIcon } from '../components/line-icon';
import { loginPurposeOf } from '../components/login-required';

// The page's words travel with it (locales/auth), not with every page of the blog.
addNamespace('auth', authEn);

/** What a failed submission tells the form: the refusal, each field's problem, what was typed. */
export interface LoginActionData {
  intent: AuthMode;
  error: Exclude<AuthFormResult, { ok: true }>['error'] | null;
  problems: FieldProblems;
  retryAfterSeconds?: number;
  /** What was typed (never the password). */
  values: { email: string; name: string };
  /** The reset link was asked for. */
  isSent?: boolean;
}

export interface LoginPageProps {
  mode: AuthMode;
  next: string;
  token: string;
  base: string;
  siteName: string;
  csrfToken: string;
  /** What the last submission of this form came to. */
  answer?: LoginActionData;
}

/** The login page with `params` (`mode`, `next`). */
function pageUrl(base: string, params: Record<string, string>): string {
  const query = new URLSearchParams(Object.entries(params).filter(([, value]) => value !== ''));
  const text = query.toString();
  return text ? `${loginUrl(base)}?${text}` : loginUrl(base);
}

interface FieldProps {
  name: AuthField;
  label: string;
  type: 'text' | 'email' | 'password';
  autoComplete: string;
  defaultValue?: string;
  problem: FieldProblem | undefined;
  hint?: string;
  fieldRef?: React.Ref<HTMLInputElement>;
}

/** A labelled input with its hint and its problem beside it. */
function Field({
  name,
  label,
  type,
  autoComplete,
  defaultValue,
  problem,
  hint,
  fieldRef,
}: FieldProps) {
  const { t } = useTranslation();
  const id = `${useId()}-${name}`;
  const message = problem
    ? t(`auth.problems.${name}.${problem}`, {
        min: PASSWORD_MIN_LENGTH,
        max: name === 'name' ? MEMBER_NAME_MAX_LENGTH : PASSWORD_MAX_LENGTH,
      })
    : null;
  const describedBy = [message ? `${id}-error` : null, hint ? `${id}-hint` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={`auth-field${message ? ' auth-field--invalid' : ''}`}>
      <label className="auth-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        ref={fieldRef}
        id={id}
        className="auth-field__input"
        name={name}
        type={type}
        autoComplete={autoComplete}
        defaultValue={defaultValue}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy || undefined}
        spellCheck={type === 'text' ? undefined : false}
        autoCapitalize={type === 'text' ? undefined : 'none'}
      />
      {hint && !message ? (
        <p className="auth-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {message ? (
        <p className="auth-field__error" id={`${id}-error`}>
          <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <circle cx="12" cy="12" r="10" fill="currentColor" />
            <path d="M12 7v6M12 16.5v.5" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
          </svg>
          {message}
        </p>
      ) : null}
    </div>
  );
}

/** The refusal above the fields (wrong credentials, too many attempts, a dead reset link). */
function FormAlert({
  answer,
  base,
  alertRef,
}: {
  answer: LoginActionData;
  base: string;
  alertRef: React.Ref<HTMLDivElement>;
}) {
  const { t } = useTranslation();
  const { error } = answer;
  if (!error || error === 'fields' || error === 'email-taken') return null;
  // A slow-down asks for seconds, a throttle for minutes (decision 028): the wait as it is.
  const seconds = Math.max(1, Math.ceil(answer.retryAfterSeconds ?? 60));
  const wait =
    seconds < 60
      ? t('auth.errors.tooManyAttemptsSeconds', { count: seconds })
      : t('auth.errors.tooManyAttempts', { count: Math.ceil(seconds / 60) });
  return (
    <div className="auth-alert" role="alert" tabIndex={-1} ref={alertRef}>
      {error === 'invalid-credentials' ? t('auth.errors.invalidCredentials') : null}
      {error === 'too-many-attempts' ? wait : null}
      {error === 'reset-token-invalid' ? (
        <>
          {t('auth.errors.resetTokenInvalid')}{' '}
          <Link to={pageUrl(base, { mode: 'forgot' })}>{t('auth.errors.resetTokenAgain')}</Link>
        </>
      ) : null}
    </div>
  );
}

/** The page: a card with the form of the mode. */
export function LoginPage({
  mode,
  next,
  token,
  base,
  siteName,
  csrfToken,
  answer,
}: LoginPageProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const isPending =
    navigation.state === 'submitting' && navigation.formData?.get('intent') === mode;
  const problems = answer?.problems ?? {};
  const firstField = useRef<HTMLInputElement>(null);
  const alert = useRef<HTMLDivElement>(null);
  const nextParam = next === homeUrl(base) ? '' : next;
  // Sent here by a login-required screen: what needs logging in (issue 23), for the login form;
  // kept through a refused submission, whose answer comes without the entry's state.
  const { state } = useLocation();
  const [sentFor] = useState(() => loginPurposeOf(state));
  const purpose = mode === 'login' ? sentFor : null;

  // After a refused submission, focus goes where the problem is.
  useEffect(() => {
    if (!answer || answer.isSent) return;
    if (alert.current) {
      alert.current.focus();
      return;
    }
    const invalid = document.querySelector<HTMLInputElement>('.auth-card [aria-invalid="true"]');
    (invalid ?? firstField.current)?.focus();
  }, [answer]);

  if (mode === 'forgot' && answer?.isSent) {
    return (
      <section className="auth-card" aria-labelledby="auth-title">
        <div className="auth-card__badge" aria-hidden="true">
          <LineIcon size={26} strokeWidth={1.8}>
            <rect x="3" y="5" width="18" height="14" rx="2" />
            <path d="m3 7 9 6 9-6" />
          </LineIcon>
        </div>
        <h1 className="auth-card__title" id="auth-title">
          {t('auth.sent.title')}
        </h1>
        <p className="auth-card__intro" role="status">
          {t('auth.sent.text', { email: answer.values.email.trim() })}
        </p>
        <p className="auth-card__note">{t('auth.sent.demo')}</p>
        <p className="auth-card__switch">
          <Link to={pageUrl(base, { next: nextParam })}>{t('auth.switch.backToLogin')}</Link>
        </p>
      </section>
    );
  }

  const isNewPassword = mode === 'signup' || mode === 'reset';
  return (
    <section className="auth-card" aria-labelledby="auth-title">
      <p className="auth-card__site">{siteName}</p>
      <h1 className="auth-card__title" id="auth-title">
        {purpose ? purpose.title : t(`auth.title.${mode}`)}
      </h1>
      <p className="auth-card__intro">
        {purpose ? purpose.description : t(`auth.intro.${mode}`, { site: siteName })}
      </p>
      {answer ? <FormAlert answer={answer} base={base} alertRef={alert} /> : null}
      <Form method="post" className="auth-form" noValidate key={mode}>
        <input type="hidden" name={CSRF_FIELD} value={csrfToken} />
        <input type="hidden" name="intent" value={mode} />
        <input type="hidden" name="next" value={next} />
        {mode === 'reset' ? <input type="hidden" name="token" value={token} /> : null}
        {mode === 'signup' ? (
          <Field
            name="name"
            label={t('auth.field.name')}
            type="text"
            autoComplete="name"
            defaultValue={answer?.values.name}
            problem={problems.name}
            fieldRef={firstField}
          />
        ) : null}
        {mode !== 'reset' ? (
          <Field
            name="email"
            label={t('auth.field.email')}
            type="email"
            autoComplete={mode === 'signup' ? 'email' : 'username'}
            defaultValue={answer?.values.email}
            problem={problems.email}
            fieldRef={mode === 'signup' ? undefined : firstField}
          />
        ) : null}
        {mode === 'reset' && problems.token ? (
          <p className="auth-alert" role="alert">
            {t('auth.problems.token.required')}
          </p>
        ) : null}
        {mode !== 'forgot' ? (
          <Field
            name="password"
            label={t(mode === 'reset' ? 'auth.field.newPassword' : 'auth.field.password')}
            type="password"
            autoComplete={isNewPassword ? 'new-password' : 'current-password'}
            problem={problems.password}
            hint={
              isNewPassword ? t('auth.field.passwordHint', { min: PASSWORD_MIN_LENGTH }) : undefined
            }
            fieldRef={mode === 'reset' ? firstField : undefined}
          />
        ) : null}
        {mode === 'login' ? (
          <p className="auth-form__forgot">
            <Link to={pageUrl(base, { mode: 'forgot', next: nextParam })}>
              {t('auth.switch.forgot')}
            </Link>
          </p>
        ) : null}
        <button
          type="submit"
          className="button button--primary auth-form__submit"
          disabled={isPending}
          aria-busy={isPending || undefined}
        >
          {t(isPending ? `auth.pending.${mode}` : `auth.submit.${mode}`)}
        </button>
      </Form>
      <p className="auth-card__switch">
        {mode === 'login' ? (
          <>
            {t('auth.switch.toSignup')}{' '}
            <Link to={pageUrl(base, { mode: 'signup', next: nextParam })}>
              {t('auth.switch.toSignupLink')}
            </Link>
          </>
        ) : mode === 'signup' ? (
          <>
            {t('auth.switch.toLogin')}{' '}
            <Link to={pageUrl(base, { next: nextParam })}>{t('auth.switch.toLoginLink')}</Link>
          </>
        ) : (
          <Link to={pageUrl(base, { next: nextParam })}>{t('auth.switch.backToLogin')}</Link>
        )}
      </p>
    </section>
  );
}
