import './frame.css';

export { Modal, type ModalProps } from './Modal';
export {
  askConfirm,
  bindConfirmStore,
  confirm,
  ConfirmDialog,
  ConfirmHost,
  confirmationsAtom,
  useConfirm,
  type ConfirmDialogProps,
  type ConfirmInput,
} from './confirm';
export { Permission, type PermissionProps } from './Permission';
export { DEFAULT_SETTINGS, useSettings, type SettingsState, type SiteSettings } from './settings';
export { ForbiddenPage, GonePage, ServerErrorPage, StatusErrorPage } from './ErrorPages';
export { BOTTOM_INSET_PROPERTY } from './bottomInset';
