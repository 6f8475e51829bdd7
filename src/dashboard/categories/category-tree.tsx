/**
 * The categories as a two-level tree (SPEC §2) in display order, reordered by dragging a row's
 * handle or with the keyboard (issue 17; SPEC §6 editors "reorder categories"): focus a handle,
 * Space lifts the category, the arrow keys move it among its siblings, Space drops it and Escape
 * puts it back; a live region says each step. Move up / down buttons do the same in one press
 * (and on touch screens). A drop saves the siblings' new order.
 */
import { type DragEvent, type KeyboardEvent, useRef, useState } from 'react';
import {
  type CategoryTreeNode,
  categoryTree,
  type DashboardCategoryView,
  moveId,
} from '../../domain/dashboard-categories';
import { HEADER_CATEGORY_LIMIT } from '../../domain/nav-overflow';
import { useTranslation } from '../../widget/i18n';

export interface CategoryTreeProps {
  categories: readonly DashboardCategoryView[];
  /** Saves the new order of the children of `parentId` (null: the top level). */
  onReorder(parentId: string | null, ids: string[]): void;
  onEdit(category: DashboardCategoryView): void;
  onDelete(category: DashboardCategoryView): void;
  onAddSub(parent: DashboardCategoryView): void;
}

interface Lifted {
  id: string;
  parentId: string | null;
  /** The siblings' order when it was lifted (Escape goes back to it). */
  original: string[];
}

/** The category tree with its reorder controls. */
export function CategoryTree({
  categories,
  onReorder,
  onEdit,
  onDelete,
  onAddSub,
}: CategoryTreeProps) {
  const { t } = useTranslation();
  const k = 'dashboardCategories';
  // A group's order while a drag or a keyboard move is under way, before it is saved.
  const [preview, setPreview] = useState<{ parentId: string | null; ids: string[] } | null>(null);
  const [lifted, setLifted] = useState<Lifted | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const handles = useRef(new Map<string, HTMLButtonElement>());

  const tree = categoryTree(categories);
  const byId = new Map(categories.map((c) => [c.id, c]));
  const siblingIds = (parentId: string | null): string[] =>
    parentId === null
      ? tree.map((n) => n.category.id)
      : (tree.find((n) => n.category.id === parentId)?.children.map((c) => c.id) ?? []);
  const orderOf = (parentId: string | null): string[] =>
    preview && preview.parentId === parentId ? preview.ids : siblingIds(parentId);
  const labelOf = (id: string) => byId.get(id)?.label ?? '';

  const focusHandle = (id: string) => {
    // After React re-renders the moved row.
    requestAnimationFrame(() => handles.current.get(id)?.focus());
  };

  function commit(parentId: string | null, ids: string[], original: string[]) {
    setPreview(null);
    if (ids.join() !== original.join()) onReorder(parentId, ids);
  }

  function handleKey(event: KeyboardEvent<HTMLButtonElement>, category: DashboardCategoryView) {
    const parentId = category.parentId;
    const ids = orderOf(parentId);
    const count = ids.length;
    const isLifted = lifted?.id === category.id;
    if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      if (!isLifted) {
        setLifted({ id: category.id, parentId, original: ids });
        setPreview({ parentId, ids });
        setAnnouncement(
          t(`${k}.reorder.lifted`, {
            label: category.label,
            position: ids.indexOf(category.id) + 1,
            count,
          }),
        );
      } else {
        setAnnouncement(
          t(`${k}.reorder.dropped`, {
            label: category.label,
            position: ids.indexOf(category.id) + 1,
            count,
          }),
        );
        setLifted(null);
        commit(parentId, ids, lifted.original);
        focusHandle(category.id);
      }
      return;
    }
    if (!isLifted) return;
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      const next = moveId(ids, category.id, event.key === 'ArrowUp' ? -1 : 1);
      setPreview({ parentId, ids: next });
      setAnnouncement(
        t(`${k}.reorder.moved`, {
          label: category.label,
          position: next.indexOf(category.id) + 1,
          count,
        }),
      );
      focusHandle(category.id);
    } else if (event.key === 'Escape' || event.key === 'Tab') {
      if (event.key === 'Escape') event.preventDefault();
      setPreview(null);
      setLifted(null);
      setAnnouncement(
        t(`${k}.reorder.cancelled`, {
          label: category.label,
          position: lifted.original.indexOf(category.id) + 1,
        }),
      );
      focusHandle(category.id);
    }
  }

  function moveBy(category: DashboardCategoryView, delta: number) {
    const ids = siblingIds(category.parentId);
    const next = moveId(ids, category.id, delta);
    setAnnouncement(
      t(`${k}.reorder.moved`, {
        label: category.label,
        position: next.indexOf(category.id) + 1,
        count: ids.length,
      }),
    );
    commit(category.parentId, next, ids);
  }

  const { handleDragStart, handleDragOver, handleDrop, handleDragEnd } = useDragReorder({
    siblingIds,
    orderOf,
    setPreview,
    commit,
    announce: (id, ids) =>
      setAnnouncement(
        t(`${k}.reorder.dropped`, {
          label: labelOf(id),
          position: ids.indexOf(id) + 1,
          count: ids.length,
        }),
      ),
  });

  function row(category: DashboardCategoryView, index: number, count: number, childCount: number) {
    const isLifted = lifted?.id === category.id;
    return (
      <CategoryRow
        category={category}
        parentSlug={category.parentId ? (byId.get(category.parentId)?.slug ?? null) : null}
        index={index}
        count={count}
        childCount={childCount}
        isLifted={isLifted}
        handleRef={(el) => {
          if (el) handles.current.set(category.id, el);
          else handles.current.delete(category.id);
        }}
        onHandleKey={(e) => handleKey(e, category)}
        onHandleLeave={() => {
          if (isLifted) {
            setLifted(null);
            setPreview(null);
          }
        }}
        onDragStart={(e) => handleDragStart(e, category)}
        onDragEnd={handleDragEnd}
        onDragOver={(e) => handleDragOver(e, category)}
        onDrop={handleDrop}
        onMove={(delta) => moveBy(category, delta)}
        onEdit={() => onEdit(category)}
        onDelete={() => onDelete(category)}
        onAddSub={() => onAddSub(category)}
      />
    );
  }

  const topIds = orderOf(null);
  const nodes = new Map<string, CategoryTreeNode<DashboardCategoryView>>(
    tree.map((n) => [n.category.id, n]),
  );
  return (
    <div className="tx-tree">
      <p id="tx-reorder-help" className="tx-tree__help">
        {t(`${k}.reorder.help`)}
      </p>
      <ol className="tx-tree__list" aria-label={t(`${k}.title`)}>
        {topIds.map((id, index) => {
          const node = nodes.get(id);
          if (!node) return null;
          const childIds = orderOf(id);
          return (
            <li key={id} className="tx-tree__item">
              {row(node.category, index, topIds.length, node.children.length)}
              {childIds.length > 0 ? (
                <ol className="tx-tree__children" aria-label={node.category.label}>
                  {childIds.map((childId, childIndex) => {
                    const child = byId.get(childId);
                    return child ? (
                      <li key={childId} className="tx-tree__item">
                        {row(child, childIndex, childIds.length, 0)}
                      </li>
                    ) : null;
                  })}
                </ol>
              ) : null}
            </li>
          );
        })}
      </ol>
      <div className="visually-hidden" aria-live="assertive" aria-atomic="true">
        {announcement}
      </div>
    </div>
  );
}

