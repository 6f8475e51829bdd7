/**
 * The header's notifications button (SPEC §2 "notifications button when logged in"; SPEC §6
 * "members see avatar menu and notifications"), in the desktop and the mobile header, for
 * signed-in members only. Every page of the blog carries this file's code, so it is only a lazy
 * mount (decision 009): the button itself (notifications/notifications-button.tsx), its panel,
 * words, API calls and live stream are chunks that load for members alone. The server renders
 * the button whole into the member's page; the browser hydrates it when its chunk arrives.
 */
import { lazy, Suspense } from 'react';
import { Personal, useReader } from '../reader/reader';
import { useBlog } from '../use-blog';

const NotificationsButton = lazy(() =>
  import('../notifications/notifications-button').then((m) => ({
    default: m.NotificationsButton,
  })),
);

/** The button for a signed-in member; nothing for anyone else. */
function ReadersNotifications({ base }: { base: string }) {
  const { notifications } = useReader();
  const { blog } = useBlog();
  if (!notifications) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsButton
        base={base}
        initialUnread={notifications.unread}
        timeZone={blog.timeZone}
      />
    </Suspense>
  );
}

/** The reader's part of the header (decision 050). */
export function HeaderNotifications({ base }: { base: string }) {
  return (
    <Personal>
      <ReadersNotifications base={base} />
    </Personal>
  );
}
