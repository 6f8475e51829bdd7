import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applySettingsPatch,
  DEVICES,
  DISPLAY_TOGGLES,
  defaultFor,
  defaultTitleLines,
  FEED_LAYOUTS,
  feedSettingsView,
  layoutKey,
  permissionSettingsOf,
  resolveSettings,
  SETTINGS,
  type SettingDefinition,
  type SettingValue,
  settingDefinition,
  settingsPatchSchema,
  settingValueProblem,
} from './settings';

function bounds(key: string) {
  const definition = settingDefinition(key);
  if (definition?.type !== 'Number') throw new Error(`${key} is not a Number setting`);
  return { min: definition.min, max: definition.max };
}

/** An arbitrary valid value of a definition. */
function validValue(definition: SettingDefinition): fc.Arbitrary<SettingValue> {
  switch (definition.type) {
    case 'Number':
      return fc.integer({ min: definition.min, max: definition.max });
    case 'Boolean':
      return fc.boolean();
    case 'Color':
      return fc
        .array(fc.integer({ min: 0, max: 15 }), { minLength: 6, maxLength: 6 })
        .map((digits) => `#${digits.map((d) => d.toString(16)).join('')}`);
    case 'Font':
      return fc.record({
        family: fc.constantFrom('sans', 'serif', 'mono', 'rounded' as const),
        size: fc.integer({ min: 10, max: 72 }),
      });
    case 'String':
      return definition.options
        ? fc.constantFrom(...definition.options)
        : fc.string({ maxLength: definition.maxLength ?? 100 });
  }
}

