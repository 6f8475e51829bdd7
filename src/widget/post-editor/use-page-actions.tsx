/**
 * What the editor page's bar and banners do (issue 4 "Writing"): save what is pending, then
 * publish, schedule, update, revert to draft or preview; settle a conflict with a newer saved
 * version; restore or discard a local copy. SPEC §5: publishing checks title and content first;
 * SPEC §8: every outcome is a toast, a refusal is also said beside its fields. Issue 23 (decision
 * 067): Publish and Schedule run the pre-publish checks first and open their panel when something
 * is found; a published or scheduled post gets a banner with the way to it.
 */
import { lazy, type RefObject, Suspense, useCallback, useState } from 'react';
import { flushSync } from 'react-dom';
import { type EditorPostView, requiredFieldsProblem } from '../../domain/post-editor';
import { isInReview } from '../../domain/post-review';
import { type PrepublishFinding, prepublishFindings } from '../../domain/prepublish-checks';
import { postPreviewUrl, postUrl } from '../../domain/routes';
import type { RichDocument } from '../../rich-content/document';
import { isEmptyDocument } from '../../rich-content/text';
import { useModal } from '../components/modal-stack';
import { useToast } from '../components/toasts';
import { useTranslation } from '../i18n';
import { type Autosave, type LocalCopy, localCopyKey, type PostDraft } from './autosave';
import type { ApiResult, EditorApi } from './page-api';
import type { PublishOutcome } from './page-banners';
import { ConfirmDialog, ScheduleForm, SendBackForm, type SendBackOutcome } from './page-dialogs';
import { type PrepublishAnswer, PrepublishPanel } from './prepublish-panel';
import { localStorageOrNull, savesByHand } from './use-page-autosave';

// The History panel and its diff are a chunk of their own, loaded when History is pressed.
const HistoryPanel = lazy(() => import('./history-panel'));

/** A field's problem as the page shows it beside the field (title, content, scheduledFor). */
export type FieldErrors = Record<string, string>;

/** Which of the bar's actions is running. */
export type BusyAction =
  | 'publish'
  | 'revert'
  | 'preview'
  | 'update'
  | 'submit'
  | 'send-back'
  | 'restore';

/** The field problems of the page and the one way they are shown. */
function useFieldProblems(titleInput: RefObject<HTMLTextAreaElement | null>) {
  const { t } = useTranslation();
  const toast = useToast();
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  /** Shows a refusal of the server (or of the SPEC §5 check) beside its fields and as a toast. */
  function showProblem(code: string, fields: Record<string, string>) {
    const errors: FieldErrors = {};
    if (fields.title) errors.title = t('postEditorPage.errors.titleRequired');
    if (fields.content) errors.content = t('postEditorPage.errors.contentRequired');
    if (fields.scheduledFor) errors.scheduledFor = t('postEditorPage.errors.scheduleInPast');
    setFieldErrors(errors);
    const known = [
      'post_title_required',
      'post_content_required',
      'post_fields_required',
      'post_in_review',
      'post_not_in_review',
    ];
    const message = known.includes(code)
      ? t(`postEditorPage.toasts.${code}`)
      : errors.scheduledFor
        ? errors.scheduledFor
        : t('postEditorPage.toasts.technical');
    toast.show({ kind: 'error', message });
    if (errors.title) titleInput.current?.focus();
  }

  return { fieldErrors, setFieldErrors, showProblem };
}

/** What the publishing actions work with. */
export interface PageActionsOptions {
  api: EditorApi;
  base: string;
  siteId: string;
  machine: RefObject<Autosave | null>;
  /** The draft the page shows now. */
  draft: PostDraft;
  /** The post the page shows now (its id names the local copy). */
  post: EditorPostView | null;
  setPost(post: EditorPostView): void;
  restore: LocalCopy | null;
  setRestore(copy: LocalCopy | null): void;
  titleInput: RefObject<HTMLTextAreaElement | null>;
  /** Starts the rich-text editor again from the machine's draft. */
  remountEditor(): void;
  /** Leads the writer to a pre-publish finding (the cover's field, or the editor's `focusFinding`). */
  focusFinding(finding: PrepublishFinding): void;
}

/** A moment as the editor page says it (the bar's scheduled badge says it so too). */
export function formatMoment(iso: string): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

