/**
 * The blog's own settings (issue 18 § Blog settings), owners (`blog:edit`):
 *
 *   GET   /dashboard/settings   → BlogSettingsView (domain/blog-settings)
 *   PATCH /dashboard/settings   BlogSettingsPatch (any subset) → BlogSettingsView
 *
 * A value out of bounds is 400 `validation_failed` naming the field (`fields.postsPerPage`,
 * `fields['share.print']`); a demo site refuses a change with 403 `demo_mode` unless it switches
 * demo mode off. Registered with `{ noStore: true, auth: 'member' }`: visitors get 401.
 */
import type { FastifyInstance } from 'fastify';
import { BlogSettingsPatchSchema } from '../../domain/blog-settings';
import type { BlogSettingsService } from '../services/blog-settings.server';

export interface DashboardSettingsRoutesDeps {
  blogSettings: BlogSettingsService;
}

/** Registers the blog settings routes under the caller's prefix (normally `/api`). */
export async function dashboardSettingsRoutes(
  app: FastifyInstance,
  { blogSettings }: DashboardSettingsRoutesDeps,
) {
  app.get('/dashboard/settings', async (request) =>
    blogSettings.get(await request.actor, await request.site),
  );

  app.patch('/dashboard/settings', async (request) => {
    const patch = BlogSettingsPatchSchema.parse(request.body ?? {});
    return blogSettings.update(await request.actor, await request.site, patch);
  });
}