describe('the settings table', () => {
  it('has each key once', () => {
    const keys = SETTINGS.map((s) => s.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('has defaults that fit their own definitions on both devices', () => {
    for (const definition of SETTINGS) {
      for (const device of DEVICES) {
        expect(
          settingValueProblem(definition, defaultFor(definition, device)),
          `${definition.key} on ${device}`,
        ).toBeNull();
      }
    }
  });

  it('states the SPEC §5 bounds', () => {
    expect(bounds('feed.postsPerPage')).toEqual({ min: 1, max: 50 });
    expect(bounds('postList.entityCount')).toEqual({ min: 1, max: 50 });
    expect(defaultFor(settingDefinition('postList.entityCount')!, 'desktop')).toBe(3);
    expect(bounds('feed.pro-gallery.sliderPauseSeconds')).toEqual({ min: 1, max: 10 });
    expect(bounds('feed.pro-gallery.sliderArrowSize')).toEqual({ min: 6, max: 180 });
    expect(bounds('categoryLabel.fontSize')).toEqual({ min: 10, max: 24 });
    expect(bounds('categoryLabel.paddingVertical')).toEqual({ min: 0, max: 100 });
    expect(bounds('categoryLabel.cornerRadius')).toEqual({ min: 0, max: 100 });
    expect(bounds('categoryLabel.borderWidth')).toEqual({ min: 0, max: 10 });
    expect(bounds(layoutKey('grid', 'spacing'))).toEqual({ min: 0, max: 100 });
    expect(bounds(layoutKey('grid', 'itemSize'))).toEqual({ min: 150, max: 1000 });
    expect(bounds(layoutKey('grid', 'cardsPerRow'))).toEqual({ min: 1, max: 5 });
    expect(bounds(layoutKey('pro-gallery', 'infoSize'))).toEqual({ min: 0, max: 700 });
    expect(bounds(layoutKey('one-column', 'sidesPadding'))).toEqual({ min: 0, max: 100 });
    expect(bounds(layoutKey('list', 'margins'))).toEqual({ min: 0, max: 100 });
    expect(bounds(layoutKey('masonry', 'titleLines'))).toEqual({ min: 1, max: 6 });
    expect(bounds(layoutKey('masonry', 'descriptionLines'))).toEqual({ min: 1, max: 8 });
    expect(bounds(layoutKey('side-by-side', 'imageProportions'))).toEqual({ min: 20, max: 80 });
    expect(bounds(layoutKey('mobile-side-by-side', 'imageProportions'))).toEqual({
      min: 20,
      max: 60,
    });
  });

  it('states the SPEC §9 defaults', () => {
    const desktop = resolveSettings({}, 'desktop');
    const mobile = resolveSettings({}, 'mobile');
    expect(desktop[layoutKey('grid', 'spacing')]).toBe(32);
    expect(desktop[layoutKey('grid', 'itemSize')]).toBe(292);
    expect(desktop[layoutKey('medium', 'itemSize')]).toBe(454);
    expect(desktop[layoutKey('side-by-side', 'sidesPadding')]).toBe(36);
    expect(desktop[layoutKey('one-column', 'sidesPadding')]).toBe(48);
    expect(desktop[layoutKey('magazine', 'overlayOpacity')]).toBe(55);
    expect(desktop[layoutKey('grid', 'cardsPerRow')]).toBe(3);
    expect(desktop[layoutKey('grid', 'contentHeightMode')]).toBe('manual');
    expect(desktop['feed.paginationType']).toBe('infinite');
    expect(desktop['feed.pro-gallery.sliderAutoSlide']).toBe(false);
    expect(mobile['feed.pro-gallery.sliderAutoSlide']).toBe(true);
    expect(desktop['feed.pro-gallery.sliderPauseSeconds']).toBe(4);
    expect(desktop['feed.pro-gallery.sliderArrowSize']).toBe(18);
    expect(desktop['display.categoryLabel']).toBe(false);
    for (const name of DISPLAY_TOGGLES.filter(
      (n) => n !== 'categoryLabel' && n !== 'updatedDate',
    )) {
      expect(desktop[`display.${name}`], name).toBe(true);
    }
    expect(desktop['share.print']).toBe(false);
    expect(desktop['share.pinterest']).toBe(false);
    expect(desktop['share.facebook']).toBe(true);
    expect(desktop['categoryLabel.paddingHorizontal']).toBe(12);
    expect(desktop['categoryLabel.paddingVertical']).toBe(6);
    expect(desktop['tags.spacing']).toBe(8);
    expect(desktop['comments.enabled']).toBe(true);
    expect(desktop['comments.ratingsEnabled']).toBe(false);
  });

  it('gives every layout the parameters its editor panel shows', () => {
    for (const layout of FEED_LAYOUTS) {
      const { params } = feedSettingsView(
        resolveSettings({ desktop: { 'feed.layout': layout } }, 'desktop')['feed.layout'] === layout
          ? resolveSettings({ desktop: { 'feed.layout': layout } }, 'desktop')
          : resolveSettings({ mobile: { 'feed.layout': layout } }, 'mobile'),
      );
      for (const name of [
        'spacing',
        'sidesPadding',
        'margins',
        'titleLines',
        'descriptionLines',
        'contentAlignment',
        'borderWidth',
        'cornerRadius',
      ]) {
        expect(params[name], `${layout}.${name}`).toBeDefined();
      }
    }
  });
});

describe('settingsPatchSchema', () => {
  const desktop = settingsPatchSchema('desktop');

  it('accepts known keys within their bounds and null as a reset', () => {
    const patch = { 'feed.grid.spacing': 0, 'display.tags': false, 'feed.list.margins': null };
    expect(desktop.parse(patch)).toEqual(patch);
  });

  it('rejects a value out of bounds, naming the key and the bound', () => {
    const result = desktop.safeParse({ 'feed.grid.spacing': 101 });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: ['feed.grid.spacing'],
        message: 'must be between 0 and 100',
      }),
    ]);
  });

  it('rejects unknown keys, wrong types, fractions, bad colours, fonts and options', () => {
    const cases: Record<string, unknown>[] = [
      { 'feed.nope': 1 },
      { 'feed.grid.spacing': '10' },
      { 'feed.grid.spacing': 1.5 },
      { 'feed.grid.spacing': Number.NaN },
      { 'display.tags': 'yes' },
      { 'design.titleColor': 'red' },
      { 'design.titleColor': '#12345' },
      { 'design.titleFont': { family: 'comic', size: 20 } },
      { 'design.titleFont': { family: 'serif', size: 200 } },
      { 'feed.paginationType': 'endless' },
      { 'feed.allPostsLabel': 'x'.repeat(121) },
    ];
    for (const patch of cases) {
      expect(desktop.safeParse(patch).success, JSON.stringify(patch)).toBe(false);
    }
  });

  it('keeps mobile layouts off desktop', () => {
    expect(desktop.safeParse({ 'feed.layout': 'mobile-list' }).success).toBe(false);
    expect(settingsPatchSchema('mobile').safeParse({ 'feed.layout': 'mobile-list' }).success).toBe(
      true,
    );
  });

  it('accepts any valid value of any setting (property)', () => {
    const definitions = SETTINGS.filter((s) => s.key !== 'feed.layout');
    fc.assert(
      fc.property(
        fc.constantFrom(...definitions).chain((d) => validValue(d).map((v) => [d.key, v] as const)),
        ([key, value]) => {
          expect(desktop.safeParse({ [key]: value }).success).toBe(true);
          const resolved = resolveSettings({ desktop: { [key]: value } }, 'desktop');
          expect(resolved[key]).toEqual(value);
        },
      ),
    );
  });
});

