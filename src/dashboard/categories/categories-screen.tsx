/**
 * `/dashboard/categories` (issue 17 § Categories): the two-level tree in display order with its
 * reorder controls, the create and edit dialog, and the delete dialog. The list changes at once
 * on the screen; a reorder that the API refuses puts the previous order back and says so.
 */
import { useState } from 'react';
import type {
  DashboardCategoriesView,
  DashboardCategoryView,
} from '../../domain/dashboard-categories';
import { useToast } from '../../widget/components/toasts';
import { useTranslation } from '../../widget/i18n';
import { callApi } from '../components/api';
import { DashboardPage } from '../components/page';
import { CategoryForm } from './category-form';
import { CategoryTree } from './category-tree';
import { DeleteCategoryDialog } from './delete-category-dialog';
import './taxonomy.css';

type Editing =
  | { mode: 'closed' }
  | { mode: 'create'; parentId: string | null }
  | { mode: 'edit'; category: DashboardCategoryView };

/** The categories screen, from the loader's list. */
export function CategoriesScreen({ initial }: { initial: DashboardCategoryView[] }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [categories, setCategories] = useState(initial);
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  const [deleting, setDeleting] = useState<DashboardCategoryView | null>(null);
  const k = 'dashboardCategories';

  async function handleReorder(parentId: string | null, ids: string[]) {
    const before = categories;
    const positions = new Map(ids.map((id, i) => [id, i]));
    setCategories((current) =>
      current.map((c) =>
        c.parentId === parentId && positions.has(c.id)
          ? { ...c, displayPosition: positions.get(c.id)! }
          : c,
      ),
    );
    const result = await callApi<DashboardCategoriesView>(
      'PUT',
      '/api/dashboard/categories/order',
      { ids },
    );
    if (result.ok) {
      setCategories(result.value.categories);
      toast.show({ kind: 'info', message: t(`${k}.reorder.saved`) });
    } else {
      setCategories(before);
      toast.show({ kind: 'error', message: t(`${k}.reorder.failed`) });
    }
  }

  /** The list again from the API: addresses and counts a write changed elsewhere in it. */
  async function refresh() {
    const result = await callApi<DashboardCategoriesView>('GET', '/api/dashboard/categories');
    if (result.ok) setCategories(result.value.categories);
  }

  function handleSaved(saved: DashboardCategoryView, isNew: boolean) {
    setCategories((current) =>
      isNew ? [...current, saved] : current.map((c) => (c.id === saved.id ? saved : c)),
    );
    setEditing({ mode: 'closed' });
    // A renamed parent changes its children's addresses.
    void refresh();
  }

  return (
    <DashboardPage
      title={t(`${k}.title`)}
      description={t(`${k}.lead`)}
      actions={
        <button
          type="button"
          className="dash-button dash-button--primary"
          onClick={() => setEditing({ mode: 'create', parentId: null })}
        >
          <span aria-hidden="true">+</span>
          {t(`${k}.new`)}
        </button>
      }
    >
      <div className="tx-screen">
        {categories.length === 0 ? (
          <div className="tx-empty">
            <h2>{t(`${k}.empty.title`)}</h2>
            <p>{t(`${k}.empty.text`)}</p>
          </div>
        ) : (
          <CategoryTree
            categories={categories}
            onReorder={handleReorder}
            onEdit={(category) => setEditing({ mode: 'edit', category })}
            onDelete={setDeleting}
            onAddSub={(parent) => setEditing({ mode: 'create', parentId: parent.id })}
          />
        )}
        <CategoryForm
          isOpen={editing.mode !== 'closed'}
          category={editing.mode === 'edit' ? editing.category : null}
          parentId={editing.mode === 'create' ? editing.parentId : null}
          all={categories}
          onClose={() => setEditing({ mode: 'closed' })}
          onSaved={handleSaved}
        />
        <DeleteCategoryDialog
          category={deleting}
          all={categories}
          onClose={() => setDeleting(null)}
          onDeleted={(id) => {
            setCategories((current) => current.filter((c) => c.id !== id));
            setDeleting(null);
            // Moved posts change the receiving category's count.
            void refresh();
          }}
        />
      </div>
    </DashboardPage>
  );
}
