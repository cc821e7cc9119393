import { useState } from 'react';
import { createPortal } from 'react-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { client, Loading, useNotify } from '@agora/platform';
import { useActiveCategory, useCategories } from '../shared';
import { useAdminHref } from '../projects/base';
import { Reorderable, ReorderToggle, type DragProps } from '../projects/lazySortable';
import { saveSortOrder } from '../projects/order';
import './categories.css';
import type { CategoryAnswer } from '@agora/contracts/api';

/** id of the shell's aside slot (shell/src/layout/Layout.tsx) that the tab is rendered into. */
export const ASIDE_SLOT_ID = 'sh-aside-slot';

/** A category's card; in the tab's reorder mode (`reorder`) its image is the drag handle. */
function CategoryCard({
  category,
  onActive,
  reorder = false,
  nodeRef,
  handleRef,
  handleAttributes,
  handleListeners,
  style,
  dragging = false,
}: {
  category: CategoryAnswer;
  onActive: (c: CategoryAnswer, on: boolean) => void;
} & Partial<DragProps>) {
  const intl = useIntl();
  const href = useAdminHref();
  const checkboxId = `st-cat-active-${category.token}`;
  const image = category.summary_img ? (
    <img src={category.summary_img} alt="" className="st-cat-img" draggable={false} />
  ) : (
    <span className="st-cat-img st-cat-noimg" aria-hidden="true">
      {category.title.slice(0, 1).toUpperCase()}
    </span>
  );
  return (
    <li
      ref={nodeRef}
      style={style}
      className={`st-cat-card${category.active ? '' : ' is-inactive'}${dragging ? ' is-dragging' : ''}`}
      data-testid="category-card"
      data-token={category.token}
      data-active={category.active}
    >
      {reorder ? (
        <button
          type="button"
          ref={handleRef}
          className="st-cat-drag"
          {...handleAttributes}
          {...handleListeners}
          aria-label={intl.formatMessage({ id: 'structure.projects.sort.handle' }, { title: category.title })}
          data-testid="category-handle"
        >
          {image}
        </button>
      ) : (
        <span className="st-cat-drag">{image}</span>
      )}
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
 * The categories tab (spec part 2 §2 "Categories sidebar tab"): category cards with the summary image, dimmed when
 * inactive, draggable in the tab's reorder mode (spec part 2 §4: drag and drop in edit mode only); a toolbox (shown on hover and on focus) with edit and the active-category checkbox
 * (checked makes it the only active category, unchecked leaves none); a link to add a category. Dropping a card
 * saves the new order with `PUT category/sortOrder`.
 */
export function CategoriesTab() {
  const intl = useIntl();
  const notify = useNotify();
  const href = useAdminHref();
  const { data, error, mutate } = useCategories();
  const { setActive } = useActiveCategory();
  const [reorder, setReorder] = useState(false);

  const changeActive = async (c: CategoryAnswer, on: boolean) => {
    try {
      await setActive(on ? c.token : null);
      notify({ type: 'success', body: 'successful update' });
    } catch {
      notify({ type: 'warning', body: 'action denied' });
    }
  };

  const saveOrder = (tokens: string[]) =>
    saveSortOrder({
      data,
      tokens,
      put: (body) => client.PUT('/api/category/sortOrder', { body }),
      mutate,
      notify,
    });

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
        <>
          {data.length > 1 && (
            <ReorderToggle
              on={reorder}
              onToggle={() => setReorder((on) => !on)}
              className="st-cat-reorder"
              testId="categories-reorder"
            />
          )}
          <Reorderable
            reorder={reorder}
            items={data}
            onReorder={(tokens) => void saveOrder(tokens)}
            wrap={(cards) => <ul className="st-cat-list">{cards}</ul>}
            render={(c, drag) => (
              <CategoryCard category={c} onActive={(x, on) => void changeActive(x, on)} {...drag} />
            )}
          />
        </>
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
