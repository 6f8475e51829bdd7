/**
 * The post page's member actions that end in a toast (SPEC §8): reporting a post or a comment
 * (the dialog loads on the first press). Shared by the comments and the post's menu (following is
 * `use-follow.ts`). They need the page's `ToastProvider` and
 * `ModalProvider`.
 */
import { lazy, Suspense, useCallback } from 'react';
import type { ReportTarget } from '../../domain/comments';
import { ModalHeader, useModal } from '../components/modal-stack';
import { useToast } from '../components/toasts';
import { useTranslation } from '../i18n';
import type { ReportOutcome } from './report-dialog';

export { useFollow } from './use-follow';

const ReportDialog = lazy(() => import('./report-dialog'));

/** Opens the report dialog for a post or a comment and says how it went. */
export function useReport() {
  const { t } = useTranslation();
  const { openModal } = useModal();
  const { show } = useToast();
  return useCallback(
    async (targetType: ReportTarget, targetId: string) => {
      const outcome = await openModal<ReportOutcome>(({ close }) => (
        <Suspense fallback={<ModalHeader title={t('comments.editorLoading')} />}>
          <ReportDialog targetType={targetType} targetId={targetId} close={close} />
        </Suspense>
      ));
      if (outcome)
        show({
          kind: 'success',
          message: t(outcome === 'sent' ? 'report.thanks' : 'report.already'),
        });
    },
    [openModal, show, t],
  );
}
