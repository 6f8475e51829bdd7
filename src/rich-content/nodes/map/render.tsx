/**
 * MAP (SPEC §3 "Map"): an address card with the coordinates and a link out to OpenStreetMap; no
 * tiles and no script.
 */
import type { MapData } from '../../document';
import { useTranslation } from '../../i18n';
import { blockClasses, blockStyle, EXTERNAL_LINK } from '../../render/media-nodes-shared';
import type { NodeRenderer } from '../../render/types';

/** The OpenStreetMap page of a place: the coordinates, else a search for the address. */
export function mapLink(settings: MapData['mapSettings']): string | undefined {
  const { lat, lng } = settings;
  if (lat !== undefined && lng !== undefined) {
    const zoom = settings.initialZoom ?? 15;
    return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=${zoom}/${lat}/${lng}`;
  }
  if (settings.address) {
    return `https://www.openstreetmap.org/search?query=${encodeURIComponent(settings.address)}`;
  }
  return undefined;
}

/** MAP (SPEC §3): an address card with the coordinates and a link out; no tiles, no script. */
export function MapBlock({ data }: { data: MapData }) {
  const { t } = useTranslation();
  const settings = data.mapSettings;
  const href = mapLink(settings);
  const hasCoordinates = settings.lat !== undefined && settings.lng !== undefined;
  if (!href && !settings.locationName) return null;
  return (
    <figure
      className={blockClasses('rc-map', data.containerData)}
      style={blockStyle(data.containerData)}
    >
      <div className="rc-map__card">
        <span className="rc-map__pin" aria-hidden="true" />
        <div className="rc-map__body">
          {settings.locationName ? <p className="rc-map__name">{settings.locationName}</p> : null}
          {settings.address ? (
            <address className="rc-map__address">{settings.address}</address>
          ) : null}
          {hasCoordinates ? (
            <p className="rc-map__coordinates">
              <span className="rc-visually-hidden">{t('richContent.map.coordinates')} </span>
              {settings.lat!.toFixed(5)}, {settings.lng!.toFixed(5)}
            </p>
          ) : null}
          {href ? (
            <a className="rc-map__link" href={href} {...EXTERNAL_LINK}>
              {t('richContent.map.open')}
            </a>
          ) : null}
        </div>
      </div>
    </figure>
  );
}

/** The MAP node's renderer. */
export const renderMap: NodeRenderer<'MAP'> = (node) => <MapBlock data={node.mapData} />;
