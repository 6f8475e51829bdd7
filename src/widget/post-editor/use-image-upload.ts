/**
 * The editor's image fields (the cover, the social image): a picked file is uploaded through the
 * media pipeline, a refusal is said in a toast, and the field knows when an upload is under way.
 */
import { type ChangeEvent, useState } from 'react';
import type { UploadedMedia } from '../../domain/media-upload';
import { useToast } from '../components/toasts';
import { useTranslation } from '../i18n';
import { UploadError, uploadMedia } from './upload-client';

/** `handleFile` is the file input's `onChange`; `onUploaded` gets the stored image. */
export function useImageUpload(onUploaded: (uploaded: UploadedMedia) => void) {
  const { t } = useTranslation();
  const toast = useToast();
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

  return { isUploading, handleFile };
}
