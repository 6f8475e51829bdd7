/**
 * The widget settings API. Reading is public: the settings only shape what the public pages show.
 * Changing them belongs to owners through the editor (the editor and members issues add that
 * route with its permission check); until then the only writer is the test-only route below,
 * which exists only when the server runs with ENABLE_TEST_ROUTES=true (the e2e suite).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DEVICES, resolveSettings } from '../../domain/settings';
import { WIDGETS, type WidgetSettingsService } from '../services/widget-settings.server';

export interface SettingsRoutesDeps {
  settings: WidgetSettingsService;
  /** Registers the unauthenticated write route for browser tests. Never on in production. */
  withTestRoutes?: boolean;
}

/** `/widget-settings/:widget`. */
export const WidgetParamsSchema = z.object({ widget: z.enum(WIDGETS) });
/** `/test/widget-settings/:widget/:device`. */
export const WidgetDeviceParamsSchema = WidgetParamsSchema.extend({ device: z.enum(DEVICES) });

/** Registers the settings routes under the caller's prefix (normally `/api`). */
export async function settingsRoutes(
  app: FastifyInstance,
  { settings, withTestRoutes = false }: SettingsRoutesDeps,
) {
  app.get('/widget-settings/:widget', async (request) => {
    const site = await request.site;
    const { widget } = WidgetParamsSchema.parse(request.params);
    const stored = await settings.getStored(site.id, widget);
    return {
      stored: { desktop: stored.desktop ?? {}, mobile: stored.mobile ?? {} },
      resolved: {
        desktop: resolveSettings(stored, 'desktop'),
        mobile: resolveSettings(stored, 'mobile'),
      },
    };
  });

  if (withTestRoutes) {
    app.put('/test/widget-settings/:widget/:device', async (request) => {
      const site = await request.site;
      const { widget, device } = WidgetDeviceParamsSchema.parse(request.params);
      const stored = await settings.save(site.id, widget, device, request.body ?? {});
      return { stored: { desktop: stored.desktop ?? {}, mobile: stored.mobile ?? {} } };
    });
  }
}
