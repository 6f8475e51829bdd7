/**
 * The builder editor's draft settings (issue 7; decision 022). The owner's changes go to draft
 * rows of `widget_settings` (state 'draft'), which visitors never read; publishing copies the
 * draft over the published rows in one transaction and bumps the site's generation, so cached
 * pages and memos drop at once (decision 002). A draft save does not bump: nothing a visitor sees
 * changed. The draft of a widget starts as a copy of both devices' published values the first
 * time it is changed, and is gone once published, so "unpublished changes" is "a draft exists
 * and differs".
 */
import { isDeepStrictEqual } from 'node:util';
import { and, eq, sql } from 'drizzle-orm';
import { type Actor, whyNot } from '../../domain/permissions';
import {
  applySettingsPatch,
  DEVICES,
  type Device,
  type ResolvedSettings,
  resolveSettings,
  type StoredSettings,
  settingsPatchSchema,
} from '../../domain/settings';
import { keysOfTab, type PanelTab } from '../../domain/settings-panel';
import type { SiteView } from '../../domain/views';
import type { SiteGenerations } from '../cache/generations.server';
import { writeSiteContent } from '../cache/site-write.server';
import type { Database } from '../db/connection.server';
import { widgetSettings } from '../db/schema.server';
import { PermissionError } from '../errors.server';
import type { Widget, WidgetSettingsService } from './widget-settings.server';

export interface EditorSettingsDeps {
  db: Database;
  settings: WidgetSettingsService;
  generations: SiteGenerations;
}

