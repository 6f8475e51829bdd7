/**
 * The writer's editor page (issue 4 "Writing"): title, the rich-text editor (lazy, its own
 * chunk), a side panel with cover image, excerpt, categories, tags and language, and a bar with
 * the save status and Preview / Publish / Schedule, or Update / Revert to draft for a live post.
 * Saving is the autosave machine's (autosave.ts); this component only wires it to the screen.
 * SPEC §5: publishing checks title and content first; SPEC §8: the toasts.
 */
import './page-messages';
import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { ALT_TEXT_MAX_LENGTH, mediaUrl } from '../../domain/media';
import {
  type CoverInput,
  type EditorPermissions,
  type EditorPostView,
  POST_CATEGORIES_MAX,
  POST_EXCERPT_MAX_LENGTH,
  POST_TITLE_MAX_LENGTH,
} from '../../domain/post-editor';
import { documentOf, type RichDocument } from '../../rich-content/document';
import { apiFetch } from '../api-client';
import { ModalProvider } from '../components/modal-stack';
import { ToastProvider } from '../components/toasts';
import { useTranslation } from '../i18n';
import { draftOf, type LocalCopy, type PostDraft } from './autosave';
import { ImagePicker } from './image-picker';
import { createEditorApi } from './page-api';
import { ConflictBanner, PublishedBanner, RestoreBanner, ReviewBanner } from './page-banners';
import { EditorBar } from './page-bar';
import type { EditorController } from './prepublish-focus';
import { EMPTY_SEO_DRAFT } from './seo-draft';
import { SeoSection } from './seo-section';
import { TagsField } from './tags-field';
import { formatMoment, usePageActions } from './use-page-actions';
import { isLive, usePageAutosave } from './use-page-autosave';
import { WIDGET_EDITOR_SERVICES } from './widget-editor-services';
import './post-editor-page.css';

// Never in another page's bundle: only this page imports the editor, and only lazily.
const RichTextEditor = lazy(() => import('./rich-text-editor'));

/** What the route's loader hands the page. */
export interface PostEditorPageProps {
  base: string;
  siteId: string;
  /** The site's origin (previews of the post's address, issue 19). */
  origin: string;
  timeZone: string;
  /** The post being edited; null on `/create-post`. */
  post: EditorPostView | null;
  /** A new post's starting language and categories, and whether its writer may publish. */
  newPost: { language: string; categoryIds: string[]; canPublish: boolean };
  categories: { id: string; label: string; parentId: string | null }[];
  tags: { id: string; label: string }[];
  /** The writer may create tags from the tag field (SPEC §6 `tag:create`). */
  canCreateTags: boolean;
  languages: string[];
}

/** The editor page, with the toasts and modals it uses. */
export function PostEditorPage(props: PostEditorPageProps) {
  return (
    <ToastProvider>
      <ModalProvider>
        <EditorScreen {...props} />
      </ModalProvider>
    </ToastProvider>
  );
}

/**
 * The page itself: the autosave machine (use-page-autosave.ts) and the actions on it
 * (use-page-actions.tsx) wired to the bar, the banners, the title, the editor and the side panel.
 */
