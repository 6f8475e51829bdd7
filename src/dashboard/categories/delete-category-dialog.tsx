/**
 * Deleting a category (issue 17): the dialog asks what happens to its posts (left without it, or
 * moved to another category) before anything is deleted. A category with subcategories cannot
 * go: the dialog says so and offers no delete.
 */
import { type FormEvent, useId, useState } from 'react';
import type { DashboardCategoryView } from '../../domain/dashboard-categories';
import { useToast } from '../../widget/components/toasts';
import { useTranslation } from '../../widget/i18n';
import { callApi } from '../components/api';
import { Dialog } from './dialog';

export interface DeleteCategoryDialogProps {
  category: DashboardCategoryView | null;
  all: readonly DashboardCategoryView[];
  onClose(): void;
  onDeleted(id: string): void;
}

/** The delete dialog of `category` (closed when null). */
export function DeleteCategoryDialog(props: DeleteCategoryDialogProps) {
  return <DeleteBody key={props.category?.id ?? 'none'} {...props} />;
}

function DeleteBody({ category, all, onClose, onDeleted }: DeleteCategoryDialogProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const id = useId();
  const [choice, setChoice] = useState<'leave' | 'move'>('leave');
  const others = all.filter((c) => c.id !== category?.id);
  const [target, setTarget] = useState(others[0]?.id ?? '');
  const [isBusy, setIsBusy] = useState(false);
  const k = 'dashboardCategories.deleteDialog';
  const hasChildren = category !== null && all.some((c) => c.parentId === category.id);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!category || isBusy || hasChildren) return;
    setIsBusy(true);
    const result = await callApi('DELETE', `/api/dashboard/categories/${category.id}`, {
      movePostsTo: choice === 'move' ? target : null,
    });
    setIsBusy(false);
    if (result.ok) {
      toast.show({ kind: 'success', message: t('dashboardCategories.toast.deleted') });
      onDeleted(category.id);
      return;
    }
    const status = result.status;
    toast.show({
      kind: 'error',
      message:
        result.code === 'category_has_subcategories'
          ? t(`${k}.hasChildren`)
          : status === 403 || status === 401
            ? t('dashboardCategories.toast.forbidden')
            : t('dashboardCategories.toast.technicalIssue'),
    });
  }

  return (
    <Dialog
      isOpen={category !== null}
      title={t(`${k}.title`, { label: category?.label ?? '' })}
      onClose={onClose}
      onSubmit={handleSubmit}
      footer={
        <>
          <button type="button" className="dash-button" onClick={onClose}>
            {t(`${k}.cancel`)}
          </button>
          <button
            type="submit"
            className="dash-button dash-button--danger"
            disabled={isBusy || hasChildren || (choice === 'move' && target === '')}
          >
            {t(`${k}.confirm`)}
          </button>
        </>
      }
    >
      {category === null ? null : hasChildren ? (
        <p className="tx-notice">{t(`${k}.hasChildren`)}</p>
      ) : (
        <>
          <p>
            {category.postCount > 0
              ? t(`${k}.posts`, { count: category.postCount })
              : t(`${k}.noPosts`)}{' '}
            {t(`${k}.oldLinks`)}
          </p>
          <fieldset className="tx-choices">
            <legend className="visually-hidden">
              {t(`${k}.title`, { label: category.label })}
            </legend>
            <label className="tx-choice">
              <input
                type="radio"
                name={`${id}-choice`}
                value="leave"
                checked={choice === 'leave'}
                onChange={() => setChoice('leave')}
              />
              <span>{t(`${k}.leave`)}</span>
            </label>
            <label className={`tx-choice${others.length === 0 ? ' is-disabled' : ''}`}>
              <input
                type="radio"
                name={`${id}-choice`}
                value="move"
                checked={choice === 'move'}
                disabled={others.length === 0}
                onChange={() => setChoice('move')}
              />
              <span>{t(`${k}.move`)}</span>
            </label>
          </fieldset>
          {choice === 'move' ? (
            <div className="tx-field">
              <label className="tx-field__label" htmlFor={`${id}-target`}>
                {t(`${k}.moveTo`)}
              </label>
              <select
                id={`${id}-target`}
                className="tx-input"
                value={target}
                onChange={(e) => setTarget(e.target.value)}
              >
                {others.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.parentId
                      ? `${all.find((p) => p.id === c.parentId)?.label ?? ''} › ${c.label}`
                      : c.label}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
        </>
      )}
    </Dialog>
  );
}
