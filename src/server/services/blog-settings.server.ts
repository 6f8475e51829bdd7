/**
 * The blog's own settings (issue 18 § Blog settings; decision 040): owners read and change the
 * blog's name, description, logo, language, time zone, comment switches, share channels, members
 * area, demo mode, posts per page, category prefix and default SEO texts.
 *
 * Site-level values are columns of the `sites` row. The others are the Blog widget's settings,
 * the values the builder's Settings tab edits: a save here writes them to the published rows of
 * both devices and, when the builder holds an unpublished draft, to the draft too, so publishing
 * that draft later does not undo this page's change (decision 022's draft stays a draft of the
 * rest). Every save runs in `writeSiteContent`, so the site's generation moves: cached pages,
 * memoised settings and the request context's site lookup drop at once.
 */
import { and, eq } from 'drizzle-orm';
import {
  BLOG_SETTINGS_DEVICES,
  type BlogLogoView,
  type BlogSettingsPatch,
  type BlogSettingsView,
  mobileDifferences,
  nextFormerCategoryPaths,
  widgetBackedValues,
  widgetPatchOf,
} from '../../domain/blog-settings';
import { mediaUrl } from '../../domain/media';
import { type Actor, whyNot } from '../../domain/permissions';
import { applySettingsPatch, type Device, resolveSettings } from '../../domain/settings';
import type { SiteView } from '../../domain/views';
import type { SiteGenerations } from '../cache/generations.server';
import { type SiteWriteTransaction, writeSiteContent } from '../cache/site-write.server';
import type { Database } from '../db/connection.server';
import { type MediaRef, media, sites, widgetSettings } from '../db/schema.server';
import { NotFoundError, PermissionError, ValidationError } from '../errors.server';
import type { Widget } from './widget-settings.server';

export interface BlogSettingsDeps {
  db: Database;
  generations: SiteGenerations;
}

const WIDGET: Widget = 'blog';
type Executor = Database | SiteWriteTransaction;
type WidgetState = 'published' | 'draft';

/** The logo as pages show it: a served width of the image, never wider than it is. */
export function logoViewOf(logo: Pick<MediaRef, 'id' | 'width' | 'height'> | null) {
  if (!logo) return null;
  const view: BlogLogoView = {
    id: logo.id,
    url: mediaUrl(logo.id, 320),
    width: logo.width,
    height: logo.height,
  };
  return view;
}

/** Throws unless the actor may edit the blog (SPEC §1: owners). */
function authorize(actor: Actor): void {
  const refusal = whyNot(actor, 'blog:edit', {});
  if (refusal) throw new PermissionError(refusal);
}

/** The Blog widget's stored rows of both states, by state and device. */
async function widgetRows(executor: Executor, siteId: string, isLocked = false) {
  const query = executor
    .select({
      state: widgetSettings.state,
      device: widgetSettings.device,
      values: widgetSettings.values,
    })
    .from(widgetSettings)
    .where(and(eq(widgetSettings.siteId, siteId), eq(widgetSettings.widget, WIDGET)));
  const rows = isLocked ? await query.for('update') : await query;
  const byState: Record<WidgetState, Partial<Record<Device, Record<string, unknown>>>> = {
    published: {},
    draft: {},
  };
  for (const row of rows) {
    byState[row.state as WidgetState][row.device as Device] = row.values as Record<string, unknown>;
  }
  return byState;
}

async function siteRow(executor: Executor, siteId: string, isLocked = false) {
  const query = executor.select().from(sites).where(eq(sites.id, siteId)).limit(1);
  const [row] = isLocked ? await query.for('update') : await query;
  if (!row) throw new NotFoundError('site_not_found', 'The site is gone');
  return row;
}

async function viewOf(executor: Executor, siteId: string): Promise<BlogSettingsView> {
  const [row, stored] = await Promise.all([
    siteRow(executor, siteId),
    widgetRows(executor, siteId),
  ]);
  const desktop = resolveSettings(stored.published, 'desktop');
  const mobile = resolveSettings(stored.published, 'mobile');
  return {
    values: {
      name: row.name,
      description: row.description,
      logo: logoViewOf(row.logo),
      language: row.language,
      timeZone: row.timeZone,
      holdFirstComments: row.holdFirstComments,
      demoMode: row.demoMode,
      categoryPath: row.categoryPath,
      seoTitle: row.seoTitle,
      seoDescription: row.seoDescription,
      postUrlShape: row.postUrlShape,
      feedItemCount: row.feedItemCount,
      feedContent: row.feedContent,
      ...widgetBackedValues(desktop),
    },
    mobile: mobileDifferences(desktop, mobile),
    hasBuilderDraft: Object.keys(stored.draft).length > 0,
  };
}

/** The page's values (owners only). */
export async function getBlogSettings(
  deps: BlogSettingsDeps,
  actor: Actor,
  site: SiteView,
): Promise<BlogSettingsView> {
  authorize(actor);
  return viewOf(deps.db, site.id);
}

