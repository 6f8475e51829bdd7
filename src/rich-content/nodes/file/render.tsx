/** FILE (SPEC §3, §8): a download card; PDFs may show a preview. */
import { useState } from 'react';
import { isOwnMediaFileUrl } from '../../../domain/media';
import type { FileData } from '../../document';
import { useTranslation } from '../../i18n';
import { blockClasses, blockStyle, safeHttpUrl, safeSrc } from '../../render/media-nodes-shared';
import type { NodeRenderer } from '../../render/types';

/** FILE's size in KB for display: the stored string when numeric, else from the bytes. */
export function fileSizeKb(data: FileData): number | undefined {
  const stored = Number(data.sizeInKb);
  if (data.sizeInKb && Number.isFinite(stored) && stored >= 0) return Math.round(stored);
  if (data.size !== undefined) return Math.max(1, Math.round(data.size / 1024));
  return undefined;
}

function isPdf(data: FileData): boolean {
  return (
    data.mimeType === 'application/pdf' ||
    data.type?.toLowerCase() === 'pdf' ||
    /\.pdf$/i.test(data.name ?? '')
  );
}

/** FILE (SPEC §3, §8): a download card; PDFs may show a preview (FULL or MINI). */
export function FileBlock({ data }: { data: FileData }) {
  const { t } = useTranslation();
  const [isStarting, setIsStarting] = useState(false);
  const url = safeSrc(data.src.url);
  const name = data.name || t('richContent.file.untitled');
  const kind = (data.type || data.name?.split('.').pop() || '').slice(0, 8).toUpperCase();
  const size = fileSizeKb(data);
  const settings = data.pdfSettings ?? {};
  const canDownload = url !== undefined && !settings.disableDownload;
  const viewMode = isPdf(data) ? (settings.viewMode ?? 'NONE') : 'NONE';
  // Our own uploads preview too: they come from this site with their own PDF content type, so
  // they need no sandbox, and Chrome refuses to show a PDF inside a sandboxed frame anyway.
  const isOwnFile = isOwnMediaFileUrl(data.src.url);
  const previewUrl =
    viewMode === 'NONE' ? undefined : isOwnFile ? data.src.url : safeHttpUrl(data.src.url);
  // Browsers' PDF viewers hide their print and download buttons with toolbar=0 (a courtesy, not
  // a protection: a reader who sees a file can keep it).
  const hideToolbar = settings.disableDownload || settings.disablePrint;
  return (
    <figure
      className={blockClasses('rc-file', data.containerData)}
      style={blockStyle(data.containerData)}
      data-no-download={settings.disableDownload || undefined}
      data-no-print={settings.disablePrint || undefined}
    >
      <div className="rc-file__card">
        <span className="rc-file__icon" aria-hidden="true">
          {kind || '·'}
        </span>
        <span className="rc-file__body">
          <span className="rc-file__name">{name}</span>
          <span className="rc-file__meta">
            {[kind, size !== undefined ? t('richContent.file.size', { size }) : '']
              .filter(Boolean)
              .join(' · ')}
          </span>
        </span>
        {canDownload ? (
          <a
            className="rc-file__download"
            href={url}
            download={data.name || true}
            rel="noopener"
            aria-label={t('richContent.file.downloadNamed', { name })}
            onClick={() => setIsStarting(true)}
          >
            {t('richContent.file.download')}
          </a>
        ) : null}
      </div>
      <p className="rc-file__info" role="status">
        {isStarting ? t('richContent.file.downloadWillBeginShortly') : null}
      </p>
      {previewUrl ? (
        <iframe
          className={`rc-file__preview rc-file__preview--${viewMode.toLowerCase()}`}
          src={hideToolbar ? `${previewUrl.split('#')[0]}#toolbar=0` : previewUrl}
          title={t('richContent.file.preview', { name })}
          sandbox={isOwnFile ? undefined : 'allow-scripts allow-same-origin'}
          loading="lazy"
          referrerPolicy="no-referrer"
          height={viewMode === 'MINI' ? 320 : 800}
        />
      ) : null}
    </figure>
  );
}

/** The FILE node's renderer. */
export const renderFile: NodeRenderer<'FILE'> = (node) => <FileBlock data={node.fileData} />;