describe('resolveSettings', () => {
  it('uses stored values and ignores values that no longer fit', () => {
    const resolved = resolveSettings(
      { desktop: { 'feed.grid.spacing': 12, 'feed.grid.cardsPerRow': 9, 'feed.layout': 'list' } },
      'desktop',
    );
    expect(resolved['feed.grid.spacing']).toBe(12);
    expect(resolved['feed.grid.cardsPerRow']).toBe(3);
    expect(resolved['feed.layout']).toBe('list');
  });

  it('keeps desktop and mobile apart', () => {
    const stored = {
      desktop: { 'feed.layout': 'masonry' },
      mobile: { 'feed.layout': 'mobile-list' },
    };
    expect(resolveSettings(stored, 'desktop')['feed.layout']).toBe('masonry');
    expect(resolveSettings(stored, 'mobile')['feed.layout']).toBe('mobile-list');
    expect(resolveSettings({}, 'mobile')['feed.layout']).toBe('mobile-side-by-side');
  });

  it('falls back to the default when a mobile layout is stored for desktop', () => {
    expect(
      resolveSettings({ desktop: { 'feed.layout': 'mobile-list' } }, 'desktop')['feed.layout'],
    ).toBe('grid');
  });

  it('shows on mobile what desktop shows until mobile is customised (SPEC §9)', () => {
    const desktopOnly = {
      desktop: { 'display.viewCount': false },
      mobile: { 'display.tags': false },
    };
    expect(resolveSettings(desktopOnly, 'mobile')['display.viewCount']).toBe(false);
    expect(resolveSettings(desktopOnly, 'mobile')['display.tags']).toBe(true);
    const customised = {
      desktop: { 'display.viewCount': false },
      mobile: { 'display.mobileCustomised': true, 'display.tags': false },
    };
    expect(resolveSettings(customised, 'mobile')['display.viewCount']).toBe(true);
    expect(resolveSettings(customised, 'mobile')['display.tags']).toBe(false);
  });

  it('clamps titles to 3 lines from a 24 px font, else 4, unless the owner chose (SPEC §9)', () => {
    expect(defaultTitleLines(24)).toBe(3);
    expect(defaultTitleLines(23)).toBe(4);
    expect(resolveSettings({}, 'desktop')['feed.grid.titleLines']).toBe(3);
    expect(resolveSettings({}, 'mobile')['feed.mobile-list.titleLines']).toBe(4);
    const small = { desktop: { 'design.titleFont': { family: 'sans', size: 18 } } };
    expect(resolveSettings(small, 'desktop')['feed.grid.titleLines']).toBe(4);
    const chosen = { desktop: { ...small.desktop, 'feed.grid.titleLines': 2 } };
    expect(resolveSettings(chosen, 'desktop')['feed.grid.titleLines']).toBe(2);
  });
});

