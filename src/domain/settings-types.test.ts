/**
 * `ResolvedSettings` is a mapped type of the settings table (issue 16 §4): a mistyped key or a
 * value of the wrong type fails to compile. These checks run in `npm run typecheck`
 * (`@ts-expect-error` fails there when the error it expects goes away) and as plain tests.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  type FeedLayout,
  type FontValue,
  type ImageRatio,
  type ResolvedSettings,
  resolveSettings,
  SETTINGS,
} from './settings';

describe('ResolvedSettings', () => {
  const resolved = resolveSettings({}, 'desktop');

  it('types every key with its definition’s value', () => {
    expectTypeOf(resolved['feed.layout']).toEqualTypeOf<FeedLayout>();
    expectTypeOf(resolved['feed.postsPerPage']).toEqualTypeOf<number>();
    expectTypeOf(resolved['display.tags']).toEqualTypeOf<boolean>();
    expectTypeOf(resolved['design.titleFont']).toEqualTypeOf<FontValue>();
    expectTypeOf(resolved['design.titleColor']).toEqualTypeOf<string>();
    expectTypeOf(resolved['feed.grid.imageRatio']).toEqualTypeOf<ImageRatio>();
    expectTypeOf(resolved['video.speed']).toEqualTypeOf<
      '0.25' | '0.5' | '1' | '1.25' | '1.5' | '2'
    >();
    expect(resolved['feed.layout']).toBe('grid');
  });

  it('has a value for every key of the table, and only for those', () => {
    expect(Object.keys(resolved).sort()).toEqual(
      SETTINGS.map((definition) => definition.key).sort(),
    );
    // A layout parameter exists only for the layouts that have it, at run time as in the type.
    expect('feed.list.cardsPerRow' in resolved).toBe(false);
  });

  it('refuses a mistyped key or a wrong value at compile time', () => {
    // @ts-expect-error: not a key of the table (a typo of feed.grid.spacing)
    expect(resolved['feed.grid.spcing']).toBeUndefined();
    // @ts-expect-error: a layout parameter the list layout does not have
    expect(resolved['feed.list.cardsPerRow']).toBeUndefined();
    // @ts-expect-error: a number setting is not a string
    const size: string = resolved['feed.postsPerPage'];
    expect(typeof size).toBe('number');
    const patch: Partial<ResolvedSettings> = { 'feed.layout': 'grid' };
    // @ts-expect-error: not one of the feed layouts
    const wrong: Partial<ResolvedSettings> = { 'feed.layout': 'carousel' };
    expect([patch, wrong]).toHaveLength(2);
  });
});
