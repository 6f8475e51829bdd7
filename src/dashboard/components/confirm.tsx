/**
 * "Are you sure?" for the dashboard's destructive actions (issue 17: each confirmed when
 * destructive): a modal of the stack (SPEC §4) with Cancel and the action, the action red when it
 * cannot be undone. Resolves to true only when the action was pressed.
 */
import { useCallback } from 'react';
import { ModalHeader, useModal } from '../../widget/components/modal-stack';
import { useTranslation } from '../../widget/i18n';

export interface ConfirmOptions {
  title: string;
  body: string;
  /** The action's button label ("Move to trash", "Delete forever"). */
  action: string;
  /** The action cannot be undone: its button is red. */
  isDestructive?: boolean;
}

/** `confirm(options)` → whether the member confirmed. */
export function useConfirm(): (options: ConfirmOptions) => Promise<boolean> {
  const { openModal } = useModal();
  return useCallback(
    async (options) =>
      (await openModal<boolean>(({ close }) => <ConfirmDialog {...options} close={close} />)) ===
      true,
    [openModal],
  );
}

function ConfirmDialog({
  title,
  body,
  action,
  isDestructive = false,
  close,
}: ConfirmOptions & { close(value?: boolean): void }) {
  const { t } = useTranslation();
  return (
    <div className="dash-confirm">
      <ModalHeader title={title} />
      <p className="dash-confirm__text">{body}</p>
      <div className="dash-confirm__actions">
        <button type="button" className="dash-button" onClick={() => close(false)}>
          {t('dashboard.cancel')}
        </button>
        <button
          type="button"
          className={`dash-button ${isDestructive ? 'dash-button--danger' : 'dash-button--primary'}`}
          onClick={() => close(true)}
        >
          {action}
        </button>
      </div>
    </div>
  );
}