function EditorScreen(props: PostEditorPageProps) {
  const { base, siteId } = props;
  const { t } = useTranslation();
  const titleId = useId();
  const titleInput = useRef<HTMLTextAreaElement>(null);
  const api = useMemo(() => createEditorApi(apiFetch), []);
  // The first draft is fixed for the page's life; later ones come from the machine.
  const [initialDraft] = useState<PostDraft>(() =>
    props.post
      ? draftOf(props.post)
      : {
          title: '',
          excerpt: '',
          content: documentOf([]),
          coverImage: { isEnabled: true, mediaId: null, alt: '', isDecorative: false },
          categoryIds: props.newPost.categoryIds,
          tagIds: [],
          language: props.newPost.language,
          seo: EMPTY_SEO_DRAFT,
        },
  );
  const { machine, save, post, setPost, restore, setRestore } = usePageAutosave({
    api,
    base,
    siteId,
    post: props.post,
    initialDraft,
  });
  const [editorKey, setEditorKey] = useState(0);
  const editorController = useRef<EditorController | null>(null);
  const [isPanelOpen, setPanelOpen] = useState(false);
  const draft = save?.draft ?? initialDraft;
  const actions = usePageActions({
    api,
    base,
    siteId,
    machine,
    draft,
    post,
    setPost,
    restore,
    setRestore,
    titleInput,
    remountEditor: () => setEditorKey((key) => key + 1),
    focusFinding: (finding) => {
      if (finding.kind !== 'cover-alt') editorController.current?.focusFinding(finding);
      else focusCoverAlt(() => flushSync(() => setPanelOpen(true)));
    },
  });
  const { edit, fieldErrors } = actions;

  const status = post?.status ?? 'unpublished';
  const permissions = post?.permissions ?? newPostPermissions(props.newPost.canPublish);
  const review = useReviewNote(post);

  // The settings sheet of phones closes on Escape, like a modal (SPEC §4).
  useEffect(() => {
    if (!isPanelOpen) return;
    function handleKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape' && !event.defaultPrevented) setPanelOpen(false);
    }
    document.addEventListener('keydown', handleKeyDown);
    return () => document.removeEventListener('keydown', handleKeyDown);
  }, [isPanelOpen]);

  const handleContentChange = useCallback(
    (document: RichDocument) => edit({ content: document }),
    [edit],
  );

  const saveStatus = save?.status ?? 'idle';
  const hasPost = (save?.postId ?? post?.id ?? null) !== null;
  const editorDocument = draft.content as RichDocument;
  const scheduledDate = post?.scheduledPublishDate ? formatMoment(post.scheduledPublishDate) : '';

  return (
    <div className="pe" data-status={status}>
      {/* The page's h1 (issue 23; decision 066): the title field is a textarea, which cannot be a
          heading, and the bar names no page; screen readers find "New post" / "Edit post". */}
      <h1 className="visually-hidden">
        {props.post ? t('postEditorPage.heading.edit') : t('postEditorPage.heading.new')}
      </h1>
      <EditorBar
        base={base}
        status={status}
        scheduledDate={scheduledDate}
        saveStatus={saveStatus}
        isPanelOpen={isPanelOpen}
        onTogglePanel={() => setPanelOpen((open) => !open)}
        isWorking={actions.busy !== null || save === null}
        canPreview={hasPost || save?.hasUnsavedChanges === true}
        isLive={isLive(status)}
        canRevertToDraft={permissions.canRevertToDraft}
        canPublish={permissions.canPublish}
        canSubmit={permissions.canSubmit}
        canSendBack={permissions.canSendBack}
        canShowHistory={hasPost && permissions.canEdit}
        onPreview={actions.handlePreview}
        onSubmit={actions.handleSubmit}
        onSendBack={actions.handleSendBack}
        onHistory={actions.handleHistory}
        onRevert={actions.handleRevert}
        onUpdate={actions.handleUpdate}
        onSchedule={actions.handleSchedule}
        onPublish={() => actions.handlePublish()}
      />

      <PageBanners
        actions={actions}
        status={status}
        review={review}
        canPublish={permissions.canPublish}
        restore={restore}
        isConflict={saveStatus === 'conflict'}
      />

      <div className="pe-body">
        <div className="pe-main">
          <label htmlFor={titleId} className="visually-hidden">
            {t('postEditorPage.title.label')}
          </label>
          <textarea
            ref={titleInput}
            id={titleId}
            className="pe-title"
            rows={1}
            required
            maxLength={POST_TITLE_MAX_LENGTH}
            placeholder={t('postEditorPage.title.placeholder')}
            value={draft.title}
            // Until the page is live, typing would go nowhere: the field waits for hydration.
            readOnly={!save || !permissions.canEdit}
            aria-invalid={fieldErrors.title ? true : undefined}
            aria-describedby={fieldErrors.title ? `${titleId}-error` : undefined}
            onChange={(event) => edit({ title: event.target.value.replace(/\n/g, ' ') })}
            onKeyDown={(event) => {
              // A title is one line: Enter moves on to the text.
              if (event.key === 'Enter') {
                event.preventDefault();
                document.querySelector<HTMLElement>('.pe-content [contenteditable]')?.focus();
              }
            }}
          />
          {fieldErrors.title ? (
            <p className="pe-field-error" id={`${titleId}-error`}>
              {fieldErrors.title}
            </p>
          ) : null}
          <div className={`pe-content${fieldErrors.content ? ' is-invalid' : ''}`}>
            {save ? (
              <Suspense fallback={<EditorSkeleton />}>
                <RichTextEditor
                  key={editorKey}
                  initialDocument={editorDocument}
                  onChange={handleContentChange}
                  services={WIDGET_EDITOR_SERVICES}
                  labelledBy={titleId}
                  controllerRef={editorController}
                />
              </Suspense>
            ) : (
              <EditorSkeleton />
            )}
          </div>
          {fieldErrors.content ? <p className="pe-field-error">{fieldErrors.content}</p> : null}
        </div>

        {isPanelOpen ? (
          // A pointer's way out of the sheet; keyboards have Escape and the close button.
          <div className="pe-backdrop" aria-hidden="true" onClick={() => setPanelOpen(false)} />
        ) : null}
        <SidePanel
          isOpen={isPanelOpen}
          onClose={() => setPanelOpen(false)}
          draft={draft}
          edit={edit}
          props={props}
          canEditSettings={save !== null && permissions.canEditSettings}
          canChangeLanguage={save !== null && permissions.canChangeLanguage}
          canEditSeo={save !== null && permissions.canEditSeo}
          slug={post?.slug ?? ''}
          serverErrors={save?.error?.fields ?? {}}
          onChecks={save !== null && permissions.canEdit ? actions.handleChecks : null}
        />
      </div>
    </div>
  );
}