interface CategoryRowProps {
  category: DashboardCategoryView;
  /** A subcategory's parent's slug: its address goes through it (SPEC §2). */
  parentSlug: string | null;
  index: number;
  count: number;
  childCount: number;
  isLifted: boolean;
  handleRef(el: HTMLButtonElement | null): void;
  onHandleKey(event: KeyboardEvent<HTMLButtonElement>): void;
  /** Focus left the lifted handle for another element: the move is cancelled. */
  onHandleLeave(): void;
  onDragStart(event: DragEvent<HTMLElement>): void;
  onDragEnd(): void;
  onDragOver(event: DragEvent<HTMLElement>): void;
  onDrop(event: DragEvent<HTMLElement>): void;
  onMove(delta: number): void;
  onEdit(): void;
  onDelete(): void;
  onAddSub(): void;
}

/** One category of the tree: its reorder controls, name, address, counts and actions. */
function CategoryRow(props: CategoryRowProps) {
  const { t } = useTranslation();
  const { category, index, count, childCount, isLifted } = props;
  const k = 'dashboardCategories';
  const isTop = category.parentId === null;
  const isOffHeader = isTop && index >= HEADER_CATEGORY_LIMIT;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a drop target for the handle's drag; the handle's keyboard moves and the up and down buttons do the same without a mouse.
    <div
      className={`tx-row${isLifted ? ' is-lifted' : ''}${isTop ? '' : ' tx-row--child'}`}
      data-category-row={category.id}
      onDragOver={props.onDragOver}
      onDrop={props.onDrop}
    >
      <div className="tx-row__move">
        <button
          type="button"
          className="tx-handle"
          draggable
          ref={props.handleRef}
          aria-label={t(`${k}.reorder.handle`, { label: category.label })}
          aria-describedby="tx-reorder-help"
          aria-pressed={isLifted}
          onKeyDown={props.onHandleKey}
          onBlur={(e) => {
            // Moving the row in the DOM blurs it with no new target: only a real leave cancels.
            if (e.relatedTarget !== null) props.onHandleLeave();
          }}
          onDragStart={props.onDragStart}
          onDragEnd={props.onDragEnd}
        >
          <GripIcon />
        </button>
        <div className="tx-row__steps">
          <button
            type="button"
            className="tx-step"
            aria-label={t(`${k}.reorder.up`, { label: category.label })}
            disabled={index === 0}
            onClick={() => props.onMove(-1)}
          >
            <ChevronIcon path="M2 8l4-4 4 4" />
          </button>
          <button
            type="button"
            className="tx-step"
            aria-label={t(`${k}.reorder.down`, { label: category.label })}
            disabled={index === count - 1}
            onClick={() => props.onMove(1)}
          >
            <ChevronIcon path="M2 4l4 4 4-4" />
          </button>
        </div>
      </div>
      <div className="tx-row__main">
        <div className="tx-row__title">
          <span className="tx-row__label">{category.label}</span>
          {category.menuLabel !== category.label ? (
            <span className="tx-row__menu-label">“{category.menuLabel}”</span>
          ) : null}
        </div>
        <div className="tx-row__meta">
          <a className="tx-row__slug" href={category.link} target="_blank" rel="noreferrer">
            {props.parentSlug ? `/${props.parentSlug}` : ''}/{category.slug}
          </a>
          <span className="tx-dot" aria-hidden="true">
            ·
          </span>
          <span>{t(`${k}.posts`, { count: category.postCount })}</span>
          {isTop && childCount > 0 ? (
            <>
              <span className="tx-dot" aria-hidden="true">
                ·
              </span>
              <span>{t(`${k}.subcategories`, { count: childCount })}</span>
            </>
          ) : null}
          {isOffHeader ? <span className="tx-badge">{t(`${k}.notInHeader`)}</span> : null}
        </div>
      </div>
      <div className="tx-row__actions">
        {isTop ? (
          <button
            type="button"
            className="dash-button tx-button--small dash-button--quiet"
            aria-label={t(`${k}.addSubTo`, { label: category.label })}
            onClick={props.onAddSub}
          >
            <span aria-hidden="true">+ </span>
            <span className="tx-hide-narrow">{t(`${k}.addSub`)}</span>
          </button>
        ) : null}
        <button
          type="button"
          className="dash-button tx-button--small"
          aria-label={t(`${k}.editNamed`, { label: category.label })}
          onClick={props.onEdit}
        >
          {t(`${k}.edit`)}
        </button>
        <button
          type="button"
          className="dash-button tx-button--small tx-button--danger-quiet"
          aria-label={t(`${k}.deleteNamed`, { label: category.label })}
          onClick={props.onDelete}
        >
          {t(`${k}.delete`)}
        </button>
      </div>
    </div>
  );
}

function GripIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <circle cx="5" cy="3" r="1.4" />
      <circle cx="11" cy="3" r="1.4" />
      <circle cx="5" cy="8" r="1.4" />
      <circle cx="11" cy="8" r="1.4" />
      <circle cx="5" cy="13" r="1.4" />
      <circle cx="11" cy="13" r="1.4" />
    </svg>
  );
}

function ChevronIcon({ path }: { path: string }) {
  return (
    <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
      <path d={path} fill="none" stroke="currentColor" strokeWidth="1.8" />
    </svg>
  );
}

interface DragDeps {
  siblingIds(parentId: string | null): string[];
  orderOf(parentId: string | null): string[];
  setPreview(preview: { parentId: string | null; ids: string[] } | null): void;
  commit(parentId: string | null, ids: string[], original: string[]): void;
  announce(id: string, ids: string[]): void;
}

/**
 * Drag and drop among siblings: the group's order follows the pointer while dragging (a preview),
 * and a drop saves it; a drag that ends elsewhere puts the order back.
 */
function useDragReorder({ siblingIds, orderOf, setPreview, commit, announce }: DragDeps) {
  const dragging = useRef<{ id: string; parentId: string | null; original: string[] } | null>(null);

  function handleDragStart(event: DragEvent<HTMLElement>, category: DashboardCategoryView) {
    const original = siblingIds(category.parentId);
    dragging.current = { id: category.id, parentId: category.parentId, original };
    event.dataTransfer.effectAllowed = 'move';
    event.dataTransfer.setData('text/plain', category.id);
    setPreview({ parentId: category.parentId, ids: original });
  }

  function handleDragOver(event: DragEvent<HTMLElement>, over: DashboardCategoryView) {
    const drag = dragging.current;
    if (!drag || drag.parentId !== over.parentId) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    if (drag.id === over.id) return;
    const ids = orderOf(drag.parentId);
    const next = moveId(ids, drag.id, ids.indexOf(over.id) - ids.indexOf(drag.id));
    if (next.join() !== ids.join()) setPreview({ parentId: drag.parentId, ids: next });
  }

  function handleDrop(event: DragEvent<HTMLElement>) {
    const drag = dragging.current;
    if (!drag) return;
    event.preventDefault();
    dragging.current = null;
    const ids = orderOf(drag.parentId);
    announce(drag.id, ids);
    commit(drag.parentId, ids, drag.original);
  }

  function handleDragEnd() {
    if (dragging.current) {
      dragging.current = null;
      setPreview(null);
    }
  }

  return { handleDragStart, handleDragOver, handleDrop, handleDragEnd };
}
