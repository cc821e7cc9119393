// The drag-and-drop code (dnd-kit, ~15 KiB compressed) loads only when a list enters its reorder mode: the spec
// orders categories and projects by drag and drop in edit mode only, so the lists' first paint does without it.
import { Fragment, lazy, Suspense, type ReactElement, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Loading } from '@agora/platform';
import type { DragProps } from './sortable';

export type { DragProps } from './sortable';

const LazySortableList = lazy(() => import('./sortable').then((m) => ({ default: m.SortableList })));
const LazySortableItem = lazy(() => import('./sortable').then((m) => ({ default: m.SortableItem })));

/** The button that turns a list's reorder mode on ('Reorder') and off ('Done reordering'). */
export function ReorderToggle({
  on,
  onToggle,
  className,
  testId,
}: {
  on: boolean;
  onToggle: () => void;
  className?: string;
  testId: string;
}) {
  return (
    <button
      type="button"
      className={className ? `ag-button ${className}` : 'ag-button'}
      aria-pressed={on}
      onClick={onToggle}
      data-testid={testId}
    >
      <FormattedMessage id={on ? 'structure.projects.sort.done' : 'structure.projects.sort.start'} />
    </button>
  );
}

/**
 * Items (categories, projects) in `wrap`: as they are, or in the reorder mode as a sortable list (the drag code
 * loads then), each rendered with its `DragProps`; a drop calls `onReorder` with the tokens in their new order.
 */
export function Reorderable<T extends { token: string; title: string }>({
  reorder,
  items,
  onReorder,
  wrap,
  render,
}: {
  reorder: boolean;
  items: readonly T[];
  onReorder: (tokens: string[]) => void;
  wrap: (children: ReactNode) => ReactElement;
  render: (item: T, drag?: DragProps) => ReactElement;
}) {
  if (!reorder) return wrap(items.map((item) => <Fragment key={item.token}>{render(item)}</Fragment>));
  return (
    <Suspense fallback={<Loading />}>
      <LazySortableList
        ids={items.map((item) => item.token)}
        titleOf={(t) => items.find((item) => item.token === t)?.title ?? t}
        onReorder={onReorder}
      >
        {wrap(
          items.map((item) => (
            <LazySortableItem key={item.token} id={item.token}>
              {(drag) => render(item, drag)}
            </LazySortableItem>
          )),
        )}
      </LazySortableList>
    </Suspense>
  );
}
