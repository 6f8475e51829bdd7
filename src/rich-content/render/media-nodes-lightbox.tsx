/**
 * The lightbox of images and galleries, loaded on the first click that expands one (decision
 * 009: interactive parts load on first use). A native modal `<dialog>`: the page behind is inert,
 * Escape closes it, focus moves in and returns to the element that opened it; the arrow keys and
 * the previous/next buttons move through a gallery.
 */
import { type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../i18n';
import { MediaPlayer } from './media-nodes-player';
import { type LightboxItem, preventContextMenu } from './media-nodes-shared';

/** The props of `MediaLightbox`. */
export interface MediaLightboxProps {
  items: readonly LightboxItem[];
  /** The item shown first. */
  start: number;
  onClose(): void;
  disableDownload?: boolean;
}

/** A full-screen viewer of one image or a gallery's items. */
export function MediaLightbox({ items, start, onClose, disableDownload }: MediaLightboxProps) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(() => Math.min(Math.max(start, 0), items.length - 1));
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal?.();
    closeRef.current?.focus();
    return () => {
      if (dialog.open) dialog.close();
      // SPEC §4: focus returns to whatever opened the modal.
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, []);

  // The dialog's own close (Escape) ends the lightbox.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const handleClose = () => onCloseRef.current();
    dialog.addEventListener('close', handleClose);
    return () => dialog.removeEventListener('close', handleClose);
  }, []);

  const item = items[index];
  if (!item) return null;
  const hasMany = items.length > 1;
  const move = (step: number) => setIndex((i) => (i + step + items.length) % items.length);

  function handleKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (!hasMany) return;
    const isRtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    if (event.key === 'ArrowRight') move(isRtl ? -1 : 1);
    else if (event.key === 'ArrowLeft') move(isRtl ? 1 : -1);
    else return;
    event.preventDefault();
  }

  return createPortal(
    <dialog
      ref={dialogRef}
      className="rc-lightbox"
      aria-label={item.title || item.alt || t('richContent.lightbox.label')}
      onKeyDown={handleKeyDown}
      onClick={(event) => {
        // A click on the backdrop (the dialog itself, outside the figure) closes it.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="rc-lightbox__bar">
        {hasMany ? (
          <span className="rc-lightbox__position" aria-live="polite">
            {t('richContent.lightbox.position', { current: index + 1, total: items.length })}
          </span>
        ) : null}
        <button
          ref={closeRef}
          type="button"
          className="rc-lightbox__close"
          aria-label={t('richContent.lightbox.close')}
          onClick={onClose}
        >
          ×
        </button>
      </div>
      <figure className="rc-lightbox__figure">
        {item.kind === 'video' && item.videoUrl ? (
          <div className="rc-lightbox__video">
            <MediaPlayer
              url={item.videoUrl}
              title={item.title || item.alt}
              isAutoplay
              disableDownload={disableDownload}
            />
          </div>
        ) : (
          <img
            key={item.src}
            className="rc-lightbox__image"
            src={item.src}
            srcSet={item.srcSet}
            sizes="100vw"
            width={item.width}
            height={item.height}
            alt={item.alt}
            draggable={disableDownload ? false : undefined}
            onContextMenu={disableDownload ? preventContextMenu : undefined}
          />
        )}
        {item.title ? <figcaption className="rc-lightbox__caption">{item.title}</figcaption> : null}
      </figure>
      {hasMany ? (
        <>
          <button
            type="button"
            className="rc-lightbox__nav rc-lightbox__nav--previous"
            aria-label={t('richContent.lightbox.previous')}
            onClick={() => move(-1)}
          >
            ‹
          </button>
          <button
            type="button"
            className="rc-lightbox__nav rc-lightbox__nav--next"
            aria-label={t('richContent.lightbox.next')}
            onClick={() => move(1)}
          >
            ›
          </button>
        </>
      ) : null}
    </dialog>,
    document.body,
  );
}
