/**
 * The member's profile area in the header (header-account.tsx loads it): avatar (SPEC §9 header
 * avatar 52 px; 32 px in the mobile header's 56 px row), name on desktop, and the profile
 * dropdown (SPEC §4 "toggles on click, flips upward without room below, shifts right on
 * overflow", by domain/placement) with who is signed in, My profile (their own profile page),
 * My posts, Create post when the member may, and Log out. Logging out goes through the API with the anti-forgery token, then loads the
 * blog's home afresh (every page on screen was rendered for the member).
 */
import { useState } from 'react';
import profileMenuEn from '../../../locales/profile-menu/en.json';
import { MY_POSTS_PATH } from '../../domain/my-posts';
import {
  BUILDER_PATH,
  createPostUrl,
  DASHBOARD_PATH,
  homeUrl,
  MEMBER_PREFERENCES_PATH,
} from '../../domain/routes';
import type { SessionMemberView } from '../../domain/session';
import { addNamespace } from '../../rich-content/i18n';
import { apiFetch } from '../api-client';
import { useTranslation } from '../i18n';
import { ChevronIcon, PlusIcon, UserIcon } from './icons';
import { LineIcon } from './line-icon';
import { type MenuItem, MoreOptionsMenu } from './more-options-menu';
import { Avatar } from './post-meta';

// The menu's words travel with it (locales/profile-menu), not with every page.
addNamespace('profile-menu', profileMenuEn);

/** Where logging out is sent. */
export const LOGOUT_URL = '/api/auth/logout';

/** SPEC §9: the header avatar. */
const HEADER_AVATAR = { desktop: 52, mobile: 32 } as const;

/** A page with lines, for My posts (the person is My profile's). */
function PostsIcon() {
  return (
    <LineIcon size={18}>
      <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
      <path d="M14 3v5h5M9 13h6M9 17h4" />
    </LineIcon>
  );
}

/** Four panes, for the dashboard. */
function DashboardIcon() {
  return (
    <LineIcon size={18}>
      <rect x="3" y="3" width="7" height="9" rx="1.5" />
      <rect x="14" y="3" width="7" height="5" rx="1.5" />
      <rect x="14" y="12" width="7" height="9" rx="1.5" />
      <rect x="3" y="16" width="7" height="5" rx="1.5" />
    </LineIcon>
  );
}

/** A globe, for the member's preferences (their language above all). */
function GlobeIcon() {
  return (
    <LineIcon size={18}>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
    </LineIcon>
  );
}

/** A pen, for customising the blog in the builder's editor. */
function BrushIcon() {
  return (
    <LineIcon size={18}>
      <path d="M12 20h9" />
      <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z" />
    </LineIcon>
  );
}

function LogOutIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 17l-5-5 5-5M5 12h11"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The profile button and its dropdown. */
export function ProfileMenu({
  member,
  base,
  variant,
}: {
  member: SessionMemberView;
  base: string;
  variant: 'desktop' | 'mobile';
}) {
  const { t } = useTranslation();
  const [isLeaving, setLeaving] = useState(false);

  async function handleLogOut() {
    setLeaving(true);
    try {
      await apiFetch(LOGOUT_URL, { method: 'POST' });
    } finally {
      // A full load: nothing rendered for the member stays on screen or in the router's data.
      window.location.assign(homeUrl(base));
    }
  }

  const items: MenuItem[] = [
    // Their profile's address comes built by the server (actor.server.ts), as authors' links do:
    // a URL builder here would add a chunk to what the feed's lazy import lists (decision 009).
    ...(member.link
      ? [
          {
            id: 'my-profile',
            label: t('profileMenu.myProfile'),
            icon: <UserIcon />,
            href: member.link,
          },
        ]
      : []),
    { id: 'my-posts', label: t('profileMenu.myPosts'), icon: <PostsIcon />, href: MY_POSTS_PATH },
    ...(member.canCreatePost
      ? [
          {
            id: 'create-post',
            label: t('profileMenu.createPost'),
            icon: <PlusIcon />,
            href: createPostUrl(base),
          },
        ]
      : []),
    // Issue 17: the management side, for members who may manage (the dashboard) and owners (the
    // builder's editor, where the blog's look is customised).
    ...(member.canOpenDashboard
      ? [
          {
            id: 'dashboard',
            label: t('profileMenu.dashboard'),
            icon: <DashboardIcon />,
            href: DASHBOARD_PATH,
          },
        ]
      : []),
    // Issue 22: the member's own preferences (their dashboard and editors' language) live in
    // the dashboard, so the members who may open it find them here, the post editor included.
    ...(member.canOpenDashboard
      ? [
          {
            id: 'preferences',
            label: t('profileMenu.preferences'),
            icon: <GlobeIcon />,
            href: MEMBER_PREFERENCES_PATH,
          },
        ]
      : []),
    ...(member.canCustomizeBlog
      ? [
          {
            id: 'customize-blog',
            label: t('profileMenu.customizeBlog'),
            icon: <BrushIcon />,
            href: BUILDER_PATH,
          },
        ]
      : []),
    {
      id: 'log-out',
      label: t(isLeaving ? 'profileMenu.loggingOut' : 'profileMenu.logOut'),
      icon: <LogOutIcon />,
      onSelect: () => void handleLogOut(),
    },
  ];
  return (
    <MoreOptionsMenu
      items={items}
      label={t('header.accountMenu', { name: member.name })}
      className={`header-profile header-profile--${variant}`}
      trigger={
        <>
          <Avatar member={member} size={HEADER_AVATAR[variant]} />
          {variant === 'desktop' ? (
            <>
              <span className="header-profile__name">{member.name}</span>
              <ChevronIcon direction="down" />
            </>
          ) : null}
        </>
      }
      heading={
        <>
          <span className="menu__heading-label">{t('profileMenu.signedInAs')}</span>
          <span className="menu__heading-name">{member.name}</span>
          {member.isBlocked ? (
            <span className="menu__heading-note">{t('profileMenu.blocked')}</span>
          ) : null}
        </>
      }
    />
  );
}
