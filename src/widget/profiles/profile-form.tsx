/**
 * The member's own profile form (issue 5 "editing one's own profile"; SPEC §3 Member, §5 profile
 * errors, §8 toasts): picture and cover uploaded through the media API while the member goes on
 * typing, name, a short bio and who may see the profile. Saving checks SPEC §5's rule first (name
 * required, then the picture, then the cover still uploading), then the server; each problem is
 * said beside its field, and errors also as an alert toast. What was typed stays on every error.
 * A saved profile opens with the "profile updated" toast.
 */
import { type FormEvent, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { UPLOAD_SIZE_LIMITS } from '../../domain/media-upload';
import {
  type OwnProfileView,
  type ProfilePrivacy,
  type ProfileSaveProblem,
  profileSaveProblem,
} from '../../domain/profiles';
import { ToastProvider, useToast } from '../components/toasts';
import { useTranslation } from '../i18n';
import { useNavigateToProfile } from '../navigate-to-profile';
import { saveOwnProfile } from './profile-client';
import { ProfileCoverPart, ProfilePicturePart } from './profile-image-part';
import { ProfilePrivacyPart } from './profile-privacy-part';
import { ProfileAboutPart, ProfileNamePart } from './profile-text-fields-part';
import { type ImageField, useProfileImages } from './use-profile-images';

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

/** The server's field errors (by its field paths) as the form's. */
function serverFieldErrors(fields: Record<string, unknown>): FieldErrors {
  const fieldErrors: FieldErrors = {};
  for (const path of Object.keys(fields)) {
    const field = SERVER_FIELDS[path];
    if (field) fieldErrors[field] = 'invalid';
  }
  return fieldErrors;
}

/**
 * The form's state and saving. Its parts: the images (`useProfileImages`, `ProfilePicturePart`,
 * `ProfileCoverPart`), the name and the bio (`ProfileNamePart`, `ProfileAboutPart`) and the
 * privacy choice (`ProfilePrivacyPart`).
 */
function ProfileFormBody({ profile }: { profile: OwnProfileView }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigateToProfile = useNavigateToProfile();
  const id = useId();
  const nameInput = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(profile.name);
  const [about, setAbout] = useState(profile.about);
  const [privacy, setPrivacy] = useState<ProfilePrivacy>(profile.privacyStatus);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isSaving, setIsSaving] = useState(false);
  const imageState = useProfileImages(profile, {
    onUploadStart: (field) => setErrors((current) => ({ ...current, [field]: undefined })),
    onUploadFailed: (key) => toast.show({ kind: 'error', message: uploadMessage(key) }),
  });
  const { images } = imageState;

  function uploadMessage(key: string): string {
    return t(`profiles.form.errors.${key}`, {
      size: `${Math.round(UPLOAD_SIZE_LIMITS.image / MB)} MB`,
    });
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
    setErrors(serverFieldErrors(result.fields));
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

  return (
    <form className="profile-form" noValidate onSubmit={handleSubmit} aria-busy={isSaving}>
      <ProfilePicturePart
        id={id}
        profile={profile}
        name={name}
        images={imageState}
        error={fieldError('image', errors.image ?? images.image.error ?? undefined)}
      />
      <ProfileCoverPart
        id={id}
        images={imageState}
        error={fieldError('cover', errors.cover ?? images.cover.error ?? undefined)}
      />

      <ProfileNamePart
        id={id}
        inputRef={nameInput}
        name={name}
        onChange={(value) => {
          setName(value);
          if (errors.name) setErrors((current) => ({ ...current, name: undefined }));
        }}
        errorId={errors.name ? errorId('name') : null}
        error={fieldError('name')}
      />

      <ProfileAboutPart
        id={id}
        about={about}
        onChange={setAbout}
        isInvalid={Boolean(errors.about)}
        error={fieldError('about')}
      />
      <ProfilePrivacyPart
        id={id}
        privacy={privacy}
        onChange={setPrivacy}
        error={fieldError('privacyStatus')}
      />

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
