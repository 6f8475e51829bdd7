/**
 * The login page (SPEC §2 `/login`; issue 5): log in, sign up (`?mode=signup`, decision 007),
 * forgot password (`?mode=forgot`) and a new password from a reset link (`?token=`). Each form
 * posts to this route's action, which works without scripts; the action calls the accounts
 * service through the load context and, on success, continues to `next` (SPEC §4: the gated
 * action continues after logging in), a path of this site only (no open redirect).
 *
 * Every form carries the anti-forgery token (`_csrf`, decision 017), bound to the visitor id the
 * loader mints when the browser has none. The page is one visitor's: never cached.
 */
import { data, redirect, redirectDocument, useActionData, useLoaderData } from 'react-router';
import { AUTH_MODES, type AuthMode, authModeOf } from '../../domain/auth';
import { homeUrl, loginUrl } from '../../domain/routes';
import { safeNextPath } from '../../domain/session';
import { type LoginActionData, LoginPage } from '../auth/login-page';
import type { BlogHandle } from '../blog-shell';
import { BlogErrorBoundary } from '../components/blog-error';
import { translatorFor } from '../i18n';
import { privateHead } from '../seo/head';
import { headContextFor } from '../seo/head-site';
import { blogMeta } from '../seo/meta';
import type { Route } from './+types/login';

export const handle: BlogHandle = { mobileTitle: 'blog' };

function nextOf(raw: string | null, base: string): string {
  return safeNextPath(raw, homeUrl(base), loginUrl(base));
}

/** The form to show, where to continue, and the form's anti-forgery token. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const base = context.site.blogBase;
  const next = nextOf(url.searchParams.get('next'), base);
  const token = url.searchParams.get('token') ?? '';
  const mode = authModeOf(url.searchParams.get('mode'), token !== '');
  // Signed in already: go on to where the visitor was headed (a reset link still works).
  if (context.member && mode !== 'reset') throw redirect(next);
  return {
    mode,
    next,
    token,
    base,
    siteName: context.site.name,
    csrfToken: context.auth.csrfToken(),
    head: privateHead(
      headContextFor(context),
      translatorFor(context.language).t(`auth.meta.${mode}`),
    ),
  };
}

const STATUS: Record<NonNullable<LoginActionData['error']>, number> = {
  fields: 400,
  'invalid-credentials': 401,
  'email-taken': 409,
  'reset-token-invalid': 400,
  'too-many-attempts': 429,
};

/** Runs the form's intent; continues to `next` when it signed the visitor in. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const intent = field('intent') as AuthMode;
  if (!(AUTH_MODES as readonly string[]).includes(intent)) {
    throw data('Unknown form', { status: 400 });
  }
  const base = context.site.blogBase;
  const next = nextOf(field('next') || new URL(request.url).searchParams.get('next'), base);
  const values = { email: field('email'), name: field('name') };
  const { auth } = context;
  const result =
    intent === 'login'
      ? await auth.logIn({ email: values.email, password: field('password') })
      : intent === 'signup'
        ? await auth.signUp({ ...values, password: field('password') })
        : intent === 'forgot'
          ? await auth.requestReset({ email: values.email })
          : await auth.resetPassword({ token: field('token'), password: field('password') });
  if (result.ok && intent === 'forgot') {
    return { intent, error: null, problems: {}, values, isSent: true } satisfies LoginActionData;
  }
  // A whole page load: the next page is rendered with the reader's new view (decision 050).
  if (result.ok) throw redirectDocument(next);
  const answer: LoginActionData = {
    intent,
    error: result.error,
    problems: result.problems,
    retryAfterSeconds: result.retryAfterSeconds,
    values,
  };
  return data(answer, { status: STATUS[result.error] });
}

/** One visitor's page (its form carries their token): never stored. */
export function headers(): HeadersInit {
  return { 'cache-control': 'private, no-store' };
}

/** Title by form; never indexed. */
export function meta(args: Route.MetaArgs) {
  return blogMeta(args);
}

/** The page. */
export default function LoginRoute() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as LoginActionData | undefined;
  return <LoginPage {...loaded} answer={answer?.intent === loaded.mode ? answer : undefined} />;
}

/** Errors render inside the blog shell. */
export function ErrorBoundary() {
  return <BlogErrorBoundary />;
}
