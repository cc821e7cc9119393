// The drag-and-drop code (dnd-kit, ~15 KiB compressed) loads only when a list enters its reorder mode: the spec
// orders categories and projects by drag and drop in edit mode only, so the lists' first paint does without it.
import { lazy } from 'react';

export type { DragProps } from './sortable';

/** `SortableList`, loaded on first use. */
export const LazySortableList = lazy(() => import('./sortable').then((m) => ({ default: m.SortableList })));

/** `SortableItem`, loaded on first use. */
export const LazySortableItem = lazy(() => import('./sortable').then((m) => ({ default: m.SortableItem })));
