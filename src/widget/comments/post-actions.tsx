/**
 * The post page's more-options menu (SPEC §6 post actions, §4 more-options menu, §8 toasts): subscribe
 * to the post's comments, follow the blog, edit, pin, duplicate, revert to draft, print, turn
 * commenting off or on, report, delete. Each shows when `whyNot` allows it, asks a visitor to log
 * in when logging in could allow it (SPEC §4), and stays for a private member whose press explains
 * why (SPEC §6 join community). The comments below follow the commenting switch at once. The
 * management actions (pin to delete) are post-manage/use-post-management.tsx's.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { GateReason } from '../../domain/engagement';
import {
  type Actor,
  type PermissionSettings,
  type PostAction,
  type PostFacts,
  postActions,
  whyNotPostAction,
} from '../../domain/permissions';
import { homeUrl, postEditUrl } from '../../domain/routes';
import { type MenuItem, MoreOptionsMenu } from '../components/more-options-menu';
import { useToast } from '../components/toasts';
import { useGatedAction } from '../engagement/gated-action';
import { useTranslation } from '../i18n';
import { usePostManagement } from '../post-manage/use-post-management';
import { setCommentsEnabled } from './comments-api';
import { switchComments, useCommentsOff, useSwitchOfThisPage } from './comments-switch';
import {
  BellIcon,
  BellOffIcon,
  CommentOffIcon,
  CommentOnIcon,
  DuplicateIcon,
  EditIcon,
  FlagIcon,
  FollowIcon,
  FollowingIcon,
  PinIcon,
  PrintIcon,
  TrashIcon,
  UnpublishIcon,
} from './menu-icons';
import { useFollow, useReport } from './use-engagement-actions';

export interface PostActionsProps {
  post: PostFacts & { id: string; slug: string; title: string; isPinned: boolean };
  viewer: Actor;
  settings: PermissionSettings;
  blog: { id: string; name: string };
  /** What the member follows when the page was made. */
  following: { post: boolean; blog: boolean };
  loginHref: string;
  base: string;
  /** A demo site (SPEC §4): members' gated actions open the demo-mode modal. */
  isDemoMode: boolean;
}

/**
 * Whether an entry shows: allowed, a private member's (the join-community popup), a demo site's
 * (its modal), or a visitor's (log in first).
 */
const isOffered = (reason: GateReason | null) =>
  reason === null ||
  reason === 'join-community' ||
  reason === 'login-required' ||
  reason === 'demo_mode';

/**
 * The post's commenting switch as the menu turns it (SPEC §6 toggle-comments, §8 toasts): off or
 * on through the API, the comments below following at once; a demo site opens its modal instead.
 */
function useCommentsToggle(post: { id: string; isCommentsDisabled: boolean }, isDemoMode: boolean) {
  const { t } = useTranslation();
  const { show } = useToast();
  const gatedAction = useGatedAction();
  const isOff = useCommentsOff(post.id, post.isCommentsDisabled);
  useSwitchOfThisPage(post.id);
  const toggle = async () => {
    if (isDemoMode) {
      gatedAction.refused('demo_mode', {
        actionKey: 'post:toggle-comments',
        perform: () => undefined,
      });
      return;
    }
    const result = await setCommentsEnabled(post.id, isOff);
    if (!result.ok) {
      show({ kind: 'error', message: t('comments.toast.toggleFailed') });
      return;
    }
    switchComments(post.id, result.value.isCommentsDisabled);
    show({
      kind: 'info',
      message: t(
        result.value.isCommentsDisabled ? 'comments.toast.disabledToast' : 'comments.toast.enabled',
      ),
    });
  };
  return { isOff, toggle };
}

/**
 * The "⋯" menu of the post. Which entries show is `postActions()` of domain/permissions.ts, the
 * one table the server's rules share; subscribe and report keep their refusal
 * (`whyNotPostAction`) since a visitor's entry asks to log in and a demo site's opens its modal.
 * The menu's order is its own (SPEC §4 more-options menu), not `POST_ACTIONS`'.
 */
