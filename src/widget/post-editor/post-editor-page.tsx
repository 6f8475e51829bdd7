/**
 * The writer's editor page (issue 4 "Writing"): title, the rich-text editor (lazy, its own
 * chunk), a side panel with cover image, excerpt, categories, tags and language, and a bar with
 * the save status and Preview / Publish / Schedule, or Update / Revert to draft for a live post.
 * Saving is the autosave machine's (autosave.ts); this component only wires it to the screen.
 * SPEC §5: publishing checks title and content first; SPEC §8: the toasts.
 */
import './page-messages';
import {
  type ChangeEvent,
  type FormEvent,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { mediaUrl } from '../../domain/media';
import { acceptAttribute } from '../../domain/media-upload';
import {
  type EditorPostView,
  POST_CATEGORIES_MAX,
  POST_EXCERPT_MAX_LENGTH,
  POST_TITLE_MAX_LENGTH,
  requiredFieldsProblem,
} from '../../domain/post-editor';
import { homeUrl, postEditUrl, postPreviewUrl } from '../../domain/routes';
import { documentOf, type RichDocument } from '../../rich-content/document';
import { isEmptyDocument } from '../../rich-content/text';
import { apiFetch } from '../api-client';
import { ModalHeader, ModalProvider, useModal } from '../components/modal-stack';
import { ToastProvider, useToast } from '../components/toasts';
import { useTranslation } from '../i18n';
import {
  type Autosave,
  type AutosaveState,
  type Clock,
  createAutosave,
  draftOf,
  isLocalCopyWorthRestoring,
  type LocalCopy,
  localCopyKey,
  type PostDraft,
  readLocalCopy,
  type StorageLike,
} from './autosave';
import { type ApiResult, createEditorApi } from './page-api';
import { TagsField } from './tags-field';
import { UploadError, uploadMedia } from './upload-client';
import { WIDGET_EDITOR_SERVICES } from './widget-editor-services';
import './post-editor-page.css';

// Never in another page's bundle: only this page imports the editor, and only lazily.
const RichTextEditor = lazy(() => import('./rich-text-editor'));

/** What the route's loader hands the page. */
export interface PostEditorPageProps {
  base: string;
  siteId: string;
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

const browserClock: Clock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => window.setTimeout(run, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
};

function localStorageOrNull(): StorageLike | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function isLive(status: string | undefined): boolean {
  return status === 'published' || status === 'scheduled';
}

/** A `datetime-local` value for a moment, in the browser's time zone. */
function toLocalInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`;
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

function EditorScreen(props: PostEditorPageProps) {
  const { base, siteId } = props;
  const { t } = useTranslation();
  const toast = useToast();
  const { openModal } = useModal();
  const titleId = useId();
  const titleInput = useRef<HTMLTextAreaElement>(null);
  const api = useMemo(() => createEditorApi(apiFetch), []);
  const [post, setPost] = useState<EditorPostView | null>(props.post);
  // The first draft is fixed for the page's life; later ones come from the machine.
  const [initialDraft] = useState<PostDraft>(() =>
    props.post
      ? draftOf(props.post)
      : {
          title: '',
          excerpt: '',
          content: documentOf([]),
          coverImage: { isEnabled: true, mediaId: null },
          categoryIds: props.newPost.categoryIds,
          tagIds: [],
          language: props.newPost.language,
        },
  );
  const [save, setSave] = useState<AutosaveState | null>(null);
  const machine = useRef<Autosave | null>(null);
  const [editorKey, setEditorKey] = useState(0);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [restore, setRestore] = useState<LocalCopy | null>(null);
  const [isPanelOpen, setPanelOpen] = useState(false);
  const [busy, setBusy] = useState<null | 'publish' | 'revert' | 'preview' | 'update'>(null);

  const draft = save?.draft ?? initialDraft;
  const status = post?.status ?? 'unpublished';
  const permissions = post?.permissions ?? {
    canEdit: true,
    canEditSettings: true,
    canToggleComments: true,
    canChangeLanguage: true,
    canPublish: props.newPost.canPublish,
    canRevertToDraft: false,
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: built once per page; the machine owns the state from then on.
  useEffect(() => {
    const storage = localStorageOrNull();
    const autosave = createAutosave({
      api,
      siteId,
      post: props.post,
      draft: initialDraft,
      storage,
      clock: browserClock,
      isAutomatic: !isLive(props.post?.status),
      onChange: setSave,
      onCreated: (created) => {
        setPost(created);
        // The new draft's own address, by id: a draft's slug follows its title as it changes.
        window.history.replaceState(window.history.state, '', postEditUrl(base, created.id));
      },
      onSaved: setPost,
    });
    machine.current = autosave;
    setSave(autosave.getState());
    const copy = readLocalCopy(storage, localCopyKey(siteId, props.post?.id ?? null));
    const server = { draft: initialDraft, updatedAt: props.post?.updatedAt ?? null };
    if (isLocalCopyWorthRestoring(copy, server)) setRestore(copy);
    return () => autosave.dispose();
  }, []);

  // The settings sheet of phones closes on Escape, like a modal (SPEC §4).
  useEffect(() => {
    if (!isPanelOpen) return;
    function handleKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape' && !event.defaultPrevented) setPanelOpen(false);
    }
    document.addEventListener('keydown', handleKeyDown);
    return () => document.removeEventListener('keydown', handleKeyDown);
  }, [isPanelOpen]);

  // Leaving with unsaved changes asks first.
  useEffect(() => {
    function handleBeforeUnload(event: BeforeUnloadEvent) {
      if (machine.current?.getState().hasUnsavedChanges) {
        event.preventDefault();
        event.returnValue = '';
      }
    }
    window.addEventListener('beforeunload', handleBeforeUnload);
    return () => window.removeEventListener('beforeunload', handleBeforeUnload);
  }, []);

  const edit = useCallback((patch: Partial<PostDraft>) => {
    machine.current?.edit(patch);
    setFieldErrors((errors) => {
      const keys = Object.keys(patch);
      if (!keys.some((key) => key in errors)) return errors;
      return Object.fromEntries(Object.entries(errors).filter(([key]) => !keys.includes(key)));
    });
  }, []);

  const handleContentChange = useCallback(
    (document: RichDocument) => edit({ content: document }),
    [edit],
  );

  /** Shows a refusal of the server (or of the SPEC §5 check) beside its fields and as a toast. */
  function showProblem(code: string, fields: Record<string, string>) {
    const errors: Record<string, string> = {};
    if (fields.title) errors.title = t('postEditorPage.errors.titleRequired');
    if (fields.content) errors.content = t('postEditorPage.errors.contentRequired');
    if (fields.scheduledFor) errors.scheduledFor = t('postEditorPage.errors.scheduleInPast');
    setFieldErrors(errors);
    const known = ['post_title_required', 'post_content_required', 'post_fields_required'];
    const message = known.includes(code)
      ? t(`postEditorPage.toasts.${code}`)
      : errors.scheduledFor
        ? errors.scheduledFor
        : t('postEditorPage.toasts.technical');
    toast.show({ kind: 'error', message });
    if (errors.title) titleInput.current?.focus();
  }

  /** SPEC §5, before anything is sent: title required, content required, otherwise both. */
  function checkComplete(): boolean {
    const current = machine.current?.getState().draft ?? draft;
    const problem = requiredFieldsProblem({
      title: current.title,
      isContentEmpty: isEmptyDocument(current.content as RichDocument),
    });
    if (!problem) return true;
    showProblem(problem.code, problem.fields);
    return false;
  }

  /** Saves what is pending; false (with a toast) when the server does not have it all. */
  async function saveAll(): Promise<boolean> {
    const autosave = machine.current;
    if (!autosave) return false;
    // A new post nobody typed in yet still needs creating before it can go anywhere.
    if (autosave.getState().postId === null) autosave.edit({});
    if (await autosave.flush()) return true;
    const state = autosave.getState();
    if (state.status === 'conflict') {
      toast.show({ kind: 'error', message: t('postEditorPage.toasts.conflict') });
    } else if (state.error) {
      showProblem(state.error.code, state.error.fields);
    } else {
      toast.show({ kind: 'error', message: t('postEditorPage.toasts.saveFailed') });
    }
    return false;
  }

  function handleResult(result: ApiResult, success: string): boolean {
    if (result.kind === 'ok') {
      machine.current?.accept(result.post);
      machine.current?.setAutomatic(!isLive(result.post.status));
      setPost(result.post);
      setFieldErrors({});
      toast.show({ kind: 'success', message: t(`postEditorPage.toasts.${success}`) });
      return true;
    }
    if (result.kind === 'refused') showProblem(result.code, result.fields);
    else if (result.kind === 'conflict') {
      toast.show({ kind: 'error', message: t('postEditorPage.toasts.conflict') });
    } else toast.show({ kind: 'error', message: t('postEditorPage.toasts.technical') });
    return false;
  }

  /**
   * Saves what is pending, then does `work` with the saved post's id and revision; the bar shows
   * `kind` as busy meanwhile. Nothing happens after a failed save (it says why itself).
   */
  async function afterSaving(
    kind: NonNullable<typeof busy>,
    work: (saved: { postId: string; revision: number }) => Promise<void> | void,
  ) {
    setBusy(kind);
    try {
      if (!(await saveAll())) return;
      const state = machine.current!.getState();
      await work({ postId: state.postId!, revision: state.revision! });
    } finally {
      setBusy(null);
    }
  }

  async function handlePublish(scheduledFor?: string) {
    if (!checkComplete()) return;
    await afterSaving('publish', async ({ postId, revision }) => {
      const result = await api.publish(postId, {
        revision,
        ...(scheduledFor ? { scheduledFor } : {}),
      });
      handleResult(result, scheduledFor ? 'scheduled' : 'published');
    });
  }

  async function handleUpdate() {
    if (!checkComplete()) return;
    await afterSaving('update', () => {
      toast.show({ kind: 'success', message: t('postEditorPage.toasts.updated') });
    });
  }

  async function handleRevert() {
    await afterSaving('revert', async ({ postId, revision }) => {
      handleResult(await api.unpublish(postId, { revision }), 'revertedToDraft');
    });
  }

  async function handlePreview() {
    await afterSaving('preview', ({ postId, revision }) => {
      // The revision as the instance: every saved state has its own, never a stale cached one.
      window.location.assign(postPreviewUrl(base, postId, String(revision)));
    });
  }

  async function handleSchedule() {
    if (!checkComplete()) return;
    const chosen = await openModal<string>(({ close }) => (
      <ScheduleForm onSubmit={(value) => close(value)} onCancel={() => close()} />
    ));
    if (chosen) await handlePublish(chosen);
  }

  async function confirm(title: string, body: string, action: string): Promise<boolean> {
    const answer = await openModal<boolean>(({ close }) => (
      <div className="pe-confirm">
        <ModalHeader title={title} />
        <p className="pe-confirm__text">{body}</p>
        <div className="pe-confirm__actions">
          <button type="button" className="button" onClick={() => close(false)}>
            {t('postEditorPage.conflict.cancel')}
          </button>
          <button type="button" className="button button--primary" onClick={() => close(true)}>
            {action}
          </button>
        </div>
      </div>
    ));
    return answer === true;
  }

  async function handleReloadNewer() {
    const autosave = machine.current;
    const postId = autosave?.getState().postId;
    if (!autosave || !postId) return;
    const isSure = await confirm(
      t('postEditorPage.conflict.reloadConfirmTitle'),
      t('postEditorPage.conflict.reloadConfirmBody'),
      t('postEditorPage.conflict.reloadConfirm'),
    );
    if (!isSure) return;
    const result = await api.get(postId);
    if (result.kind !== 'ok') {
      toast.show({ kind: 'error', message: t('postEditorPage.toasts.technical') });
      return;
    }
    autosave.accept(result.post, { replaceDraft: true });
    autosave.setAutomatic(!isLive(result.post.status));
    setPost(result.post);
    setEditorKey((key) => key + 1);
  }

  async function handleOverwrite() {
    const isSure = await confirm(
      t('postEditorPage.conflict.confirmTitle'),
      t('postEditorPage.conflict.confirmBody'),
      t('postEditorPage.conflict.confirm'),
    );
    if (isSure && !(await machine.current?.overwrite())) {
      toast.show({ kind: 'error', message: t('postEditorPage.toasts.saveFailed') });
    }
  }

  function handleRestore() {
    if (!restore) return;
    edit(restore.draft);
    setRestore(null);
    setEditorKey((key) => key + 1);
  }

  function handleDiscard() {
    try {
      localStorageOrNull()?.removeItem(localCopyKey(siteId, post?.id ?? null));
    } catch {
      // Nothing to discard then.
    }
    setRestore(null);
  }

  const saveStatus = save?.status ?? 'idle';
  const isWorking = busy !== null || save === null;
  const canPublish = permissions.canPublish;
  const hasPost = (save?.postId ?? post?.id ?? null) !== null;
  const editorDocument = draft.content as RichDocument;
  const scheduledDate = post?.scheduledPublishDate
    ? new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(post.scheduledPublishDate),
      )
    : '';

  return (
    <div className="pe" data-status={status}>
      <div className="pe-bar" role="toolbar" aria-label={t('postEditorPage.bar.more')}>
        <a
          className="pe-bar__back"
          href={homeUrl(base)}
          aria-label={t('postEditorPage.bar.backLabel')}
        >
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
            <path
              d="M15 5l-7 7 7 7"
              stroke="currentColor"
              strokeWidth="2"
              fill="none"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <span className="pe-bar__back-text">{t('postEditorPage.bar.back')}</span>
        </a>
        <div className="pe-bar__state">
          <span className={`pe-badge is-${status}`}>
            {status === 'published'
              ? t('postEditorPage.bar.published')
              : status === 'scheduled'
                ? t('postEditorPage.bar.scheduled', { date: scheduledDate })
                : t('postEditorPage.bar.draft')}
          </span>
          <span className={`pe-save is-${saveStatus}`} role="status" data-testid="save-status">
            <span className="pe-save__dot" aria-hidden="true" />
            {t(`postEditorPage.status.${saveStatus}`)}
          </span>
        </div>
        <div className="pe-bar__actions">
          <button
            type="button"
            className="button pe-bar__settings"
            aria-expanded={isPanelOpen}
            aria-controls="pe-panel"
            onClick={() => setPanelOpen((open) => !open)}
          >
            <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
              <path
                d="M4 7h10M18 7h2M4 17h4M12 17h8"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
              <circle cx="16" cy="7" r="2" stroke="currentColor" strokeWidth="2" fill="none" />
              <circle cx="10" cy="17" r="2" stroke="currentColor" strokeWidth="2" fill="none" />
            </svg>
            <span className="visually-hidden">{t('postEditorPage.bar.settings')}</span>
          </button>
          <button
            type="button"
            className="button"
            onClick={handlePreview}
            disabled={isWorking || (!hasPost && !save?.hasUnsavedChanges)}
          >
            {t('postEditorPage.bar.preview')}
          </button>
          {isLive(status) ? (
            <>
              {permissions.canRevertToDraft ? (
                <button
                  type="button"
                  className="button"
                  onClick={handleRevert}
                  disabled={isWorking}
                >
                  {t('postEditorPage.bar.revertToDraft')}
                </button>
              ) : null}
              <button
                type="button"
                className="button button--primary"
                onClick={handleUpdate}
                disabled={isWorking}
              >
                {t('postEditorPage.bar.update')}
              </button>
            </>
          ) : canPublish ? (
            <>
              <button
                type="button"
                className="button"
                onClick={handleSchedule}
                disabled={isWorking}
              >
                {t('postEditorPage.bar.schedule')}
              </button>
              <button
                type="button"
                className="button button--primary"
                onClick={() => handlePublish()}
                disabled={isWorking}
              >
                {t('postEditorPage.bar.publish')}
              </button>
            </>
          ) : null}
        </div>
      </div>

      {restore ? (
        <Banner kind="info">
          <p>
            {t('postEditorPage.restore.message', {
              time: new Intl.DateTimeFormat(undefined, {
                dateStyle: 'medium',
                timeStyle: 'short',
              }).format(new Date(restore.savedAt)),
            })}
          </p>
          <div className="pe-banner__actions">
            <button type="button" className="button button--primary" onClick={handleRestore}>
              {t('postEditorPage.restore.restore')}
            </button>
            <button type="button" className="button" onClick={handleDiscard}>
              {t('postEditorPage.restore.discard')}
            </button>
          </div>
        </Banner>
      ) : null}
      {saveStatus === 'conflict' ? (
        <Banner kind="warning">
          <p>{t('postEditorPage.conflict.message')}</p>
          <div className="pe-banner__actions">
            <button type="button" className="button" onClick={handleReloadNewer}>
              {t('postEditorPage.conflict.reload')}
            </button>
            <button type="button" className="button button--primary" onClick={handleOverwrite}>
              {t('postEditorPage.conflict.overwrite')}
            </button>
          </div>
        </Banner>
      ) : null}

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
        />
      </div>
    </div>
  );
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

function Banner({ kind, children }: { kind: 'info' | 'warning'; children: ReactNode }) {
  return (
    <div className={`pe-banner is-${kind}`} role={kind === 'warning' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

function ScheduleForm({ onSubmit, onCancel }: { onSubmit(value: string): void; onCancel(): void }) {
  const { t } = useTranslation();
  const inputId = useId();
  const [value, setValue] = useState(() => toLocalInput(new Date(Date.now() + 60 * 60 * 1000)));
  const [error, setError] = useState<string | null>(null);
  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const at = new Date(value);
    if (value === '' || Number.isNaN(at.getTime())) {
      setError(t('postEditorPage.errors.scheduleRequired'));
      return;
    }
    if (at.getTime() <= Date.now()) {
      setError(t('postEditorPage.errors.scheduleInPast'));
      return;
    }
    onSubmit(at.toISOString());
  }
  return (
    <form className="pe-schedule" onSubmit={handleSubmit} noValidate>
      <ModalHeader title={t('postEditorPage.schedule.title')} />
      <p className="pe-confirm__text">{t('postEditorPage.schedule.description')}</p>
      <label className="pe-label" htmlFor={inputId}>
        {t('postEditorPage.schedule.label')}
      </label>
      <input
        id={inputId}
        className="pe-input"
        type="datetime-local"
        value={value}
        min={toLocalInput(new Date())}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
        onChange={(event) => {
          setValue(event.target.value);
          setError(null);
        }}
      />
      {error ? (
        <p className="pe-field-error" id={`${inputId}-error`} role="alert">
          {error}
        </p>
      ) : null}
      <div className="pe-confirm__actions">
        <button type="button" className="button" onClick={onCancel}>
          {t('postEditorPage.schedule.cancel')}
        </button>
        <button type="submit" className="button button--primary">
          {t('postEditorPage.schedule.confirm')}
        </button>
      </div>
    </form>
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
}

function SidePanel({
  isOpen,
  onClose,
  draft,
  edit,
  props,
  canEditSettings,
  canChangeLanguage,
}: SidePanelProps) {
  const { t } = useTranslation();
  const id = useId();
  const languageNames = useMemo(() => {
    try {
      return new Intl.DisplayNames(['en'], { type: 'language' });
    } catch {
      return null;
    }
  }, []);
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
    </aside>
  );
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
  const toast = useToast();
  const fileInput = useRef<HTMLInputElement>(null);
  const [isUploading, setUploading] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const { mediaId, isEnabled } = draft.coverImage;
  const src = mediaId ? (preview ?? mediaUrl(mediaId, 640)) : null;

  async function handleFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploading(true);
    try {
      const uploaded = await uploadMedia(file, 'image');
      setPreview(uploaded.thumbnail?.url ?? uploaded.url);
      edit({ coverImage: { isEnabled: true, mediaId: uploaded.id } });
    } catch (error) {
      const code = error instanceof UploadError ? error.code : 'file-upload-failure';
      toast.show({ kind: 'error', message: t(`postEditorPage.toasts.${code}`) });
    } finally {
      setUploading(false);
    }
  }

  return (
    <section className="pe-section">
      <h3 className="pe-label">{t('postEditorPage.panel.cover')}</h3>
      <div className={`pe-cover${src ? ' has-image' : ''}`}>
        {src ? (
          <img className="pe-cover__image" src={src} alt={t('postEditorPage.panel.coverAlt')} />
        ) : (
          <p className="pe-hint">{t('postEditorPage.panel.coverHint')}</p>
        )}
        <div className="pe-cover__actions">
          <button
            type="button"
            className="button"
            disabled={isDisabled || isUploading}
            onClick={() => fileInput.current?.click()}
          >
            {isUploading
              ? t('postEditorPage.panel.coverUploading')
              : src
                ? t('postEditorPage.panel.coverReplace')
                : t('postEditorPage.panel.coverUpload')}
          </button>
          {src ? (
            <button
              type="button"
              className="button"
              disabled={isDisabled || isUploading}
              onClick={() => {
                setPreview(null);
                edit({ coverImage: { isEnabled, mediaId: null } });
              }}
            >
              {t('postEditorPage.panel.coverRemove')}
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
        />
      </div>
      <label className="pe-check">
        <input
          type="checkbox"
          checked={isEnabled}
          disabled={isDisabled}
          onChange={(event) => edit({ coverImage: { mediaId, isEnabled: event.target.checked } })}
        />
        <span>{t('postEditorPage.panel.coverShow')}</span>
      </label>
    </section>
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
