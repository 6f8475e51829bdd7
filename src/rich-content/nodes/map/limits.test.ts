import { describe, expect, it } from 'vitest';
import { MAP_LATITUDE_MAX, MAP_LONGITUDE_MAX, MAP_ZOOM_MAX } from './limits';
import { MapSettingsSchema } from './schema';

const valid = (settings: object) => MapSettingsSchema.safeParse(settings).success;

describe('map bounds (the model and the map dialog share them)', () => {
  it('take coordinates on the globe and web-map zoom levels', () => {
    expect(
      valid({ lat: MAP_LATITUDE_MAX, lng: -MAP_LONGITUDE_MAX, initialZoom: MAP_ZOOM_MAX }),
    ).toBe(true);
    expect(valid({ lat: MAP_LATITUDE_MAX + 0.1 })).toBe(false);
    expect(valid({ lng: -MAP_LONGITUDE_MAX - 0.1 })).toBe(false);
    expect(valid({ initialZoom: MAP_ZOOM_MAX + 1 })).toBe(false);
  });
});
