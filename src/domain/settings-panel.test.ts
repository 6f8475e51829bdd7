import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveSettings, SETTINGS, settingDefinition, settingValueProblem } from './settings';
import {
  changeDevice,
  clampNumber,
  clampSettingValue,
  keysOfTab,
  mobileDisplayPatch,
  optionsFor,
  PANEL_SECTIONS,
  PANEL_TABS,
  panelPlacement,
  sectionSettings,
} from './settings-panel';

describe('the panel placement of the settings table', () => {
  it('puts every key in exactly one tab, in a section that tab has', () => {
    const all = PANEL_TABS.flatMap((tab) => keysOfTab(tab));
    expect(all.sort()).toEqual(SETTINGS.map((s) => s.key).sort());
    for (const { key } of SETTINGS) {
      const { tab, section } = panelPlacement(key);
      expect(
        PANEL_SECTIONS[tab].map((s) => s.id as string),
        key,
      ).toContain(section);
    }
  });

  it('places the settings the issue names where an owner looks for them', () => {
    expect(panelPlacement('feed.layout')).toEqual({ tab: 'layout', section: 'feedLayout' });
    expect(panelPlacement('feed.grid.cardsPerRow')).toEqual({
      tab: 'layout',
      section: 'layoutParams',
    });
    expect(panelPlacement('feed.pro-gallery.sliderPauseSeconds').section).toBe('slider');
    expect(panelPlacement('display.authorName')).toEqual({ tab: 'display', section: 'postInfo' });
    expect(panelPlacement('display.relatedPosts').section).toBe('postPage');
    expect(panelPlacement('relatedPosts.type').section).toBe('relatedPosts');
    expect(panelPlacement('design.titleFont').section).toBe('fonts');
    expect(panelPlacement('design.titleColor').section).toBe('colors');
    expect(panelPlacement('comments.ratingsEnabled').tab).toBe('settings');
    expect(panelPlacement('postList.entityCount').section).toBe('postList');
    expect(panelPlacement('postList.source').section).toBe('postListSource');
  });

  it('shows only the chosen layout parameters and the mobile switch only on mobile', () => {
    const desktop = resolveSettings({ desktop: { 'feed.layout': 'masonry' } }, 'desktop');
    const params = sectionSettings('layoutParams', 'desktop', desktop).map((s) => s.key);
    expect(params).toContain('feed.masonry.spacing');
    expect(params.every((key) => key.startsWith('feed.masonry.'))).toBe(true);
    expect(sectionSettings('mobileDisplay', 'desktop', desktop)).toEqual([]);
    const mobile = resolveSettings({}, 'mobile');
    expect(sectionSettings('mobileDisplay', 'mobile', mobile).map((s) => s.key)).toEqual([
      'display.mobileCustomised',
    ]);
    const layoutOptions = optionsFor(settingDefinition('feed.layout')!, 'desktop');
    expect(layoutOptions).not.toContain('mobile-list');
    expect(optionsFor(settingDefinition('feed.layout')!, 'mobile')).toContain('mobile-list');
  });
});

describe('clamping in the controls', () => {
  it('brings any number within the bound and the step, which the API then accepts', () => {
    const numbers = SETTINGS.filter((s) => s.type === 'Number');
    fc.assert(
      fc.property(
        fc.constantFrom(...numbers),
        fc.double({ noNaN: false, min: -1e6, max: 1e6 }),
        (definition, value) => {
          const clamped = clampSettingValue(definition, value);
          expect(settingValueProblem(definition, clamped)).toBeNull();
        },
      ),
    );
  });

  it('keeps a value already in bounds and moves others to the nearest bound', () => {
    expect(clampNumber(3, 1, 5)).toBe(3);
    expect(clampNumber(9, 1, 5)).toBe(5);
    expect(clampNumber(-2, 1, 5)).toBe(1);
    expect(clampNumber(2.6, 1, 5)).toBe(3);
    expect(clampNumber(Number.NaN, 1, 5)).toBe(1);
    const font = settingDefinition('design.titleFont')!;
    expect(clampSettingValue(font, { family: 'lora', size: 99 })).toEqual({
      family: 'lora',
      size: 72,
    });
  });
});

describe('customising mobile display (SPEC §9)', () => {
  const desktop = resolveSettings({ desktop: { 'display.publishDate': false } }, 'desktop');

  it('starts from what desktop shows, changing only the touched toggle', () => {
    const mobile = resolveSettings({ desktop: { 'display.publishDate': false } }, 'mobile');
    const patch = mobileDisplayPatch(mobile, desktop, 'display.authorName', false);
    expect(patch['display.mobileCustomised']).toBe(true);
    expect(patch['display.authorName']).toBe(false);
    expect(patch['display.publishDate']).toBe(false);
    expect(patch['display.readingTime']).toBe(true);
    const after = resolveSettings(
      { desktop: { 'display.publishDate': false }, mobile: patch },
      'mobile',
    );
    expect(after['display.authorName']).toBe(false);
    expect(after['display.publishDate']).toBe(false);
    // Desktop is unchanged.
    expect(desktop['display.authorName']).toBe(true);
  });

  it('changes one toggle once mobile is customised, and turns customising off alone', () => {
    const mobile = resolveSettings({ mobile: { 'display.mobileCustomised': true } }, 'mobile');
    expect(mobileDisplayPatch(mobile, desktop, 'display.tags', false)).toEqual({
      'display.tags': false,
    });
    expect(mobileDisplayPatch(mobile, desktop, 'display.mobileCustomised', false)).toEqual({
      'display.mobileCustomised': false,
    });
    const following = resolveSettings({}, 'mobile');
    expect(mobileDisplayPatch(following, desktop, 'display.mobileCustomised', false)).toEqual({
      'display.mobileCustomised': false,
    });
  });
});

describe('site-level settings in the panel', () => {
  it('puts the responsive theme switch in the Settings tab, saved with desktop from either view', () => {
    expect(panelPlacement('theme.responsive')).toEqual({ tab: 'settings', section: 'theme' });
    expect(keysOfTab('settings')).toContain('theme.responsive');
    for (const device of ['desktop', 'mobile'] as const) {
      const shown = sectionSettings('theme', device, resolveSettings({}, device));
      expect(shown.map((definition) => definition.key)).toEqual(['theme.responsive']);
      expect(changeDevice('theme.responsive', device)).toBe('desktop');
    }
    expect(changeDevice('feed.layout', 'mobile')).toBe('mobile');
  });
});
