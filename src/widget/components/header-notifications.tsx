/**
 * The header's notifications button (SPEC §2 "notifications button when logged in"; SPEC §6
 * "members see avatar menu and notifications"), in the desktop and the mobile header, for
 * signed-in members only. Every page of the blog carries this file's code, so it is only a lazy
 * mount (decision 009): the button itself (notifications/notifications-button.tsx), its panel,
 * words, API calls and live stream are chunks that load for members alone. The server renders
 * the button whole into the member's page; the browser hydrates it when its chunk arrives.
 */
import { lazy, Suspense } from 'react';
import { useRouteLoaderData } from 'react-router';

const NotificationsButton = lazy(() =>
  import('../notifications/notifications-button').then((m) => ({
    default: m.NotificationsButton,
  })),
);

/** What the blog layout's loader says about the reader (notifications: null for visitors). */
interface LayoutData {
  blog: { timeZone: string };
  notifications: { unread: number } | null;
}

/** The button for a signed-in member; nothing for anyone else. */
export function HeaderNotifications({ base }: { base: string }) {
  const layout = useRouteLoaderData('widget/routes/blog-layout') as LayoutData | undefined;
  if (!layout?.notifications) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsButton
        base={base}
        initialUnread={layout.notifications.unread}
        timeZone={layout.blog.timeZone}
      />
    </Suspense>
  );
}
