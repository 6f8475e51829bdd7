/**
 * The widgets' stored settings (DESIGN.md "Settings"): sparse values per site, widget and device
 * in `widget_settings`, resolved against the table in `domain/settings`. Reads are memoised until
 * the site's next write; a save validates every key against its bounds and invalidates the site's
 * cached pages.
 */
import { and, eq } from 'drizzle-orm';
import {
  applySettingsPatch,
  type Device,
  type ResolvedSettings,
  resolveSettings,
  type StoredSettings,
  settingsPatchSchema,
} from '../../domain/settings';
import type { SiteView } from '../../domain/views';
import type { SiteGenerations, SiteMemo } from '../cache/generations.server';
import { writeSiteContent } from '../cache/site-write.server';
import type { Database } from '../db/connection.server';
import { widgetSettings } from '../db/schema.server';

/** The widgets that have settings. The Blog widget's table serves the list widgets too. */
export const WIDGETS = ['blog'] as const;
export type Widget = (typeof WIDGETS)[number];

export interface WidgetSettingsDeps {
  db: Database;
  memo: SiteMemo;
  generations: SiteGenerations;
}

/** Builds the settings service. */
export function createWidgetSettings({ db, memo, generations }: WidgetSettingsDeps) {
  /** What the site stored for a widget, both devices. */
  function getStored(siteId: string, widget: Widget): Promise<StoredSettings> {
    return memo.get(siteId, `settings:${widget}`, async () => {
      const rows = await db
        .select({ device: widgetSettings.device, values: widgetSettings.values })
        .from(widgetSettings)
        .where(
          and(
            eq(widgetSettings.siteId, siteId),
            eq(widgetSettings.widget, widget),
            eq(widgetSettings.state, 'published'),
          ),
        );
      return Object.fromEntries(rows.map((row) => [row.device, row.values])) as StoredSettings;
    });
  }

  /** Every setting of a widget for one device, defaults filled in. */
  function getResolved(site: SiteView, widget: Widget, device: Device): Promise<ResolvedSettings> {
    return memo.get(site.id, `resolved:${widget}:${device}`, async () =>
      resolveSettings(await getStored(site.id, widget), device),
    );
  }

  /**
   * Changes some settings of one device (`null` resets a key). Throws a ZodError naming each bad
   * key and its bound; nothing is stored then.
   */
  async function save(
    siteId: string,
    widget: Widget,
    device: Device,
    patch: unknown,
  ): Promise<StoredSettings> {
    const parsed = settingsPatchSchema(device).parse(patch);
    await writeSiteContent({ db, generations }, siteId, async (tx) => {
      const [current] = await tx
        .select({ values: widgetSettings.values })
        .from(widgetSettings)
        .where(
          and(
            eq(widgetSettings.siteId, siteId),
            eq(widgetSettings.widget, widget),
            eq(widgetSettings.device, device),
            eq(widgetSettings.state, 'published'),
          ),
        )
        .for('update');
      const values = applySettingsPatch(current?.values ?? {}, parsed);
      await tx
        .insert(widgetSettings)
        .values({ siteId, widget, device, values })
        .onConflictDoUpdate({
          target: [
            widgetSettings.siteId,
            widgetSettings.widget,
            widgetSettings.device,
            widgetSettings.state,
          ],
          set: { values, updatedAt: new Date() },
        });
    });
    return getStored(siteId, widget);
  }

  return { getStored, getResolved, save };
}

export type WidgetSettingsService = ReturnType<typeof createWidgetSettings>;
