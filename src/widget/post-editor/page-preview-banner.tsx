/**
 * The banner over a post preview (SPEC §2 post preview): says it is a preview, and links back to
 * the editor.
 */
import './page-messages';
import { useTranslation } from '../i18n';
import './post-editor-page.css';

/** "Preview" with a short explanation and the way back to editing. */
export function PreviewBanner({ editUrl, isPublished }: { editUrl: string; isPublished: boolean }) {
  const { t } = useTranslation();
  return (
    <section className="pe-preview-banner" aria-label={t('postEditorPage.preview.banner')}>
      <span className="pe-preview-banner__tag">{t('postEditorPage.preview.banner')}</span>
      <p className="pe-preview-banner__text">
        {t(
          isPublished
            ? 'postEditorPage.preview.bannerPublished'
            : 'postEditorPage.preview.bannerText',
        )}
      </p>
      <a className="button button--primary pe-preview-banner__back" href={editUrl}>
        <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
          <path
            d="M15 5l-7 7 7 7"
            stroke="currentColor"
            strokeWidth="2"
            fill="none"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        {t('postEditorPage.preview.backToEditing')}
      </a>
    </section>
  );
}
