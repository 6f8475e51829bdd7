/**
 * The post settings' SEO section (issue 19 "Per-post SEO in the editor"): SEO title and
 * description with the lengths search engines show, the slug, a canonical override, noindex and
 * a social image, with live previews of the search result and the social card beside them.
 * Writable with `post:toggle-seo` (the server checks it again).
 */
import { useId, useMemo } from 'react';
import { mediaUrl } from '../../domain/media';
import { trimBase } from '../../domain/routes';
import {
  POST_CANONICAL_URL_MAX_LENGTH,
  POST_SEO_DESCRIPTION_MAX_LENGTH,
  POST_SEO_TITLE_MAX_LENGTH,
  SEO_DESCRIPTION_SHOWN_LENGTH,
  SEO_TITLE_SHOWN_LENGTH,
} from '../../domain/seo';
import { isReservedSlug, SLUG_MAX_LENGTH, slugInput, slugify } from '../../domain/slugs';
import type { RichDocument } from '../../rich-content/document';
import { excerptOf, plainText } from '../../rich-content/text';
import { useTranslation } from '../i18n';
import type { PostDraft } from './autosave';
import { ImagePicker } from './image-picker';
import { isCanonicalAcceptable, type SeoDraft, seoPreviewOf } from './seo-draft';
import { SearchResultPreview, SocialCardPreview } from './seo-previews';
import './seo-section.css';

export interface SeoSectionProps {
  draft: PostDraft;
  edit(patch: Partial<PostDraft>): void;
  /** The slug the post's address uses now ('' before the first save). */
  slug: string;
  base: string;
  /** The site's origin: the previews' absolute addresses. */
  origin: string;
  isDisabled: boolean;
  /** The server's refusal of the last save, by field (`slug`, `canonicalUrl` ...). */
  serverErrors: Record<string, string>;
}

/** The SEO section of the post settings panel. */
export function SeoSection({
  draft,
  edit,
  slug,
  base,
  origin,
  isDisabled,
  serverErrors,
}: SeoSectionProps) {
  const { t } = useTranslation();
  const id = useId();
  const { seo } = draft;
  const setSeo = (patch: Partial<SeoDraft>) => edit({ seo: { ...seo, ...patch } });
  // The page shows the writer's excerpt, else the one derived from the text (post-records).
  const derivedExcerpt = useMemo(
    () => excerptOf(plainText(draft.content as RichDocument)),
    [draft.content],
  );
  const excerpt = draft.excerpt.trim() || derivedExcerpt;
  const shownSlug = seo.slug ?? slug;
  const { coverImage } = draft;
  const preview = seoPreviewOf({
    title: draft.title,
    excerpt,
    seo,
    slug: shownSlug || slugify(draft.title),
    coverMediaId: coverImage.isEnabled ? coverImage.mediaId : null,
    origin,
    base,
  });
  const slugError = slugProblem(seo.slug, serverErrors.slug, t);
  const canonicalError =
    !isCanonicalAcceptable(seo.canonicalUrl) || serverErrors.canonicalUrl
      ? t('postEditorPage.seo.canonicalInvalid')
      : null;

  return (
    <section className="pe-section pe-seo" aria-labelledby={`${id}-heading`}>
      <h3 className="pe-label pe-seo__heading" id={`${id}-heading`}>
        {t('postEditorPage.seo.heading')}
      </h3>

      <LengthField
        id={`${id}-title`}
        label={t('postEditorPage.seo.title')}
        value={seo.seoTitle}
        placeholder={draft.title}
        max={POST_SEO_TITLE_MAX_LENGTH}
        shown={SEO_TITLE_SHOWN_LENGTH}
        isDisabled={isDisabled}
        onChange={(seoTitle) => setSeo({ seoTitle })}
      />
      <LengthField
        id={`${id}-description`}
        label={t('postEditorPage.seo.description')}
        value={seo.seoDescription}
        placeholder={excerpt}
        max={POST_SEO_DESCRIPTION_MAX_LENGTH}
        shown={SEO_DESCRIPTION_SHOWN_LENGTH}
        isDisabled={isDisabled}
        isMultiline
        onChange={(seoDescription) => setSeo({ seoDescription })}
      />

      <div className="pe-seo__field">
        <label className="pe-seo__label" htmlFor={`${id}-slug`}>
          {t('postEditorPage.seo.slug')}
        </label>
        <div className="pe-seo__slug">
          <span className="pe-seo__slug-base" aria-hidden="true">
            {`${trimBase(base)}/`}
          </span>
          <input
            id={`${id}-slug`}
            className="pe-input"
            value={shownSlug}
            maxLength={SLUG_MAX_LENGTH}
            placeholder={slugify(draft.title || 'post')}
            disabled={isDisabled}
            autoCapitalize="none"
            spellCheck={false}
            aria-invalid={slugError ? true : undefined}
            aria-describedby={`${id}-slug-hint`}
            onChange={(event) => setSeo({ slug: slugInput(event.target.value) })}
            onBlur={() => {
              // Left empty, the address stays what it was; otherwise its ends are tidied.
              if (seo.slug === '') setSeo({ slug: null });
              else if (seo.slug !== null && slugify(seo.slug) !== seo.slug) {
                setSeo({ slug: slugify(seo.slug) });
              }
            }}
          />
        </div>
        <p className={`pe-hint${slugError ? ' is-error' : ''}`} id={`${id}-slug-hint`}>
          {slugError ?? t('postEditorPage.seo.slugHint')}
        </p>
      </div>

      <div className="pe-seo__field">
        <label className="pe-seo__label" htmlFor={`${id}-canonical`}>
          {t('postEditorPage.seo.canonical')}
        </label>
        <input
          id={`${id}-canonical`}
          className="pe-input"
          type="url"
          inputMode="url"
          value={seo.canonicalUrl}
          maxLength={POST_CANONICAL_URL_MAX_LENGTH}
          placeholder={preview.url}
          disabled={isDisabled}
          aria-invalid={canonicalError ? true : undefined}
          aria-describedby={`${id}-canonical-hint`}
          onChange={(event) => setSeo({ canonicalUrl: event.target.value })}
        />
        <p className={`pe-hint${canonicalError ? ' is-error' : ''}`} id={`${id}-canonical-hint`}>
          {canonicalError ?? t('postEditorPage.seo.canonicalHint')}
        </p>
      </div>

      <label className="pe-check">
        <input
          type="checkbox"
          checked={seo.noindex}
          disabled={isDisabled}
          onChange={(event) => setSeo({ noindex: event.target.checked })}
        />
        <span>{t('postEditorPage.seo.noindex')}</span>
      </label>

      <SocialImageField
        mediaId={seo.socialImageId}
        isDisabled={isDisabled}
        onChange={(socialImageId) => setSeo({ socialImageId })}
        hasError={Boolean(serverErrors.socialImageId)}
      />

      <div className="pe-seo__previews">
        <SearchResultPreview preview={preview} />
        <SocialCardPreview preview={preview} />
      </div>
    </section>
  );
}

