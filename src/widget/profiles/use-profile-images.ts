/**
 * The profile form's two images (picture and cover): what is chosen, an upload under way through
 * the media API (with its local preview and progress) while the member goes on typing, and its
 * error. Uploads still running when the form goes away are stopped.
 */
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import type { OwnProfileView } from '../../domain/profiles';
import type { ImageView } from '../../domain/views';
import { UploadError, uploadMedia } from '../post-editor/upload-client';
import { PROFILE_UPLOAD_ENDPOINT } from './profile-client';

/** The two images of a profile. */
export type ImageField = 'image' | 'cover';

/** An image field: what is chosen, and an upload under way (with its local preview). */
export interface ImageState {
  value: ImageView | null;
  upload: { percent: number; preview: string; controller: AbortController } | null;
  error: string | null;
}

/** The message key (under `profiles.form.errors`) of a failed upload. */
function uploadErrorKey(error: unknown): string {
  if (error instanceof UploadError) {
    return error.serverCode === 'login-required' ? 'login-required' : error.code;
  }
  return 'file-upload-failure';
}

/**
 * The images' state and their actions. `onUploadStart` is told when a file is chosen (its field's
 * error goes), `onUploadFailed` with the message key of a failed upload.
 */
export function useProfileImages(
  profile: OwnProfileView,
  {
    onUploadStart,
    onUploadFailed,
  }: { onUploadStart(field: ImageField): void; onUploadFailed(key: string): void },
) {
  const [images, setImages] = useState<Record<ImageField, ImageState>>({
    image: { value: profile.image, upload: null, error: null },
    cover: { value: profile.cover, upload: null, error: null },
  });

  // Uploads still running when the form goes away are stopped; previews are let go.
  const imagesRef = useRef(images);
  imagesRef.current = images;
  useEffect(
    () => () => {
      for (const field of Object.values(imagesRef.current)) {
        field.upload?.controller.abort();
        if (field.upload) URL.revokeObjectURL(field.upload.preview);
      }
    },
    [],
  );

  function updateImage(field: ImageField, change: Partial<ImageState>) {
    setImages((current) => ({ ...current, [field]: { ...current[field], ...change } }));
  }

  async function handleFile(field: ImageField, event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    images[field].upload?.controller.abort();
    const controller = new AbortController();
    const preview = URL.createObjectURL(file);
    updateImage(field, { upload: { percent: 0, preview, controller }, error: null });
    onUploadStart(field);
    try {
      const uploaded = await uploadMedia(file, 'image', {
        endpoint: PROFILE_UPLOAD_ENDPOINT,
        signal: controller.signal,
        onProgress: ({ fraction }) =>
          setImages((current) =>
            current[field].upload?.controller === controller
              ? {
                  ...current,
                  [field]: {
                    ...current[field],
                    upload: { ...current[field].upload, percent: Math.round(fraction * 100) },
                  },
                }
              : current,
          ),
      });
      updateImage(field, {
        value: {
          id: uploaded.id,
          url: null,
          width: uploaded.width ?? 0,
          height: uploaded.height ?? 0,
          alt: '',
        },
        upload: null,
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      const key = uploadErrorKey(error);
      updateImage(field, { upload: null, error: key });
      onUploadFailed(key);
    } finally {
      URL.revokeObjectURL(preview);
    }
  }

  function handleRemove(field: ImageField) {
    updateImage(field, { value: null, upload: null, error: null });
  }

  /** Stops an upload under way; the image chosen before stays. */
  function handleCancelUpload(field: ImageField) {
    images[field].upload?.controller.abort();
    updateImage(field, { upload: null, error: null });
  }

  return { images, handleFile, handleRemove, handleCancelUpload };
}

/** What `useProfileImages` gives the form's parts. */
export type ProfileImages = ReturnType<typeof useProfileImages>;