/** What the editor works on: the draft and the published values of both devices. */
export interface EditorSettingsView {
  draft: Record<Device, Record<string, unknown>>;
  published: Record<Device, Record<string, unknown>>;
  /** The draft differs from what visitors see. */
  hasUnpublishedChanges: boolean;
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

function bothDevices(stored: StoredSettings): Record<Device, Record<string, unknown>> {
  return { desktop: stored.desktop ?? {}, mobile: stored.mobile ?? {} };
}

/** Throws the refusal of a settings action (SPEC §6: owners). */
function authorize(actor: Actor, action: 'settings:edit' | 'settings:publish') {
  const refusal = whyNot(actor, action, {});
  if (refusal) throw new PermissionError(refusal);
}

/** The rows of one widget's draft or published state. */
function forState(siteId: string, widget: Widget, state: 'draft' | 'published') {
  return and(
    eq(widgetSettings.siteId, siteId),
    eq(widgetSettings.widget, widget),
    eq(widgetSettings.state, state),
  );
}

/** One state of a widget's settings, both devices; null when it has no rows. */
async function readState(
  executor: Database | Transaction,
  siteId: string,
  widget: Widget,
  state: 'draft' | 'published',
  isLocked = false,
): Promise<StoredSettings | null> {
  const query = executor
    .select({ device: widgetSettings.device, values: widgetSettings.values })
    .from(widgetSettings)
    .where(forState(siteId, widget, state));
  const rows = isLocked ? await query.for('update') : await query;
  if (rows.length === 0) return null;
  return Object.fromEntries(rows.map((row) => [row.device, row.values])) as StoredSettings;
}

/** Builds the editor's settings service. */
export function createEditorSettings({ db, settings, generations }: EditorSettingsDeps) {
  /** The draft as stored, or the published values when there is no draft. */
  async function draftOrPublished(siteId: string, widget: Widget): Promise<StoredSettings> {
    return (
      (await readState(db, siteId, widget, 'draft')) ?? (await settings.getStored(siteId, widget))
    );
  }

  /** The editor's view of a widget's settings (owners only). */
  async function getForEditor(
    actor: Actor,
    site: SiteView,
    widget: Widget,
  ): Promise<EditorSettingsView> {
    authorize(actor, 'settings:edit');
    const [draft, published] = await Promise.all([
      readState(db, site.id, widget, 'draft'),
      settings.getStored(site.id, widget),
    ]);
    const publishedBoth = bothDevices(published);
    const draftBoth = draft ? bothDevices(draft) : publishedBoth;
    return {
      draft: draftBoth,
      published: publishedBoth,
      hasUnpublishedChanges: !isDeepStrictEqual(draftBoth, publishedBoth),
    };
  }

  /**
   * Every setting of one device as the draft has it, for the editor's canvas and preview (the
   * page checks that the actor may edit settings before asking). Not memoised: only owners in
   * the editor read it, and a draft save must show at the next read.
   */
  async function getDraftResolved(
    site: SiteView,
    widget: Widget,
    device: Device,
  ): Promise<ResolvedSettings> {
    return resolveSettings(await draftOrPublished(site.id, widget), device);
  }

  /** Locks the widget's draft rows, first copying the published values when there are none. */
  async function lockDraft(tx: Transaction, siteId: string, widget: Widget) {
    const published = (await readState(tx, siteId, widget, 'published')) ?? {};
    await tx
      .insert(widgetSettings)
      .values(
        DEVICES.map((device) => ({
          siteId,
          widget,
          device,
          state: 'draft',
          values: published[device] ?? {},
        })),
      )
      .onConflictDoNothing();
    return bothDevices((await readState(tx, siteId, widget, 'draft', true)) ?? {});
  }

  async function writeDraft(
    tx: Transaction,
    siteId: string,
    widget: Widget,
    device: Device,
    values: Record<string, unknown>,
  ) {
    await tx
      .update(widgetSettings)
      .set({ values, updatedAt: new Date() })
      .where(and(forState(siteId, widget, 'draft'), eq(widgetSettings.device, device)));
  }

  /**
   * Changes some draft settings of one device (`null` resets a key). Throws a ZodError naming
   * each bad key and its bound; nothing is stored then. Visitors see no change.
   */
  async function saveDraft(
    actor: Actor,
    site: SiteView,
    widget: Widget,
    device: Device,
    patch: unknown,
  ): Promise<EditorSettingsView> {
    authorize(actor, 'settings:edit');
    const parsed = settingsPatchSchema(device).parse(patch);
    await db.transaction(async (tx) => {
      const draft = await lockDraft(tx, site.id, widget);
      await writeDraft(tx, site.id, widget, device, applySettingsPatch(draft[device], parsed));
    });
    return getForEditor(actor, site, widget);
  }

  /** Restores the defaults of one tab's settings in one device's draft. */
  async function resetTab(
    actor: Actor,
    site: SiteView,
    widget: Widget,
    device: Device,
    tab: PanelTab,
  ): Promise<EditorSettingsView> {
    authorize(actor, 'settings:edit');
    const patch = Object.fromEntries(keysOfTab(tab).map((key) => [key, null]));
    await db.transaction(async (tx) => {
      const draft = await lockDraft(tx, site.id, widget);
      await writeDraft(tx, site.id, widget, device, applySettingsPatch(draft[device], patch));
    });
    return getForEditor(actor, site, widget);
  }

  /**
   * Makes the draft live: its values replace the published ones of both devices and the draft
   * goes, in one transaction; then the site's cached pages drop (decision 002).
   */
  async function publish(actor: Actor, site: SiteView, widget: Widget) {
    authorize(actor, 'settings:publish');
    const didPublish = await writeSiteContent(
      { db, generations },
      site.id,
      async (tx) => {
        const draft = await readState(tx, site.id, widget, 'draft', true);
        if (!draft) return false;
        for (const device of DEVICES) {
          const values = draft[device] ?? {};
          await tx
            .insert(widgetSettings)
            .values({ siteId: site.id, widget, device, state: 'published', values })
            .onConflictDoUpdate({
              target: [
                widgetSettings.siteId,
                widgetSettings.widget,
                widgetSettings.device,
                widgetSettings.state,
              ],
              set: { values, updatedAt: sql`now()` },
            });
        }
        await tx.delete(widgetSettings).where(forState(site.id, widget, 'draft'));
        return true;
      },
      { didChange: (published) => published },
    );
    return { ...(await getForEditor(actor, site, widget)), didPublish };
  }

  return { getForEditor, getDraftResolved, saveDraft, resetTab, publish };
}

export type EditorSettingsService = ReturnType<typeof createEditorSettings>;