export function PostActions(props: PostActionsProps) {
  const { t } = useTranslation();
  const follow = useFollow();
  const report = useReport();
  const gatedAction = useGatedAction();
  const [followsPost, setFollowsPost] = useState(props.following.post);
  const [followsBlog, setFollowsBlog] = useState(props.following.blog);
  const [isPinned, setPinned] = useState(props.post.isPinned);
  const manage = usePostManagement(props.base);
  const navigate = useNavigate();
  const comments = useCommentsToggle(props.post, props.isDemoMode);
  const { post, viewer, settings } = props;
  const offered = new Set<PostAction>(postActions(viewer, post, settings));
  const refusal = (action: 'subscribe' | 'report') =>
    whyNotPostAction(viewer, action, post, settings, { isDemoMode: props.isDemoMode });

  /**
   * Runs `action`, or asks what it needs first (SPEC §4, §6): a visitor's entry is a link to the
   * login page that comes back here; the others go through the gated-action pieces.
   */
  const gated = (
    reason: GateReason | null,
    actionKey: string,
    action: () => unknown,
  ): Pick<MenuItem, 'href' | 'onSelect'> =>
    reason === 'login-required'
      ? { href: props.loginHref }
      : { onSelect: () => gatedAction.run({ reason, actionKey, perform: action }) };

  const items: MenuItem[] = [];
  const subscribeRefusal = refusal('subscribe');
  if (isOffered(subscribeRefusal)) {
    items.push({
      id: 'subscribe',
      label: t(followsPost ? 'subscribe.postOff' : 'subscribe.post'),
      icon: followsPost ? <BellOffIcon /> : <BellIcon />,
      ...gated(subscribeRefusal, 'post:subscribe', async () => {
        setFollowsPost(await follow('post', post.id, !followsPost));
      }),
    });
    items.push({
      id: 'follow-blog',
      label: t(followsBlog ? 'subscribe.blogOff' : 'subscribe.blog', { name: props.blog.name }),
      icon: followsBlog ? <FollowingIcon /> : <FollowIcon />,
      ...gated(subscribeRefusal, 'blog:follow', async () => {
        setFollowsBlog(await follow('blog', props.blog.id, !followsBlog, props.blog.name));
      }),
    });
  }
  if (offered.has('edit')) {
    items.push({
      id: 'edit',
      label: t('postActions.edit'),
      icon: <EditIcon />,
      href: postEditUrl(props.base, post.slug),
    });
  }
  if (offered.has('pin')) {
    items.push({
      id: 'pin',
      label: t(isPinned ? 'postManage.unpin' : 'postManage.pin'),
      icon: <PinIcon isStruck={isPinned} />,
      onSelect: async () => {
        const pinned = await manage.pin(post, !isPinned);
        if (pinned !== null) setPinned(pinned);
      },
    });
  }
  if (offered.has('duplicate')) {
    items.push({
      id: 'duplicate',
      label: t('postManage.duplicate'),
      icon: <DuplicateIcon />,
      onSelect: () => manage.duplicate(post),
    });
  }
  if (offered.has('revert-to-draft')) {
    items.push({
      id: 'unpublish',
      label: t('postManage.unpublish'),
      icon: <UnpublishIcon />,
      // No longer a page for readers: the draft goes on in the editor.
      onSelect: () =>
        manage.unpublish(post, () => navigate(postEditUrl(props.base, post.id), { replace: true })),
    });
  }
  if (offered.has('print')) {
    items.push({
      id: 'print',
      label: t('postActions.print'),
      icon: <PrintIcon />,
      onSelect: () => window.print(),
    });
  }
  if (offered.has('toggle-comments')) {
    items.push({
      id: 'toggle-comments',
      label: t(comments.isOff ? 'postActions.enableComments' : 'postActions.disableComments'),
      icon: comments.isOff ? <CommentOnIcon /> : <CommentOffIcon />,
      onSelect: comments.toggle,
    });
  }
  const reportRefusal = refusal('report');
  if (isOffered(reportRefusal)) {
    items.push({
      id: 'report',
      label: t('report.post'),
      icon: <FlagIcon />,
      ...gated(reportRefusal, 'post:report', () => report('post', post.id)),
    });
  }
  if (offered.has('delete')) {
    items.push({
      id: 'delete',
      label: t('postManage.delete'),
      icon: <TrashIcon />,
      // The page is gone: back to the blog, whose list no longer has the post.
      onSelect: () => manage.remove(post, () => navigate(homeUrl(props.base), { replace: true })),
    });
  }
  return <MoreOptionsMenu items={items} label={t('postActions.label')} className="post-actions" />;
}
