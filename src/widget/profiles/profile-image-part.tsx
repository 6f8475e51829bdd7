/**
 * The profile form's picture and cover fields: the image (or the upload's local preview),
 * Upload/Change, Remove, the upload's progress and Cancel, the hint and the field's error.
 */
import { type ChangeEvent, type ReactNode, useRef } from 'react';
import { acceptAttribute } from '../../domain/media-upload';
import { AVATAR_SIZES, type OwnProfileView } from '../../domain/profiles';
import { Avatar } from '../components/post-meta';
import { ResponsiveImage } from '../components/responsive-image';
import { useTranslation } from '../i18n';
import type { ImageField, ImageState, ProfileImages } from './use-profile-images';

/** The profile picture: the avatar as it will look (with the name typed so far). */
export function ProfilePicturePart({
  id,
  profile,
  name,
  images,
  error,
}: {
  id: string;
  profile: OwnProfileView;
  name: string;
  images: ProfileImages;
  error: ReactNode;
}) {
  const { t } = useTranslation();
  const state = images.images.image;
  return (
    <fieldset className="profile-form__group">
      <legend className="profile-form__label">{t('profiles.form.picture')}</legend>
      <div className="profile-form__picture">
        <div className="profile-form__avatar">
          {state.upload ? (
            <img src={state.upload.preview} alt="" />
          ) : (
            <Avatar
              member={{ ...profile, name: name || profile.name, image: state.value }}
              size={AVATAR_SIZES.extraLarge}
            />
          )}
        </div>
        <ImageActions
          field="image"
          state={state}
          describedBy={`${id}-image-hint`}
          onFile={images.handleFile}
          onRemove={images.handleRemove}
          onCancel={images.handleCancelUpload}
        />
      </div>
      <p className="profile-form__hint" id={`${id}-image-hint`}>
        {t('profiles.form.pictureHint')}
      </p>
      {error}
    </fieldset>
  );
}

/** The profile's cover image. */
export function ProfileCoverPart({
  id,
  images,
  error,
}: {
  id: string;
  images: ProfileImages;
  error: ReactNode;
}) {
  const { t } = useTranslation();
  const state = images.images.cover;
  return (
    <fieldset className="profile-form__group">
      <legend className="profile-form__label">{t('profiles.form.cover')}</legend>
      <div className="profile-form__cover">
        {state.upload ? (
          <img src={state.upload.preview} alt="" />
        ) : state.value ? (
          <ResponsiveImage
            image={{ ...state.value, alt: '' }}
            sizes="(max-width: 720px) 100vw, 640px"
          />
        ) : (
          <span className="profile-form__cover-empty">{t('profiles.form.coverNone')}</span>
        )}
      </div>
      <ImageActions
        field="cover"
        state={state}
        describedBy={`${id}-cover-hint`}
        onFile={images.handleFile}
        onRemove={images.handleRemove}
        onCancel={images.handleCancelUpload}
      />
      <p className="profile-form__hint" id={`${id}-cover-hint`}>
        {t('profiles.form.coverHint')}
      </p>
      {error}
    </fieldset>
  );
}

/** Upload (or Change) and Remove for one image; while it uploads, its progress and Cancel. */
function ImageActions({
  field,
  state,
  describedBy,
  onFile,
  onRemove,
  onCancel,
}: {
  field: ImageField;
  state: ImageState;
  describedBy: string;
  onFile: (field: ImageField, event: ChangeEvent<HTMLInputElement>) => void;
  onRemove: (field: ImageField) => void;
  onCancel: (field: ImageField) => void;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const label = field === 'image' ? t('profiles.form.picture') : t('profiles.form.cover');
  const hasImage = state.value !== null || state.upload !== null;
  const isUploading = state.upload !== null;
  return (
    <div className="profile-form__image-actions">
      <input
        ref={input}
        className="visually-hidden"
        type="file"
        accept={acceptAttribute('image')}
        tabIndex={-1}
        aria-hidden="true"
        data-field={field}
        onChange={(event) => onFile(field, event)}
      />
      <button
        type="button"
        className="button"
        aria-describedby={describedBy}
        onClick={() => input.current?.click()}
      >
        {hasImage ? t('profiles.form.change') : t('profiles.form.upload')}
        <span className="visually-hidden"> {label}</span>
      </button>
      {isUploading ? (
        <button type="button" className="button button--quiet" onClick={() => onCancel(field)}>
          {t('profiles.form.cancelUpload')}
          <span className="visually-hidden"> {label}</span>
        </button>
      ) : hasImage ? (
        <button type="button" className="button button--quiet" onClick={() => onRemove(field)}>
          {t('profiles.form.remove')}
          <span className="visually-hidden"> {label}</span>
        </button>
      ) : null}
      {state.upload ? (
        <span className="profile-form__progress" role="status">
          {t('profiles.form.uploading', { percent: state.upload.percent })}
        </span>
      ) : null}
    </div>
  );
}