/** The logo an owner picked: an image uploaded to this blog (any of its writers' uploads). */
async function logoRef(tx: SiteWriteTransaction, siteId: string, mediaId: string) {
  const [row] = await tx
    .select({ id: media.id, width: media.width, height: media.height })
    .from(media)
    .where(and(eq(media.siteId, siteId), eq(media.id, mediaId), eq(media.kind, 'image')))
    .limit(1);
  if (!row) throw new ValidationError({ logoMediaId: 'is not an image uploaded to this blog' });
  return row;
}

/** Writes the widget-backed values to every device of one state of the Blog widget. */
async function writeWidgetState(
  tx: SiteWriteTransaction,
  siteId: string,
  state: WidgetState,
  current: Partial<Record<Device, Record<string, unknown>>>,
  patch: Record<string, boolean | number>,
) {
  for (const device of BLOG_SETTINGS_DEVICES) {
    const values = applySettingsPatch(current[device] ?? {}, patch);
    await tx
      .insert(widgetSettings)
      .values({ siteId, widget: WIDGET, device, state, values })
      .onConflictDoUpdate({
        target: [
          widgetSettings.siteId,
          widgetSettings.widget,
          widgetSettings.device,
          widgetSettings.state,
        ],
        set: { values, updatedAt: new Date() },
      });
  }
}

/**
 * Changes the fields the patch names (validated by `BlogSettingsPatchSchema`). A demo site
 * refuses every change (403 `demo_mode`) except one that switches demo mode off: that is how its
 * owner leaves it. One transaction: the site row (locked, so two saves do not interleave) and the
 * widget's published rows, and its draft rows when the builder has some.
 */
export async function updateBlogSettings(
  deps: BlogSettingsDeps,
  actor: Actor,
  site: SiteView,
  patch: BlogSettingsPatch,
): Promise<BlogSettingsView> {
  authorize(actor);
  await writeSiteContent(deps, site.id, async (tx) => {
    const row = await siteRow(tx, site.id, true);
    const isLeavingDemo = row.demoMode && patch.demoMode === false;
    const refusal = whyNot(actor, 'blog:edit', {
      site: { isDemoMode: row.demoMode && !isLeavingDemo },
    });
    if (refusal) throw new PermissionError(refusal);

    const changes: Partial<typeof sites.$inferInsert> = {};
    if (patch.name !== undefined) changes.name = patch.name;
    if (patch.description !== undefined) changes.description = patch.description;
    if (patch.language !== undefined) changes.language = patch.language;
    if (patch.timeZone !== undefined) changes.timeZone = patch.timeZone;
    if (patch.holdFirstComments !== undefined) changes.holdFirstComments = patch.holdFirstComments;
    if (patch.demoMode !== undefined) changes.demoMode = patch.demoMode;
    if (patch.seoTitle !== undefined) changes.seoTitle = patch.seoTitle;
    if (patch.seoDescription !== undefined) changes.seoDescription = patch.seoDescription;
    if (patch.postUrlShape !== undefined) changes.postUrlShape = patch.postUrlShape;
    if (patch.feedItemCount !== undefined) changes.feedItemCount = patch.feedItemCount;
    if (patch.feedContent !== undefined) changes.feedContent = patch.feedContent;
    if (patch.logoMediaId !== undefined) {
      changes.logo =
        patch.logoMediaId === null
          ? null
          : row.logo?.id === patch.logoMediaId
            ? row.logo
            : await logoRef(tx, site.id, patch.logoMediaId);
    }
    if (patch.categoryPath !== undefined && patch.categoryPath !== row.categoryPath) {
      changes.categoryPath = patch.categoryPath;
      changes.formerCategoryPaths = nextFormerCategoryPaths(
        row.formerCategoryPaths,
        row.categoryPath,
        patch.categoryPath,
      );
    }
    if (Object.keys(changes).length > 0) {
      await tx.update(sites).set(changes).where(eq(sites.id, site.id));
    }

    const widgetPatch = widgetPatchOf(patch);
    if (Object.keys(widgetPatch).length > 0) {
      const stored = await widgetRows(tx, site.id, true);
      await writeWidgetState(tx, site.id, 'published', stored.published, widgetPatch);
      // The builder's unpublished draft takes the same values, or its Publish would undo them.
      if (Object.keys(stored.draft).length > 0) {
        await writeWidgetState(tx, site.id, 'draft', stored.draft, widgetPatch);
      }
    }
  });
  return viewOf(deps.db, site.id);
}

/** Builds the blog settings service. */
export function createBlogSettings(deps: BlogSettingsDeps) {
  return {
    get: (actor: Actor, site: SiteView) => getBlogSettings(deps, actor, site),
    update: (actor: Actor, site: SiteView, patch: BlogSettingsPatch) =>
      updateBlogSettings(deps, actor, site, patch),
  };
}

export type BlogSettingsService = ReturnType<typeof createBlogSettings>;
