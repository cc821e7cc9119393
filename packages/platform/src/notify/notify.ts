import { atom, getDefaultStore, useStore, type Store } from 'jotai';
import { useCallback } from 'react';

export type NotificationType = 'success' | 'warning' | 'danger' | 'info';

/** What `notify` takes: `body` is a spec text ('data posted'), a message id, or free text. */
export interface NotifyInput {
  type: NotificationType;
  body: string;
  /** values for the message's placeholders */
  values?: Record<string, string | number>;
  /** lifetime multiplier: the notification stays NOTIFICATION_LIFETIME_MS × duration (default 1) */
  duration?: number;
}

/** A notification in the queue (spec part 1 §3: id, type, body, status, time, duration). */
export interface Notification extends Required<Omit<NotifyInput, 'values'>> {
  id: number;
  values?: Record<string, string | number>;
  status: 'shown';
  /** when it was queued, ms since epoch */
  time: number;
}

/** Lifetime of a notification with duration 1 (spec part 1 §9). */
export const NOTIFICATION_LIFETIME_MS = 5000;

/** The queue, oldest first. */
export const notificationsAtom = atom<Notification[]>([]);

let nextId = 1;
let boundStore: Store | undefined;

/** The shell binds its store once, so `notify()` called outside React reaches the rendered queue. */
export function bindNotifyStore(store: Store): void {
  boundStore = store;
}

export function pushNotification(store: Store, input: NotifyInput): number {
  const id = nextId++;
  const item: Notification = {
    id,
    type: input.type,
    body: input.body,
    values: input.values,
    duration: input.duration && input.duration > 0 ? input.duration : 1,
    status: 'shown',
    time: Date.now(),
  };
  // the same message again (a form sent twice) replaces the one shown: it moves last and lives anew
  const same = (n: Notification) =>
    n.type === item.type && n.body === item.body && JSON.stringify(n.values) === JSON.stringify(item.values);
  store.set(notificationsAtom, (queue) => [...queue.filter((n) => !same(n)), item]);
  return id;
}

export function dismissNotification(store: Store, id: number): void {
  store.set(notificationsAtom, (queue) => queue.filter((n) => n.id !== id));
}

/** Queues a notification in the shell's store; returns its id. */
export function notify(input: NotifyInput): number {
  return pushNotification(boundStore ?? getDefaultStore(), input);
}

/** `notify` for the store of the nearest jotai Provider (what components should use). */
export function useNotify(): (input: NotifyInput) => number {
  const store = useStore();
  return useCallback((input: NotifyInput) => pushNotification(store, input), [store]);
}