describe('applySettingsPatch', () => {
  it('sets values and removes reset keys', () => {
    expect(applySettingsPatch({ a: 1, b: 2 }, { b: null, c: true })).toEqual({ a: 1, c: true });
  });
});

describe('feedSettingsView', () => {
  it('carries only the chosen layout parameters', () => {
    const view = feedSettingsView(
      resolveSettings({ desktop: { 'feed.layout': 'pro-gallery' } }, 'desktop'),
    );
    expect(view.layout).toBe('pro-gallery');
    expect(view.params.sliderPauseSeconds).toBe(4);
    expect(view.params.galleryType).toBe('grid');
    expect(Object.keys(view.params).every((name) => !name.includes('.'))).toBe(true);
    expect(view.pagination).toEqual({ type: 'infinite', postsPerPage: 20, capAt100: false });
    expect(view.display.categoryLabel).toBe(false);
    expect(view.header.showSearch).toBe(true);
  });

  it('is computed once per resolved object, and anew for new settings', () => {
    const resolved = resolveSettings({ desktop: { 'feed.layout': 'list' } }, 'desktop');
    expect(feedSettingsView(resolved)).toBe(feedSettingsView(resolved));
    const changed = resolveSettings({ desktop: { 'feed.layout': 'grid' } }, 'desktop');
    expect(feedSettingsView(changed).layout).toBe('grid');
  });
});

describe('the theme (SPEC §1)', () => {
  it('is the default (facelift) theme unless the responsive switch is on', () => {
    for (const device of DEVICES) {
      expect(feedSettingsView(resolveSettings({}, device)).theme).toBe('facelift');
    }
    expect(settingDefinition('theme.responsive')).toMatchObject({
      type: 'Boolean',
      default: false,
      isSiteLevel: true,
    });
  });

  it('is one switch for the whole site: both devices follow the desktop row', () => {
    const on = { desktop: { 'theme.responsive': true }, mobile: { 'theme.responsive': false } };
    for (const device of DEVICES) {
      expect(resolveSettings(on, device)['theme.responsive']).toBe(true);
      expect(feedSettingsView(resolveSettings(on, device)).theme).toBe('responsive');
    }
    // A value stored with mobile alone changes nothing.
    const mobileOnly = { mobile: { 'theme.responsive': true } };
    expect(feedSettingsView(resolveSettings(mobileOnly, 'mobile')).theme).toBe('facelift');
  });

  it('is refused by the API unless it is a boolean written to desktop', () => {
    const desktop = settingsPatchSchema('desktop');
    expect(desktop.safeParse({ 'theme.responsive': 'yes' }).success).toBe(false);
    expect(desktop.safeParse({ 'theme.responsive': true }).success).toBe(true);
    const mobile = settingsPatchSchema('mobile').safeParse({ 'theme.responsive': true });
    expect(mobile.success).toBe(false);
    expect(mobile.error?.issues[0]?.path).toEqual(['theme.responsive']);
    // Resetting it is harmless from either device.
    expect(settingsPatchSchema('mobile').safeParse({ 'theme.responsive': null }).success).toBe(
      true,
    );
  });
});

describe('permissionSettingsOf', () => {
  it('reads the rules’ switches from the resolved settings (SPEC §6)', () => {
    expect(permissionSettingsOf(resolveSettings({}, 'desktop'), false)).toEqual({
      commentsEnabled: true,
      anonymousLikesEnabled: true,
      socialSharingEnabled: true,
      memberAreaInstalled: true,
      isMultilingual: false,
      ratingsEnabled: false,
    });
    const changed = resolveSettings(
      {
        desktop: {
          'likes.anonymousEnabled': false,
          'comments.ratingsEnabled': true,
          'share.facebook': false,
          'share.twitter': false,
          'share.linked-in': false,
          'share.link': false,
        },
      },
      'desktop',
    );
    const settings = permissionSettingsOf(changed, true);
    expect(settings.anonymousLikesEnabled).toBe(false);
    expect(settings.ratingsEnabled).toBe(true);
    expect(settings.socialSharingEnabled).toBe(false);
    expect(settings.isMultilingual).toBe(true);
  });
});
