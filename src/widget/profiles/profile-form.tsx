/**
 * The member's own profile form (issue 5 "editing one's own profile"; SPEC §3 Member, §5 profile
 * errors, §8 toasts): picture and cover uploaded through the media API while the member goes on
 * typing, name, a short bio and who may see the profile. Saving checks SPEC §5's rule first (name
 * required, then the picture, then the cover still uploading), then the server; each problem is
 * said beside its field, and errors also as an alert toast. What was typed stays on every error.
 * A saved profile opens with the "profile updated" toast.
 */
import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { acceptAttribute, UPLOAD_SIZE_LIMITS } from '../../domain/media-upload';
import {
  AVATAR_SIZES,
  type OwnProfileView,
  PROFILE_ABOUT_MAX_LENGTH,
  PROFILE_NAME_MAX_LENGTH,
  type ProfilePrivacy,
  type ProfileSaveProblem,
  profileSaveProblem,
} from '../../domain/profiles';
import type { ImageView } from '../../domain/views';
import { Avatar } from '../components/post-meta';
import { ResponsiveImage } from '../components/responsive-image';
import { ToastProvider, useToast } from '../components/toasts';
import { useTranslation } from '../i18n';
import { useNavigateToProfile } from '../navigate-to-profile';
import { UploadError, uploadMedia } from '../post-editor/upload-client';
import { PROFILE_UPLOAD_ENDPOINT, saveOwnProfile } from './profile-client';

/** The two images of a profile. */
type ImageField = 'image' | 'cover';

/** An image field: what is chosen, and an upload under way (with its local preview). */
interface ImageState {
  value: ImageView | null;
  upload: { percent: number; preview: string; controller: AbortController } | null;
  error: string | null;
}

/** Field errors by form field: the message keys under `profiles.form.errors`. */
type FieldErrors = Partial<Record<'name' | 'about' | 'privacyStatus' | ImageField, string>>;

/** The server's field paths as the form names them. */
const SERVER_FIELDS: Record<string, keyof FieldErrors> = {
  name: 'name',
  about: 'about',
  privacyStatus: 'privacyStatus',
  imageId: 'image',
  coverImageId: 'cover',
};

const MB = 1024 * 1024;

/** The form, in its own toast region. */
export function ProfileForm({ profile }: { profile: OwnProfileView }) {
  return (
    <ToastProvider>
      <ProfileFormBody profile={profile} />
    </ToastProvider>
  );
}