/** The bar's and the banners' actions, the field problems and which action is busy. */
export function usePageActions(options: PageActionsOptions) {
  const { api, base, machine, setPost } = options;
  const { t } = useTranslation();
  const toast = useToast();
  const { openModal } = useModal();
  const { fieldErrors, setFieldErrors, showProblem } = useFieldProblems(options.titleInput);
  const [busy, setBusy] = useState<BusyAction | null>(null);
  const [outcome, setOutcome] = useState<PublishOutcome | null>(null);

  const edit = useCallback(
    (patch: Partial<PostDraft>) => {
      machine.current?.edit(patch);
      setFieldErrors((errors) => {
        const keys = Object.keys(patch);
        if (!keys.some((key) => key in errors)) return errors;
        return Object.fromEntries(Object.entries(errors).filter(([key]) => !keys.includes(key)));
      });
    },
    [machine, setFieldErrors],
  );

  /** SPEC §5, before anything is sent: title required, content required, otherwise both. */
  function checkComplete(): boolean {
    const current = machine.current?.getState().draft ?? options.draft;
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
      machine.current?.setAutomatic(!savesByHand(result.post.status));
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
    kind: BusyAction,
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

  /** Leads the writer to a finding once the panel has closed. */
  function leadTo(finding: PrepublishFinding) {
    // The panel gives focus back to its opener as it closes: let that happen first.
    flushSync(() => {});
    options.focusFinding(finding);
  }

  /**
   * Issue 23: the pre-publish checks of the document as it is now. True when nothing was found or
   * the writer chose to go on anyway; a finding chosen in the panel leads to it instead.
   */
  async function passesChecks(action: 'publish' | 'schedule' | 'check'): Promise<boolean> {
    const current = machine.current?.getState().draft ?? options.draft;
    const findings = prepublishFindings(current.content, current.coverImage);
    if (findings.length === 0 && action !== 'check') return true;
    const answer = await openModal<PrepublishAnswer>(({ close }) => (
      <PrepublishPanel findings={findings} action={action} close={close} />
    ));
    if (answer?.kind === 'fix') leadTo(answer.finding);
    return answer?.kind === 'publish';
  }

  async function handlePublish(scheduledFor?: string) {
    if (!checkComplete()) return;
    // Scheduling ran the checks before its date was asked for.
    if (!scheduledFor && !(await passesChecks('publish'))) return;
    await afterSaving('publish', async ({ postId, revision }) => {
      const result = await api.publish(postId, {
        revision,
        ...(scheduledFor ? { scheduledFor } : {}),
      });
      if (!handleResult(result, scheduledFor ? 'scheduled' : 'published')) return;
      if (result.kind !== 'ok') return;
      const saved = result.post;
      setOutcome(
        scheduledFor
          ? {
              kind: 'scheduled',
              date: formatMoment(saved.scheduledPublishDate ?? scheduledFor),
              previewUrl: postPreviewUrl(base, saved.id, String(saved.revision)),
            }
          : { kind: 'published', postUrl: postUrl(base, saved) },
      );
    });
  }

  const recovery = useRecoveryActions(options, edit);
  const review = useReviewActions(options, { afterSaving, handleResult, checkComplete });
  return {
    fieldErrors,
    busy,
    edit,
    handlePublish,
    /** The banner's outcome of the last Publish or Schedule, until dismissed. */
    outcome,
    handleDismissOutcome() {
      setOutcome(null);
    },
    /** The bar's Checks button: the panel, to read and act on before publishing. */
    async handleChecks() {
      await passesChecks('check');
    },
    async handleUpdate() {
      if (!checkComplete()) return;
      // SPEC §8: a submitted post's changes are "updated in moderation".
      const isWaiting = isInReview(options.post?.status ?? '');
      await afterSaving('update', () => {
        toast.show({
          kind: 'success',
          message: t(
            isWaiting
              ? 'postEditorPage.toasts.updatedInModeration'
              : 'postEditorPage.toasts.updated',
          ),
        });
      });
    },
    ...review,
    async handleRevert() {
      await afterSaving('revert', async ({ postId, revision }) => {
        if (handleResult(await api.unpublish(postId, { revision }), 'revertedToDraft')) {
          setOutcome(null);
        }
      });
    },
    async handlePreview() {
      await afterSaving('preview', ({ postId, revision }) => {
        // The revision as the instance: every saved state has its own, never a stale cached one.
        window.location.assign(postPreviewUrl(base, postId, String(revision)));
      });
    },
    async handleSchedule() {
      if (!checkComplete()) return;
      if (!(await passesChecks('schedule'))) return;
      const chosen = await openModal<string>(({ close }) => (
        <ScheduleForm onSubmit={(value) => close(value)} onCancel={() => close()} />
      ));
      if (chosen) await handlePublish(chosen);
    },
    ...recovery,
  };
}

/**
 * The banners' actions: reload the newer saved version or overwrite it (a conflict), restore or
 * discard the local copy.
 */
function useRecoveryActions(
  options: PageActionsOptions,
  edit: (patch: Partial<PostDraft>) => void,
) {
  const { api, machine, setPost, restore, setRestore, remountEditor } = options;
  const { t } = useTranslation();
  const toast = useToast();
  const { openModal } = useModal();

  async function confirm(title: string, body: string, action: string): Promise<boolean> {
    const answer = await openModal<boolean>(({ close }) => (
      <ConfirmDialog title={title} body={body} action={action} close={close} />
    ));
    return answer === true;
  }

  return {
    async handleReloadNewer() {
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
      autosave.setAutomatic(!savesByHand(result.post.status));
      setPost(result.post);
      remountEditor();
    },
    async handleOverwrite() {
      const isSure = await confirm(
        t('postEditorPage.conflict.confirmTitle'),
        t('postEditorPage.conflict.confirmBody'),
        t('postEditorPage.conflict.confirm'),
      );
      if (isSure && !(await machine.current?.overwrite())) {
        toast.show({ kind: 'error', message: t('postEditorPage.toasts.saveFailed') });
      }
    },
    handleRestore() {
      if (!restore) return;
      edit(restore.draft);
      setRestore(null);
      remountEditor();
    },
    handleDiscard() {
      try {
        localStorageOrNull()?.removeItem(localCopyKey(options.siteId, options.post?.id ?? null));
      } catch {
        // Nothing to discard then.
      }
      setRestore(null);
    },
  };
}

/** What the review and history actions borrow from the page's actions. */
interface ActionSteps {
  afterSaving(
    kind: BusyAction,
    work: (saved: { postId: string; revision: number }) => Promise<void> | void,
  ): Promise<void>;
  handleResult(result: ApiResult, success: string): boolean;
  checkComplete(): boolean;
}

/**
 * The review flow's and the history's actions (decision 034): submit for review, send back with a
 * note, open the History panel and restore a revision from it.
 */
function useReviewActions(options: PageActionsOptions, steps: ActionSteps) {
  const { api, machine, setPost } = options;
  const { afterSaving, handleResult, checkComplete } = steps;
  const { t } = useTranslation();
  const toast = useToast();
  const { openModal } = useModal();

  /** Restores revision `number` after a confirmation; true once the page shows it. */
  async function restoreRevision(number: number): Promise<boolean> {
    const answer = await openModal<boolean>(({ close }) => (
      <ConfirmDialog
        title={t('postEditorPage.history.restoreTitle', { number })}
        body={t('postEditorPage.history.restoreBody')}
        action={t('postEditorPage.history.restoreConfirm')}
        close={close}
      />
    ));
    if (answer !== true) return false;
    let isRestored = false;
    await afterSaving('restore', async ({ postId, revision }) => {
      const result = await api.restoreRevision(postId, number, { revision });
      if (result.kind !== 'ok') {
        handleResult(result, 'revisionRestored');
        return;
      }
      // The restored text replaces what the editor shows.
      machine.current?.accept(result.post, { replaceDraft: true });
      machine.current?.setAutomatic(!savesByHand(result.post.status));
      setPost(result.post);
      options.remountEditor();
      toast.show({
        kind: 'success',
        message: t('postEditorPage.toasts.revisionRestored', { number }),
      });
      isRestored = true;
    });
    return isRestored;
  }

  return {
    /** Decision 034: saves what is pending, then submits the draft for review. */
    async handleSubmit() {
      if (!checkComplete()) return;
      await afterSaving('submit', async ({ postId, revision }) => {
        handleResult(await api.submit(postId, { revision }), 'submittedForModeration');
      });
    },
    /** Saves the editor's own changes, then asks for the note and sends the post back. */
    async handleSendBack() {
      await afterSaving('send-back', async ({ postId, revision }) => {
        await openModal<true>(({ close }) => (
          <SendBackForm
            onCancel={() => close()}
            onSend={async (note): Promise<SendBackOutcome> => {
              const result = await api.sendBack(postId, { note, revision });
              if (result.kind === 'refused' && result.fields.note) return 'note-refused';
              if (handleResult(result, 'sentBack')) {
                close(true);
                return 'sent';
              }
              return 'failed';
            }}
          />
        ));
      });
    },
    /** Opens the History panel over the page. */
    async handleHistory() {
      const postId = machine.current?.getState().postId ?? options.post?.id;
      if (!postId) return;
      await openModal<true>(({ close }) => (
        <Suspense
          fallback={<p className="pe-history__loading">{t('postEditorPage.history.loading')}</p>}
        >
          <HistoryPanel
            api={api}
            postId={postId}
            canRestore={options.post?.permissions.canEdit ?? true}
            current={() => machine.current?.getState().draft ?? options.draft}
            onRestore={restoreRevision}
            close={() => close(true)}
          />
        </Suspense>
      ));
    },
  };
}