/** The banners under the bar: after publishing, the review note, a local copy, a conflict. */
function PageBanners({
  actions,
  status,
  review,
  canPublish,
  restore,
  isConflict,
}: {
  actions: ReturnType<typeof usePageActions>;
  status: string;
  review: ReturnType<typeof useReviewNote>;
  canPublish: boolean;
  restore: LocalCopy | null;
  isConflict: boolean;
}) {
  // The banner after Publish or Schedule, while the post is still what it said.
  const outcome = actions.outcome?.kind === status ? actions.outcome : null;
  return (
    <>
      {outcome ? (
        <PublishedBanner outcome={outcome} onDismiss={actions.handleDismissOutcome} />
      ) : null}
      <ReviewBanner review={review} status={status} canPublish={canPublish} />
      {restore ? (
        <RestoreBanner
          savedAt={restore.savedAt}
          onRestore={actions.handleRestore}
          onDiscard={actions.handleDiscard}
        />
      ) : null}
      {isConflict ? (
        <ConflictBanner
          onReload={actions.handleReloadNewer}
          onOverwrite={actions.handleOverwrite}
        />
      ) : null}
    </>
  );
}

/** What the writer may do with a post not saved yet: everything a draft allows. */
function newPostPermissions(canPublish: boolean): EditorPermissions {
  return {
    canEdit: true,
    canEditSettings: true,
    canToggleComments: true,
    canChangeLanguage: true,
    canPublish,
    canRevertToDraft: false,
    // Decision 034: a writer who may not publish submits the new post once it is saved.
    canSubmit: !canPublish,
    canSendBack: false,
    canEditSeo: true,
  };
}

/** The last send-back's note, as the server's latest answer says (a new post has none). */
function useReviewNote(post: EditorPostView | null) {
  return post?.review ?? null;
}

function EditorSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="pe-skeleton" aria-busy="true">
      <span className="visually-hidden">{t('postEditorPage.content.loading')}</span>
      <div className="pe-skeleton__line" />
      <div className="pe-skeleton__line" />
      <div className="pe-skeleton__line is-short" />
    </div>
  );
}

interface SidePanelProps {
  isOpen: boolean;
  onClose(): void;
  draft: PostDraft;
  edit(patch: Partial<PostDraft>): void;
  props: PostEditorPageProps;
  canEditSettings: boolean;
  canChangeLanguage: boolean;
  canEditSeo: boolean;
  /** The slug the post's address uses now ('' before the first save). */
  slug: string;
  serverErrors: Record<string, string>;
  /** Opens the pre-publish checks (issue 23); null when the writer may not edit. */
  onChecks: (() => Promise<void>) | null;
}

function SidePanel({
  isOpen,
  onClose,
  draft,
  edit,
  props,
  canEditSettings,
  canChangeLanguage,
  canEditSeo,
  slug,
  serverErrors,
  onChecks,
}: SidePanelProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  // The post's language choices named in the editor's own language (issue 22).
  const languageNames = useMemo(() => {
    try {
      return new Intl.DisplayNames([i18n.language, 'en'], { type: 'language' });
    } catch {
      return null;
    }
  }, [i18n.language]);
  const isDisabled = !canEditSettings;
  return (
    <aside
      className="pe-panel"
      id="pe-panel"
      data-open={isOpen}
      aria-label={t('postEditorPage.panel.title')}
    >
      <div className="pe-panel__head">
        <h2 className="pe-panel__title">{t('postEditorPage.panel.title')}</h2>
        <button
          type="button"
          className="ui-icon-button pe-panel__close"
          aria-label={t('postEditorPage.panel.close')}
          onClick={onClose}
        >
          <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
            <path
              d="M6 6l12 12M18 6L6 18"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
        </button>
      </div>

      {onChecks ? (
        <ChecksEntry
          onChecks={() => {
            // The sheet of phones goes: a finding chosen in the checks is in the text.
            onClose();
            void onChecks();
          }}
        />
      ) : null}

      <CoverField draft={draft} edit={edit} isDisabled={isDisabled} />

      <section className="pe-section">
        <label className="pe-label" htmlFor={`${id}-excerpt`}>
          {t('postEditorPage.panel.excerpt')}
        </label>
        <textarea
          id={`${id}-excerpt`}
          className="pe-input pe-excerpt"
          rows={3}
          maxLength={POST_EXCERPT_MAX_LENGTH}
          value={draft.excerpt}
          disabled={isDisabled}
          aria-describedby={`${id}-excerpt-hint`}
          onChange={(event) => edit({ excerpt: event.target.value })}
        />
        <p className="pe-hint" id={`${id}-excerpt-hint`}>
          <span>{t('postEditorPage.panel.excerptHint')}</span>
          <span className="pe-count">
            {t('postEditorPage.panel.excerptCount', {
              count: draft.excerpt.length,
              max: POST_EXCERPT_MAX_LENGTH,
            })}
          </span>
        </p>
      </section>

      <CategoriesField
        draft={draft}
        edit={edit}
        categories={props.categories}
        isDisabled={isDisabled}
      />
      <TagsField
        draft={draft}
        edit={edit}
        tags={props.tags}
        isDisabled={isDisabled}
        canCreate={props.canCreateTags}
      />

      <section className="pe-section">
        <label className="pe-label" htmlFor={`${id}-language`}>
          {t('postEditorPage.panel.language')}
        </label>
        <select
          id={`${id}-language`}
          className="pe-input"
          value={draft.language}
          disabled={!canChangeLanguage || props.languages.length < 2}
          onChange={(event) => edit({ language: event.target.value })}
        >
          {props.languages.map((language) => (
            <option key={language} value={language}>
              {languageNames?.of(language) ?? language}
            </option>
          ))}
        </select>
      </section>

      <SeoSection
        draft={draft}
        edit={edit}
        slug={slug}
        base={props.base}
        origin={props.origin}
        isDisabled={!canEditSeo}
        serverErrors={serverErrors}
      />
    </aside>
  );
}

