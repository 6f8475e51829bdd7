/**
 * The SEO section's live previews (issue 19): a search result (title cut near 60 characters,
 * the canonical address, description cut near 160) and a social card (1.91:1 image, the site's
 * host, title, description), both from `seoPreviewOf`, which uses the page head's own rules.
 */
import { useState } from 'react';
import { useTranslation } from '../i18n';
import type { SeoPreview } from './seo-draft';

/** How a search engine would list the post. */
export function SearchResultPreview({ preview }: { preview: SeoPreview }) {
  const { t } = useTranslation();
  return (
    <figure className="pe-seo-preview">
      <figcaption className="pe-seo-preview__caption">
        {t('postEditorPage.seo.searchPreview')}
      </figcaption>
      <div className="pe-serp" data-testid="seo-search-preview">
        <p className="pe-serp__url" data-testid="seo-search-url">
          {preview.url}
        </p>
        <p className="pe-serp__title" data-testid="seo-search-title">
          {preview.searchTitle || t('postEditorPage.seo.untitled')}
        </p>
        <p className="pe-serp__description" data-testid="seo-search-description">
          {preview.searchDescription}
        </p>
      </div>
    </figure>
  );
}

/** How a social network would show a link to the post. */
export function SocialCardPreview({ preview }: { preview: SeoPreview }) {
  const { t } = useTranslation();
  const [failedImage, setFailedImage] = useState<string | null>(null);
  const src =
    preview.image !== null && failedImage === preview.image && preview.imageFallback
      ? preview.imageFallback
      : preview.image;
  return (
    <figure className="pe-seo-preview">
      <figcaption className="pe-seo-preview__caption">
        {t('postEditorPage.seo.socialPreview')}
      </figcaption>
      <div className="pe-card" data-testid="seo-social-preview">
        {preview.image ? (
          <img
            className="pe-card__image"
            src={src ?? undefined}
            alt=""
            width={1200}
            height={630}
            // The address the page head gives as og:image, whatever is on screen.
            data-image={preview.image}
            data-testid="seo-social-image"
            onError={() => setFailedImage(preview.image)}
          />
        ) : (
          <div className="pe-card__image is-empty">{t('postEditorPage.seo.noImage')}</div>
        )}
        <div className="pe-card__text">
          <p className="pe-card__host" data-testid="seo-social-host">
            {preview.host}
          </p>
          <p className="pe-card__title" data-testid="seo-social-title">
            {preview.title || t('postEditorPage.seo.untitled')}
          </p>
          <p className="pe-card__description" data-testid="seo-social-description">
            {preview.description}
          </p>
        </div>
      </div>
    </figure>
  );
}