/** What is wrong with the typed slug, in the writer's words; null when nothing is. */
function slugProblem(
  typed: string | null,
  server: string | undefined,
  t: ReturnType<typeof useTranslation>['t'],
): string | null {
  // An empty field is refused; anything else typed is tidied into a slug when the field is left.
  if (typed === '') return t('postEditorPage.seo.slugInvalid');
  if (typed !== null && isReservedSlug(slugify(typed))) return t('postEditorPage.seo.slugReserved');
  if (server) return t('postEditorPage.seo.slugTaken');
  return null;
}

/** A text field with a counter that warns past what search engines show. */
function LengthField(props: {
  id: string;
  label: string;
  value: string;
  placeholder: string;
  max: number;
  shown: number;
  isDisabled: boolean;
  isMultiline?: boolean;
  onChange(value: string): void;
}) {
  const { t } = useTranslation();
  const length = Array.from(props.value).length;
  const isLong = length > props.shown;
  const common = {
    id: props.id,
    className: 'pe-input',
    value: props.value,
    placeholder: props.placeholder,
    maxLength: props.max,
    disabled: props.isDisabled,
    'aria-describedby': `${props.id}-count`,
  };
  return (
    <div className="pe-seo__field">
      <label className="pe-seo__label" htmlFor={props.id}>
        {props.label}
      </label>
      {props.isMultiline ? (
        <textarea {...common} rows={3} onChange={(event) => props.onChange(event.target.value)} />
      ) : (
        <input {...common} onChange={(event) => props.onChange(event.target.value)} />
      )}
      <p className={`pe-hint${isLong ? ' is-warning' : ''}`} id={`${props.id}-count`}>
        <span>
          {isLong
            ? t('postEditorPage.seo.tooLongShown', { shown: props.shown })
            : t('postEditorPage.seo.shownHint', { shown: props.shown })}
        </span>
        <span className="pe-count" data-testid={`${props.id}-count`}>
          {t('postEditorPage.seo.count', { count: length, shown: props.shown })}
        </span>
      </p>
    </div>
  );
}

/** The social image override: upload one through the media pipeline, or remove it. */
function SocialImageField({
  mediaId,
  isDisabled,
  hasError,
  onChange,
}: {
  mediaId: string | null;
  isDisabled: boolean;
  hasError: boolean;
  onChange(mediaId: string | null): void;
}) {
  const { t } = useTranslation();
  return (
    <div className="pe-seo__field">
      <span className="pe-seo__label">{t('postEditorPage.seo.socialImage')}</span>
      <div className="pe-seo__image">
        {mediaId ? (
          <img
            className="pe-seo__thumb"
            src={mediaUrl(mediaId, 320)}
            alt={t('postEditorPage.seo.socialImageAlt')}
          />
        ) : null}
        <ImagePicker
          hasImage={mediaId !== null}
          isDisabled={isDisabled}
          labels={{
            upload: t('postEditorPage.seo.socialImageUpload'),
            replace: t('postEditorPage.seo.socialImageReplace'),
            remove: t('postEditorPage.seo.socialImageRemove'),
          }}
          onUploaded={(uploaded) => onChange(uploaded.id)}
          onRemove={() => onChange(null)}
          inputTestId="seo-social-image-input"
        />
      </div>
      <p className={`pe-hint${hasError ? ' is-error' : ''}`}>
        {hasError
          ? t('postEditorPage.seo.socialImageInvalid')
          : t('postEditorPage.seo.socialImageHint')}
      </p>
    </div>
  );
}