function ProfileFormBody({ profile }: { profile: OwnProfileView }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigateToProfile = useNavigateToProfile();
  const id = useId();
  const nameInput = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(profile.name);
  const [about, setAbout] = useState(profile.about);
  const [privacy, setPrivacy] = useState<ProfilePrivacy>(profile.privacyStatus);
  const [images, setImages] = useState<Record<ImageField, ImageState>>({
    image: { value: profile.image, upload: null, error: null },
    cover: { value: profile.cover, upload: null, error: null },
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isSaving, setIsSaving] = useState(false);

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

  function uploadErrorKey(error: unknown): string {
    if (error instanceof UploadError) {
      return error.serverCode === 'login-required' ? 'login-required' : error.code;
    }
    return 'file-upload-failure';
  }

  async function handleFile(field: ImageField, event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    images[field].upload?.controller.abort();
    const controller = new AbortController();
    const preview = URL.createObjectURL(file);
    updateImage(field, { upload: { percent: 0, preview, controller }, error: null });
    setErrors((current) => ({ ...current, [field]: undefined }));
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
      toast.show({ kind: 'error', message: uploadMessage(key) });
    } finally {
      URL.revokeObjectURL(preview);
    }
  }

  function uploadMessage(key: string): string {
    return t(`profiles.form.errors.${key}`, {
      size: `${Math.round(UPLOAD_SIZE_LIMITS.image / MB)} MB`,
    });
  }

  function handleRemove(field: ImageField) {
    updateImage(field, { value: null, upload: null, error: null });
  }

  /** Stops an upload under way; the image chosen before stays. */
  function handleCancelUpload(field: ImageField) {
    images[field].upload?.controller.abort();
    updateImage(field, { upload: null, error: null });
  }

  /** Says a problem beside its field and as an alert toast; the name's field gets the focus. */
  function showProblem(problem: ProfileSaveProblem) {
    const field =
      problem === 'name-required' ? 'name' : problem === 'image-uploading' ? 'image' : 'cover';
    setErrors((current) => ({ ...current, [field]: problem }));
    toast.show({ kind: 'error', message: t(`profiles.form.errors.${problem}`) });
    if (field === 'name') nameInput.current?.focus();
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSaving) return;
    setErrors({});
    const problem = profileSaveProblem({
      name,
      isImageUploading: images.image.upload !== null,
      isCoverUploading: images.cover.upload !== null,
    });
    if (problem) {
      showProblem(problem);
      return;
    }
    setIsSaving(true);
    const result = await saveOwnProfile({
      name,
      about,
      privacyStatus: privacy,
      imageId: images.image.value?.id ?? null,
      coverImageId: images.cover.value?.id ?? null,
    });
    if (result.kind === 'ok') {
      await navigateToProfile(result.profile.siteMemberId, result.profile.slug, {
        profileUpdated: true,
      });
      return;
    }
    setIsSaving(false);
    if (result.kind === 'network') {
      toast.show({ kind: 'error', message: t('profiles.form.errors.update-failed') });
      return;
    }
    if (result.code === 'profile_name_required') {
      showProblem('name-required');
      return;
    }
    if (result.code === 'login-required') {
      toast.show({ kind: 'error', message: t('profiles.form.errors.login-required') });
      return;
    }
    const fieldErrors: FieldErrors = {};
    for (const path of Object.keys(result.fields)) {
      const field = SERVER_FIELDS[path];
      if (field) fieldErrors[field] = 'invalid';
    }
    setErrors(fieldErrors);
    toast.show({ kind: 'error', message: t('profiles.form.errors.unknown') });
  }

  const errorId = (field: keyof FieldErrors) => `${id}-${field}-error`;
  const fieldError = (field: keyof FieldErrors, key = errors[field]) =>
    key ? (
      <p className="profile-form__error" id={errorId(field)}>
        {field === 'image' || field === 'cover'
          ? uploadMessage(key)
          : t(`profiles.form.errors.${key}`)}
      </p>
    ) : null;
  const aboutLeft = PROFILE_ABOUT_MAX_LENGTH - about.length;

  return (
    <form className="profile-form" noValidate onSubmit={handleSubmit} aria-busy={isSaving}>
      <fieldset className="profile-form__group">
        <legend className="profile-form__label">{t('profiles.form.picture')}</legend>
        <div className="profile-form__picture">
          <div className="profile-form__avatar">
            {images.image.upload ? (
              <img src={images.image.upload.preview} alt="" />
            ) : (
              <Avatar
                member={{ ...profile, name: name || profile.name, image: images.image.value }}
                size={AVATAR_SIZES.extraLarge}
              />
            )}
          </div>
          <ImageActions
            field="image"
            state={images.image}
            describedBy={`${id}-image-hint`}
            onFile={handleFile}
            onRemove={handleRemove}
            onCancel={handleCancelUpload}
          />
        </div>
        <p className="profile-form__hint" id={`${id}-image-hint`}>
          {t('profiles.form.pictureHint')}
        </p>
        {fieldError('image', errors.image ?? images.image.error ?? undefined)}
      </fieldset>

      <fieldset className="profile-form__group">
        <legend className="profile-form__label">{t('profiles.form.cover')}</legend>
        <div className="profile-form__cover">
          {images.cover.upload ? (
            <img src={images.cover.upload.preview} alt="" />
          ) : images.cover.value ? (
            <ResponsiveImage
              image={{ ...images.cover.value, alt: '' }}
              sizes="(max-width: 720px) 100vw, 640px"
            />
          ) : (
            <span className="profile-form__cover-empty">{t('profiles.form.coverNone')}</span>
          )}
        </div>
        <ImageActions
          field="cover"
          state={images.cover}
          describedBy={`${id}-cover-hint`}
          onFile={handleFile}
          onRemove={handleRemove}
          onCancel={handleCancelUpload}
        />
        <p className="profile-form__hint" id={`${id}-cover-hint`}>
          {t('profiles.form.coverHint')}
        </p>
        {fieldError('cover', errors.cover ?? images.cover.error ?? undefined)}
      </fieldset>

      <div className="profile-form__group">
        <label className="profile-form__label" htmlFor={`${id}-name`}>
          {t('profiles.form.name')}
        </label>
        <input
          ref={nameInput}
          id={`${id}-name`}
          className="profile-form__input"
          name="name"
          type="text"
          autoComplete="name"
          required
          maxLength={PROFILE_NAME_MAX_LENGTH}
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            if (errors.name) setErrors((current) => ({ ...current, name: undefined }));
          }}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? `${errorId('name')} ${id}-name-hint` : `${id}-name-hint`}
        />
        {fieldError('name')}
        <p className="profile-form__hint" id={`${id}-name-hint`}>
          {t('profiles.form.nameHint')}
        </p>
      </div>

      <div className="profile-form__group">
        <label className="profile-form__label" htmlFor={`${id}-about`}>
          {t('profiles.form.about')}
        </label>
        <textarea
          id={`${id}-about`}
          className="profile-form__input profile-form__textarea"
          name="about"
          rows={4}
          maxLength={PROFILE_ABOUT_MAX_LENGTH}
          value={about}
          onChange={(event) => setAbout(event.target.value)}
          aria-invalid={errors.about ? true : undefined}
          aria-describedby={`${id}-about-hint`}
        />
        {fieldError('about')}
        <p className="profile-form__hint" id={`${id}-about-hint`} aria-live="polite">
          {t('profiles.form.aboutHint', { count: aboutLeft })}
        </p>
      </div>

      <fieldset className="profile-form__group">
        <legend className="profile-form__label">{t('profiles.form.privacy')}</legend>
        <div className="profile-form__choices">
          {(['PUBLIC', 'PRIVATE'] as const).map((value) => {
            const key = value === 'PUBLIC' ? 'public' : 'private';
            return (
              <label className="profile-form__choice" key={value}>
                <input
                  type="radio"
                  name="privacyStatus"
                  value={value}
                  checked={privacy === value}
                  onChange={() => setPrivacy(value)}
                  aria-describedby={`${id}-${key}-hint`}
                />
                <span>
                  <span className="profile-form__choice-title">{t(`profiles.form.${key}`)}</span>
                  <span className="profile-form__choice-hint" id={`${id}-${key}-hint`}>
                    {t(`profiles.form.${key}Hint`)}
                  </span>
                </span>
              </label>
            );
          })}
        </div>
        {fieldError('privacyStatus')}
      </fieldset>

      <div className="profile-form__actions">
        <button className="button button--primary" type="submit" disabled={isSaving}>
          {isSaving ? t('profiles.form.saving') : t('profiles.form.save')}
        </button>
        <Link className="button" to={profile.link}>
          {t('profiles.form.cancel')}
        </Link>
      </div>
    </form>
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
