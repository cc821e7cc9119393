import { useEffect } from 'react';
import { useAtomValue, useStore } from 'jotai';
import { useIntl } from 'react-intl';
import { messageIdOf } from './messages';
import {
  dismissNotification,
  NOTIFICATION_LIFETIME_MS,
  notificationsAtom,
  type Notification,
} from './notify';

function NotificationItem({ item }: { item: Notification }) {
  const intl = useIntl();
  const store = useStore();
  useEffect(() => {
    const timer = setTimeout(
      () => dismissNotification(store, item.id),
      NOTIFICATION_LIFETIME_MS * item.duration,
    );
    return () => clearTimeout(timer);
  }, [store, item.id, item.duration]);
  const id = messageIdOf(item.body, intl.messages);
  const text = id ? intl.formatMessage({ id }, item.values) : item.body;
  return (
    <li
      className={`ag-notification ag-notification-${item.type}`}
      data-testid="notification"
      data-type={item.type}
    >
      <span className="ag-notification-body">{text}</span>
      <button
        type="button"
        className="ag-notification-close"
        onClick={() => dismissNotification(store, item.id)}
        aria-label={intl.formatMessage({ id: 'platform.close' })}
      >
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}

/**
 * The queue, rendered once by the shell: a polite live region (danger messages are announced the same way, so
 * they never interrupt a screen reader mid-sentence). Each notification goes after 5000 ms × its duration.
 */
export function Notifications() {
  const queue = useAtomValue(notificationsAtom);
  const intl = useIntl();
  return (
    <section
      className="ag-notifications"
      aria-live="polite"
      aria-label={intl.formatMessage({ id: 'platform.notifications' })}
      data-testid="notifications"
    >
      <ul>
        {queue.map((item) => (
          <NotificationItem key={item.id} item={item} />
        ))}
      </ul>
    </section>
  );
}
