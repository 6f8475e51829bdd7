/**
 * APP_EMBED (SPEC §3 "App embed"): a card for a product, an event or a booking of the site's
 * apps, with its picture, what it is and a link to it.
 */
import type { AppEmbedData, Media } from '../../document';
import { useTranslation } from '../../i18n';
import {
  aspectOf,
  blockClasses,
  blockStyle,
  mediaImageSources,
} from '../../render/media-nodes-shared';
import type { NodeRenderer } from '../../render/types';
import { safeUrl } from '../../safe-url';

/** APP_EMBED (SPEC §3): a product, event or booking card. */
export function AppEmbedBlock({ data }: { data: AppEmbedData }) {
  const { t } = useTranslation();
  const image: Media | undefined =
    data.image ?? (data.imageSrc ? { src: { url: data.imageSrc } } : undefined);
  const { src, srcSet } = mediaImageSources(image, 640);
  const href = safeUrl(data.url);
  const hasSize = aspectOf(image?.width, image?.height) !== undefined;
  const kind = data.type.toLowerCase();
  return (
    <figure
      className={`${blockClasses('rc-app-embed', data.containerData)} rc-app-embed--${kind}`}
      style={blockStyle(data.containerData)}
    >
      <div className="rc-app-embed__card">
        {src ? (
          <img
            className="rc-app-embed__image"
            src={src}
            srcSet={srcSet}
            sizes={srcSet ? '(max-width: 740px) 100vw, 240px' : undefined}
            width={hasSize ? image?.width : 240}
            height={hasSize ? image?.height : 180}
            alt=""
            loading="lazy"
            decoding="async"
          />
        ) : null}
        <div className="rc-app-embed__body">
          <p className="rc-app-embed__kind">{t(`richContent.appEmbed.type.${data.type}`)}</p>
          {data.name ? <p className="rc-app-embed__name">{data.name}</p> : null}
          {data.type === 'EVENT' && data.eventData?.scheduling ? (
            <p className="rc-app-embed__detail">{data.eventData.scheduling}</p>
          ) : null}
          {data.type === 'EVENT' && data.eventData?.location ? (
            <p className="rc-app-embed__detail">{data.eventData.location}</p>
          ) : null}
          {data.type === 'BOOKING' && data.bookingData?.durations ? (
            <p className="rc-app-embed__detail">
              {t('richContent.appEmbed.duration', { durations: data.bookingData.durations })}
            </p>
          ) : null}
          {href ? (
            <a className="rc-app-embed__link" href={href}>
              {t(`richContent.appEmbed.action.${data.type}`)}
            </a>
          ) : null}
        </div>
      </div>
    </figure>
  );
}

/** The APP_EMBED node's renderer. */
export const renderAppEmbed: NodeRenderer<'APP_EMBED'> = (node) => (
  <AppEmbedBlock data={node.appEmbedData} />
);
