/**
 * The editor's image fields (the cover, the social image): Upload / Replace and Remove buttons over
 * a hidden file input. A picked file is uploaded through the media pipeline, a refusal is said in a
 * toast, and the buttons wait while an upload is under way.
 */
import { type ChangeEvent, useRef, useState } from 'react';
import { acceptAttribute, type UploadedMedia } from '../../domain/media-upload';
import { useToast } from '../components/toasts';
import { useTranslation } from '../i18n';
import { UploadError, uploadMedia } from './upload-client';

export interface ImagePickerProps {
  hasImage: boolean;
  isDisabled: boolean;
  /** The buttons' words: upload (no image yet), replace and remove. */
  labels: { upload: string; replace: string; remove: string };
  onUploaded(uploaded: UploadedMedia): void;
  onRemove(): void;
  /** The file input's test id, for specs that set files on it. */
  inputTestId?: string;
}

export function ImagePicker({
  hasImage,
  isDisabled,
  labels,
  onUploaded,
  onRemove,
  inputTestId,
}: ImagePickerProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const fileInput = useRef<HTMLInputElement>(null);
  const [isUploading, setUploading] = useState(false);

  async function handleFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared at once, so picking the same file again is a change too.
    event.target.value = '';
    if (!file) return;
    setUploading(true);
    try {
      onUploaded(await uploadMedia(file, 'image'));
    } catch (error) {
      const code = error instanceof UploadError ? error.code : 'file-upload-failure';
      toast.show({ kind: 'error', message: t(`postEditorPage.toasts.${code}`) });
    } finally {
      setUploading(false);
    }
  }

  return (
    <>
      <div className="pe-cover__actions">
        <button
          type="button"
          className="button"
          disabled={isDisabled || isUploading}
          onClick={() => fileInput.current?.click()}
        >
          {isUploading
            ? t('postEditorPage.panel.coverUploading')
            : hasImage
              ? labels.replace
              : labels.upload}
        </button>
        {hasImage ? (
          <button
            type="button"
            className="button"
            disabled={isDisabled || isUploading}
            onClick={onRemove}
          >
            {labels.remove}
          </button>
        ) : null}
      </div>
      <input
        ref={fileInput}
        type="file"
        hidden
        accept={acceptAttribute('image')}
        onChange={handleFile}
        tabIndex={-1}
        data-testid={inputTestId}
      />
    </>
  );
}