/** Issue 23: the pre-publish checks, reachable before Publish (which runs them too). */
function ChecksEntry({ onChecks }: { onChecks(): void }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section className="pe-section pe-checks-entry" aria-labelledby={headingId}>
      <h3 className="pe-label" id={headingId}>
        {t('postEditorPage.checks.title')}
      </h3>
      <button type="button" className="button" aria-haspopup="dialog" onClick={onChecks}>
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
          <path
            d="M4 6h9M4 12h9M4 18h9M16 6l2 2 3-4M16 17l2 2 3-4"
            stroke="currentColor"
            strokeWidth="2"
            fill="none"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        {t('postEditorPage.bar.checks')}
      </button>
    </section>
  );
}

/** The id of the cover's description field: the pre-publish finding leads to it. */
const COVER_ALT_ID = 'pe-cover-alt';

/**
 * Puts focus in the cover's description field (issue 23), opening the settings sheet first where
 * it is closed (phones): `openPanel` must show it before this returns.
 */
function focusCoverAlt(openPanel: () => void): void {
  let field = document.getElementById(COVER_ALT_ID);
  if (field && !field.checkVisibility({ visibilityProperty: true })) {
    openPanel();
    field = document.getElementById(COVER_ALT_ID);
  }
  if (!field) return;
  field.scrollIntoView({ block: 'center' });
  field.focus({ preventScroll: true });
}

function CoverField({
  draft,
  edit,
  isDisabled,
}: {
  draft: PostDraft;
  edit(patch: Partial<PostDraft>): void;
  isDisabled: boolean;
}) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<string | null>(null);
  // Decision 067: after an upload the writer is asked while they know what the picture shows.
  const [isAskingAlt, setAskingAlt] = useState(false);
  const { coverImage } = draft;
  const { mediaId, isEnabled } = coverImage;
  const src = mediaId ? (preview ?? mediaUrl(mediaId, 640)) : null;
  const setCover = (patch: Partial<CoverInput>) =>
    edit({ coverImage: { ...coverImage, ...patch } });

  return (
    <section className="pe-section">
      <h3 className="pe-label">{t('postEditorPage.panel.cover')}</h3>
      <div className={`pe-cover${src ? ' has-image' : ''}`}>
        {src ? (
          <img className="pe-cover__image" src={src} alt={t('postEditorPage.panel.coverAlt')} />
        ) : (
          <p className="pe-hint">{t('postEditorPage.panel.coverHint')}</p>
        )}
        <ImagePicker
          hasImage={src !== null}
          isDisabled={isDisabled}
          labels={{
            upload: t('postEditorPage.panel.coverUpload'),
            replace: t('postEditorPage.panel.coverReplace'),
            remove: t('postEditorPage.panel.coverRemove'),
          }}
          inputTestId="pe-cover-input"
          onUploaded={(uploaded) => {
            setPreview(uploaded.thumbnail?.url ?? uploaded.url);
            // Another picture says something else: its description starts empty.
            edit({
              coverImage: { isEnabled: true, mediaId: uploaded.id, alt: '', isDecorative: false },
            });
            setAskingAlt(true);
          }}
          onRemove={() => {
            setPreview(null);
            edit({ coverImage: { isEnabled, mediaId: null, alt: '', isDecorative: false } });
          }}
        />
        {mediaId ? (
          <CoverAltFields
            alt={coverImage.alt ?? ''}
            isDecorative={coverImage.isDecorative === true}
            isDisabled={isDisabled}
            isAsking={isAskingAlt}
            onAsked={() => setAskingAlt(false)}
            onAlt={(alt) => setCover({ alt })}
            onDecorative={(isDecorative) => setCover({ alt: '', isDecorative })}
          />
        ) : null}
      </div>
      <label className="pe-check">
        <input
          type="checkbox"
          checked={isEnabled}
          disabled={isDisabled}
          onChange={(event) => setCover({ isEnabled: event.target.checked })}
        />
        <span>{t('postEditorPage.panel.coverShow')}</span>
      </label>
    </section>
  );
}

