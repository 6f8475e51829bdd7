/**
 * The builder editor's settings API (issue 7; decision 022), owners only (`can()`:
 * settings:edit, settings:publish), never cached, and like every state-changing /api route it
 * needs the anti-forgery token (decision 017).
 *
 *   GET   /editor/settings/:widget           the draft and the published values, both devices
 *   PATCH /editor/settings/:widget/:device   change the draft (a 400 names each key and bound)
 *   POST  /editor/settings/publish           { widget }: the draft goes live for visitors
 *   POST  /editor/settings/reset             { widget, device, tab }: one tab back to defaults
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DEVICES } from '../../domain/settings';
import { PANEL_TABS } from '../../domain/settings-panel';
import type { EditorSettingsService } from '../services/editor-settings.server';
import { WIDGETS } from '../services/widget-settings.server';

export interface EditorSettingsRoutesDeps {
  editorSettings: EditorSettingsService;
}

/** The widget a route names (params or body). */
export const WidgetSchema = z.object({ widget: z.enum(WIDGETS) });
/** The widget and the device a draft change is for. */
export const WidgetDeviceSchema = WidgetSchema.extend({ device: z.enum(DEVICES) });
/** `POST /editor/settings/reset`: a tab of one widget's device. */
export const ResetSchema = WidgetDeviceSchema.extend({ tab: z.enum(PANEL_TABS) });

/** Registers the routes under the caller's prefix (normally `/api`). */
export async function editorSettingsRoutes(
  app: FastifyInstance,
  { editorSettings }: EditorSettingsRoutesDeps,
) {
  app.get('/editor/settings/:widget', async (request) => {
    const site = await request.site;
    const actor = await request.actor;
    const { widget } = WidgetSchema.parse(request.params);
    return editorSettings.getForEditor(actor, site, widget);
  });

  app.patch('/editor/settings/:widget/:device', async (request) => {
    const site = await request.site;
    const actor = await request.actor;
    const { widget, device } = WidgetDeviceSchema.parse(request.params);
    return editorSettings.saveDraft(actor, site, widget, device, request.body ?? {});
  });

  app.post('/editor/settings/publish', async (request) => {
    const site = await request.site;
    const actor = await request.actor;
    const { widget } = WidgetSchema.parse(request.body ?? {});
    return editorSettings.publish(actor, site, widget);
  });

  app.post('/editor/settings/reset', async (request) => {
    const site = await request.site;
    const actor = await request.actor;
    const { widget, device, tab } = ResetSchema.parse(request.body ?? {});
    return editorSettings.resetTab(actor, site, widget, device, tab);
  });
}
