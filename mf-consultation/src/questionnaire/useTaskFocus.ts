// A task that ends takes its panel or dialog with it, and the focused control: the focus goes into the next
// task's panel, else to the map (its answers follow it in the Tab order), rather than being lost at the top of
// the page (dialogs move the focus into themselves).
import { useEffect, useRef, type RefObject } from 'react';
import type { Task } from './task';

export function useTaskFocus(
  task: Task,
  panel: RefObject<HTMLElement | null>,
  map: RefObject<HTMLElement | null>,
): void {
  const focusedTask = useRef(task);
  useEffect(() => {
    if (focusedTask.current === task) return;
    focusedTask.current = task;
    const focused = document.activeElement;
    if (focused && focused !== document.body) return;
    const first = panel.current?.querySelector<HTMLElement>('button, a[href], input, select, summary');
    (first ?? map.current)?.focus();
  }, [task, panel, map]);
}
