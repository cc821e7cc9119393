import type { ReactElement, ReactNode } from 'react';
import { useIntl } from 'react-intl';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';

/** The tokens after dropping `active` on `over`, or null when nothing moved. */
export function reorder(tokens: readonly string[], event: DragEndEvent): string[] | null {
  const from = tokens.indexOf(String(event.active.id));
  const to = event.over ? tokens.indexOf(String(event.over.id)) : -1;
  if (from < 0 || to < 0 || from === to) return null;
  return arrayMove([...tokens], from, to);
}

/**
 * A vertical sortable list (dnd-kit): mouse or touch drag after a 5 px move, and the keyboard (Space to lift,
 * arrows to move, Space to drop, Escape to cancel) with screen-reader announcements in the user's language.
 */
export function SortableList({
  ids,
  titleOf,
  onReorder,
  announceDrop = true,
  children,
}: {
  ids: readonly string[];
  titleOf: (id: string) => string;
  /** the new order, and the id of the item that moved */
  onReorder: (tokens: string[], moved: string) => void;
  /**
   * false when the list announces a drop itself once the new order is saved: the drop is then said only when
   * nothing moved (dropped where it was picked up)
   */
  announceDrop?: boolean;
  children: ReactNode;
}) {
  const intl = useIntl();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const position = (id: string | number | undefined) => ids.indexOf(String(id)) + 1;
  const say = (key: string, active: string | number, over?: string | number) =>
    intl.formatMessage(
      { id: `structure.projects.sort.${key}` },
      { title: titleOf(String(active)), n: position(over ?? active), total: ids.length },
    );
  const announcements: Announcements = {
    onDragStart: ({ active }) => say('picked', active.id),
    onDragOver: ({ active, over }) => (over ? say('moved', active.id, over.id) : undefined),
    onDragEnd: ({ active, over }) =>
      !over
        ? say('cancelled', active.id)
        : announceDrop || over.id === active.id
          ? say('dropped', active.id, over.id)
          : undefined,
    onDragCancel: ({ active }) => say('cancelled', active.id),
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable: intl.formatMessage({ id: 'structure.projects.sort.instructions' }),
        },
      }}
      onDragEnd={(event) => {
        const next = reorder(ids, event);
        if (next) onReorder(next, String(event.active.id));
      }}
    >
      <SortableContext items={[...ids]} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

/** useSortable plus the style that moves the item while it is dragged. */
export function useSortableItem(id: string, disabled = false) {
  const sortable = useSortable({ id, disabled });
  const style = {
    transform: CSS.Translate.toString(sortable.transform),
    transition: sortable.transition,
    zIndex: sortable.isDragging ? 2 : undefined,
    position: 'relative' as const,
  };
  return { ...sortable, style };
}

/** What a row or card needs in its list's reorder mode, as props (see `SortableItem`). */
export interface DragProps {
  reorder: boolean;
  nodeRef: ReturnType<typeof useSortableItem>['setNodeRef'];
  handleRef: ReturnType<typeof useSortableItem>['setActivatorNodeRef'];
  handleAttributes: ReturnType<typeof useSortableItem>['attributes'];
  handleListeners: ReturnType<typeof useSortableItem>['listeners'];
  style: ReturnType<typeof useSortableItem>['style'];
  dragging: boolean;
}

/** One item of a `SortableList`, for rows rendered lazily (see `lazySortable.tsx`): `children` gets its props. */
export function SortableItem({ id, children }: { id: string; children: (drag: DragProps) => ReactElement }) {
  const { setNodeRef, setActivatorNodeRef, attributes, listeners, style, isDragging } = useSortableItem(id);
  return children({
    reorder: true,
    nodeRef: setNodeRef,
    handleRef: setActivatorNodeRef,
    handleAttributes: attributes,
    handleListeners: listeners,
    style,
    dragging: isDragging,
  });
}