/**
 * The cover's description and its decorative choice (issue 23, decision 067), as under every
 * image of the text (`alt-prompt.tsx`): saved with the draft, this post's own.
 */
function CoverAltFields({
  alt,
  isDecorative,
  isDisabled,
  isAsking,
  onAsked,
  onAlt,
  onDecorative,
}: {
  alt: string;
  isDecorative: boolean;
  isDisabled: boolean;
  /** A picture was just uploaded: the field takes focus once it shows. */
  isAsking: boolean;
  onAsked(): void;
  onAlt(alt: string): void;
  onDecorative(isDecorative: boolean): void;
}) {
  const { t } = useTranslation();
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (!isAsking || !field.current) return;
    field.current.focus();
    onAsked();
  }, [isAsking, onAsked]);
  return (
    <div className="pe-cover__alt">
      <label className="pe-cover__alt-label" htmlFor={COVER_ALT_ID}>
        {t('postEditorPage.panel.coverAltText')}
      </label>
      <textarea
        ref={field}
        id={COVER_ALT_ID}
        className="pe-input pe-cover__alt-input"
        rows={2}
        maxLength={ALT_TEXT_MAX_LENGTH}
        value={isDecorative ? '' : alt}
        disabled={isDisabled || isDecorative}
        aria-invalid={!isDecorative && alt.trim() === '' ? true : undefined}
        onChange={(event) => onAlt(event.target.value.replace(/\n/g, ' '))}
      />
      <label className="pe-check">
        <input
          type="checkbox"
          checked={isDecorative}
          disabled={isDisabled}
          onChange={(event) => onDecorative(event.target.checked)}
        />
        <span>{t('postEditorPage.panel.coverDecorative')}</span>
      </label>
    </div>
  );
}

function CategoriesField({
  draft,
  edit,
  categories,
  isDisabled,
}: {
  draft: PostDraft;
  edit(patch: Partial<PostDraft>): void;
  categories: PostEditorPageProps['categories'];
  isDisabled: boolean;
}) {
  const { t } = useTranslation();
  const chosen = new Set(draft.categoryIds);
  const isFull = chosen.size >= POST_CATEGORIES_MAX;
  const headingId = useId();
  return (
    <fieldset className="pe-section pe-fieldset" aria-labelledby={headingId}>
      <div className="pe-label-row">
        <span className="pe-label" id={headingId}>
          {t('postEditorPage.panel.categories')}
        </span>
        <span className="pe-count">
          {t('postEditorPage.panel.categoriesCount', {
            count: chosen.size,
            max: POST_CATEGORIES_MAX,
          })}
        </span>
      </div>
      {categories.length === 0 ? (
        <p className="pe-hint">{t('postEditorPage.panel.categoriesNone')}</p>
      ) : (
        <ul className="pe-options">
          {categories.map((category) => {
            const isChosen = chosen.has(category.id);
            return (
              <li key={category.id} className={category.parentId ? 'is-child' : undefined}>
                <label className="pe-check">
                  <input
                    type="checkbox"
                    checked={isChosen}
                    disabled={isDisabled || (!isChosen && isFull)}
                    onChange={() =>
                      edit({
                        categoryIds: isChosen
                          ? draft.categoryIds.filter((c) => c !== category.id)
                          : [...draft.categoryIds, category.id],
                      })
                    }
                  />
                  <span>{category.label}</span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
