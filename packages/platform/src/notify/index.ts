export {
  bindNotifyStore,
  dismissNotification,
  NOTIFICATION_LIFETIME_MS,
  notificationsAtom,
  notify,
  pushNotification,
  useNotify,
  type Notification,
  type NotificationType,
  type NotifyInput,
} from './notify';
export { Notifications } from './Notifications';
export { messageIdOf, SPEC_MESSAGES, type SpecMessage } from './messages';
