import { parseVideoSource } from '../../../domain/video';
import type { EmbedData, Media } from '../../document';
import { useTranslation } from '../../i18n';
import { blockClasses, blockStyle, safeHttpUrl, safeSrc } from '../../render/media-nodes-shared';
import type { NodeRenderer, RenderContext } from '../../render/types';
import { FramedHtml, HTML_DEFAULT_HEIGHT, HTML_MAX_HEIGHT } from '../html/render';
import { hostOf, LinkCard } from '../link-preview/render';
import { VideoBlock } from '../video/render';

function toNumber(value: number | string | undefined): number | undefined {
  const n = Number(value);
  return value !== undefined && Number.isFinite(n) && n > 0 ? n : undefined;
}

/** EMBED (SPEC §3): oEmbed videos play like VIDEO, rich HTML is sandboxed, photos are images. */
export function EmbedBlock({ data, context }: { data: EmbedData; context?: RenderContext }) {
  const { t } = useTranslation();
  const o = data.oembed;
  const width = toNumber(o.width);
  const height = toNumber(o.height);
  const thumbnail: Media | undefined = o.thumbnailUrl
    ? {
        src: { url: o.thumbnailUrl },
        width: toNumber(o.thumbnailWidth),
        height: toNumber(o.thumbnailHeight),
      }
    : undefined;
  const type = o.type?.toLowerCase();
  const videoUrl = [o.videoUrl, o.url, data.src].find((u) => parseVideoSource(u) !== null);
  if (videoUrl && (type === 'video' || !o.html)) {
    return (
      <VideoBlock
        url={videoUrl}
        thumbnail={thumbnail}
        width={width}
        height={height}
        title={o.title}
        containerData={data.containerData}
        context={context}
      />
    );
  }
  const photo = type === 'photo' ? safeSrc(o.url) : undefined;
  if (photo) {
    const hasSize = width !== undefined && height !== undefined;
    return (
      <figure className={blockClasses('rc-embed rc-embed--photo', data.containerData)}>
        <img
          className="rc-embed__photo"
          src={photo}
          width={width}
          height={height}
          style={hasSize ? undefined : { aspectRatio: '16 / 9', objectFit: 'contain' }}
          alt={o.title ?? ''}
          loading="lazy"
          decoding="async"
        />
      </figure>
    );
  }
  if (o.html && (type === 'rich' || type === 'video' || type === undefined)) {
    const provider = o.providerName || hostOf(safeHttpUrl(o.providerUrl ?? data.src));
    return (
      <figure
        className={blockClasses('rc-embed rc-embed--rich', data.containerData)}
        style={blockStyle(data.containerData)}
      >
        <FramedHtml
          context={context}
          html={o.html}
          title={
            provider ? t('richContent.embed.titleFrom', { provider }) : t('richContent.embed.title')
          }
          height={Math.min(height ?? HTML_DEFAULT_HEIGHT, HTML_MAX_HEIGHT)}
          autoHeight
        />
      </figure>
    );
  }
  return (
    <LinkCard
      className="rc-embed rc-embed--link"
      href={safeHttpUrl(o.url ?? data.src)}
      title={o.title}
      description={o.authorName ?? o.providerName}
      thumbnail={thumbnail}
      position="START"
      containerData={data.containerData}
    />
  );
}

/** The EMBED node's renderer. */
export const renderEmbed: NodeRenderer<'EMBED'> = (node, _children, context) => (
  <EmbedBlock data={node.embedData} context={context} />
);
