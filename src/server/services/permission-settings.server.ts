/**
 * The permission facts of a blog's settings for one request (SPEC §1 "Site owners customise
 * layout and which items are shown, separately for desktop and mobile"; decision 008: the device
 * is the browser's). One home for the choice (issue 16 §4): likes, ratings, comments,
 * subscriptions and reports read the settings of the device the request came from, which is
 * what the page that offered the action read (the blog layout's and the post page's loaders).
 * Until issue 16, comments, subscriptions and reports read the desktop settings (decision 021),
 * so a phone could be refused what its page offered, or offered what the server refused.
 */
import type { PermissionSettings } from '../../domain/permissions';
import { type Device, permissionSettingsOf } from '../../domain/settings';
import type { SiteView } from '../../domain/views';
import type { WidgetSettingsService } from './widget-settings.server';

/** Reads the permission facts of a site's blog settings for a device. */
export type PermissionSettingsFor = (site: SiteView, device: Device) => Promise<PermissionSettings>;

/** The one reader of permission settings, on the widget settings service. */
export function createPermissionSettings(
  settings: Pick<WidgetSettingsService, 'getResolved'>,
): PermissionSettingsFor {
  return async (site, device) =>
    permissionSettingsOf(
      await settings.getResolved(site, 'blog', device),
      site.languages.length > 1,
    );
}
