/**
 * The header's account area (SPEC §2 "login or profile area"; SPEC §6 "Visitors unauthenticated
 * see a sign-up button; members see avatar menu"; decision 007). A visitor gets Log In (desktop,
 * continuing to this page afterwards, SPEC §4) and Sign Up (mobile); a signed-in member the
 * profile area of profile-menu.tsx.
 *
 * Every blog page carries this module, and the feed's script budget has no room (decision 009):
 * the member's part is a lazy module. The server renders it in full (loaders wait for it), and
 * the browser hydrates it once its code has arrived, leaving the server's HTML in place until
 * then; a visitor's page never loads it.
 */
import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { homeUrl, loginUrl } from '../../domain/routes';
import { useTranslation } from '../i18n';
import { Personal, useReader } from '../reader/reader';
import { UserIcon } from './icons';

const ProfileMenu = lazy(() => import('./profile-menu').then((m) => ({ default: m.ProfileMenu })));

/**
 * Where logging in from this page continues: the page itself, but never the login page (whose
 * own `next` is kept instead, so its header's link does not send the visitor to log in and then
 * back to logging in), and nothing for the blog's home, where a login continues anyway.
 */
export function continueTo(base: string, pathname: string, search: string): { next?: string } {
  if (pathname === loginUrl(base)) {
    const next = new URLSearchParams(search).get('next');
    return next ? { next } : {};
  }
  const here = pathname + search;
  return here === homeUrl(base) ? {} : { next: here };
}

/**
 * The account area: for a visitor Log In (desktop) or Sign Up (mobile), for a member the profile
 * area.
 */
export function HeaderAccount(props: { base: string; variant: 'desktop' | 'mobile' }) {
  return (
    <Personal>
      <ReadersAccount {...props} />
    </Personal>
  );
}

function ReadersAccount({ base, variant }: { base: string; variant: 'desktop' | 'mobile' }) {
  const { t } = useTranslation();
  const { member } = useReader();
  const { pathname, search } = useLocation();
  if (member) {
    return (
      <Suspense>
        <ProfileMenu member={member} base={base} variant={variant} />
      </Suspense>
    );
  }
  const next = continueTo(base, pathname, search);
  if (variant === 'mobile') {
    return (
      <Link
        to={`${loginUrl(base)}?${new URLSearchParams({ mode: 'signup', ...next })}`}
        className="header-button header-button--primary header-signup"
      >
        {t('header.signUp')}
      </Link>
    );
  }
  return (
    <Link
      to={next.next ? `${loginUrl(base)}?${new URLSearchParams(next)}` : loginUrl(base)}
      className="header-button header-button--quiet header-login"
    >
      <UserIcon />
      <span className="header-button__text">{t('header.logIn')}</span>
    </Link>
  );
}
