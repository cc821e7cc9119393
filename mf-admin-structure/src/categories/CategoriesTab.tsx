import { useState } from 'react';
import { createPortal } from 'react-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { CategoryWire } from '@agora/contracts';
import { api, Loading, useActiveCategory, useCategories, useNotify } from '@agora/platform';
import { useAdminHref } from '../projects/base';
import { SortableList, sortOrderMap, useSortableItem } from '../projects/sortable';
import './categories.css';

/** id of the shell's aside slot (shell/src/layout/Layout.tsx) that the tab is rendered into. */
export const ASIDE_SLOT_ID = 'sh-aside-slot';

function CategoryCard({
  category,
  onActive,
}: {
  category: CategoryWire;
  onActive: (c: CategoryWire, on: boolean) => void;
}) {
  const intl = useIntl();
  const href = useAdminHref();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, style, isDragging } = useSortableItem(
    category.token,
  );
  const checkboxId = `st-cat-active-${category.token}`;
  return (
    <li
      ref={setNodeRef}
      style={style}
      className={`st-cat-card${category.active ? '' : ' is-inactive'}${isDragging ? ' is-dragging' : ''}`}
      data-testid="category-card"
      data-token={category.token}
      data-active={category.active}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="st-cat-drag"
        {...attributes}
        {...listeners}
        aria-label={intl.formatMessage({ id: 'structure.projects.sort.handle' }, { title: category.title })}
        data-testid="category-handle"
      >
        {category.summary_img ? (
          <img src={category.summary_img} alt="" className="st-cat-img" draggable={false} />
        ) : (
          <span className="st-cat-img st-cat-noimg" aria-hidden="true">
            {category.title.slice(0, 1).toUpperCase()}
          </span>
        )}
      </button>
      <Link className="st-cat-title" to={href(`/category/${encodeURIComponent(category.token)}`)}>
        {category.title}
      </Link>
      <div className="st-cat-tools" data-testid="category-tools">
        <Link
          to={href(`/category/${encodeURIComponent(category.token)}/edit`)}
          className="st-cat-tool"
          aria-label={intl.formatMessage({ id: 'structure.categories.editOf' }, { title: category.title })}
          data-testid="category-edit"
        >
          <FormattedMessage id="structure.projects.edit" />
        </Link>
        <span className="st-cat-tool">
          <input
            id={checkboxId}
            type="checkbox"
            className="ag-checkbox"
            checked={category.active}
            onChange={(e) => onActive(category, e.target.checked)}
            data-testid="category-active"
          />
          <label htmlFor={checkboxId}>
            <FormattedMessage id="structure.categories.field.active" />
            <span className="st-visually-hidden"> {category.title}</span>
          </label>
        </span>
      </div>
    </li>
  );
}

/**
 * The categories tab (spec part 2 §2 "Categories sidebar tab"): draggable category cards with the summary image,
 * dimmed when inactive; a toolbox (shown on hover and on focus) with edit and the active-category checkbox
 * (checked makes it the only active category, unchecked leaves none); a link to add a category. Dropping a card
 * saves the new order with `PUT category/sortOrder/`.
 */
export function CategoriesTab() {
  const intl = useIntl();
  const notify = useNotify();
  const href = useAdminHref();
  const { data, error, mutate } = useCategories();
  const { setActive } = useActiveCategory();

  const changeActive = async (c: CategoryWire, on: boolean) => {
    try {
      await setActive(on ? c.token : null);
      notify({ type: 'success', body: 'successful update' });
    } catch {
      notify({ type: 'warning', body: 'action denied' });
    }
  };

  const saveOrder = async (tokens: string[]) => {
    if (!data) return;
    const byToken = new Map(data.map((c) => [c.token, c]));
    const next = tokens.map((t, i) => ({ ...(byToken.get(t) as CategoryWire), sort_order: i + 1 }));
    try {
      await mutate(
        async () => {
          await api.put('category/sortOrder/', sortOrderMap(tokens));
          return next;
        },
        { optimisticData: next, rollbackOnError: true, revalidate: false },
      );
      notify({ type: 'success', body: 'successful update' });
    } catch {
      notify({ type: 'warning', body: 'action denied' });
    }
  };

  return (
    <section
      className="st-cat-tab"
      aria-label={intl.formatMessage({ id: 'structure.categories.tab' })}
      data-testid="categories-tab"
    >
      <h3 className="st-cat-heading">
        <FormattedMessage id="structure.categories.tab" />
      </h3>
      {error ? (
        <p role="alert">
          <FormattedMessage id="structure.categories.failed" />
        </p>
      ) : !data ? (
        <Loading />
      ) : data.length === 0 ? (
        <p className="st-muted">
          <FormattedMessage id="structure.categories.none" />
        </p>
      ) : (
        <SortableList
          ids={data.map((c) => c.token)}
          titleOf={(t) => data.find((c) => c.token === t)?.title ?? t}
          onReorder={(tokens) => void saveOrder(tokens)}
        >
          <ul className="st-cat-list">
            {data.map((c) => (
              <CategoryCard key={c.token} category={c} onActive={(x, on) => void changeActive(x, on)} />
            ))}
          </ul>
        </SortableList>
      )}
      <Link className="ag-button st-cat-add" to={href('/category/add')} data-testid="category-add">
        <FormattedMessage id="structure.categories.add" />
      </Link>
    </section>
  );
}

/** The categories tab rendered into the shell's aside while this remote is mounted (nothing when there is none). */
export function CategoriesAside() {
  // The shell's layout is on the page before any remote loads (remotes are loaded lazily inside it).
  const [slot] = useState(() => document.getElementById(ASIDE_SLOT_ID));
  return slot ? createPortal(<CategoriesTab />, slot) : null;
}
