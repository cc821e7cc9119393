import './platform.css';

export {
  apiErrorOf,
  apiUrl,
  ApiError,
  client,
  ensureCsrfToken,
  onUnauthorized,
  readCookie,
  reportUnauthorized,
  transportWith,
  type HttpMethod,
} from './api';
export {
  apiKey,
  preloadApiGet,
  swrDefaults,
  useApiGet,
  useApiGetWithin,
  withinKey,
  type ApiGetData,
  type GetPath,
  type WithinPath,
} from './useApi';
export { JOB_POLL_MS, useJobProgress, type JobProgress, type JobProgressOptions } from './jobProgress';
export { DEFAULT_LOCALE, isLocale, LOCALES, LOCALE_STORAGE_KEY, localeAtom, type Locale } from './locale';
export {
  fetchProfile,
  refreshSession,
  sessionStatusAtom,
  sessionUserAtom,
  useSession,
  type Session,
  type SessionStatus,
} from './session';
export { MessagesProvider, platformMessages, type Catalogue } from './intl';
export type { RemoteAppModule, RemoteAppProps } from './types';
export { lazyPage, preloadRoutes, type LazyPage } from './lazyPage';
export { Loading } from './ui/Loading';
export { Loaded } from './ui/Loaded';
export { ErrorFromCall } from './ui/ErrorFromCall';
export { ErrorState, type ErrorStateProps } from './ui/ErrorState';
export {
  ERROR_MESSAGE_PREFIX,
  errorMessageId,
  errorMessageOf,
  type ErrorMessage,
  fieldErrorOf,
  GENERIC_ERROR_MESSAGE,
  useErrorMessage,
  useFieldError,
  type FieldRefusal,
} from './errorMessage';
export { RATE_LIMITED_MESSAGE, rateLimitedText, retryMinutesOf } from './ui/rateLimited';
export { PageHeader } from './ui/PageHeader';
export { EmptyState } from './ui/EmptyState';
export { CardTitle, type CardTitleProps } from './ui/CardTitle';
export { NotFound } from './ui/NotFound';
export { DateText } from './ui/DateText';
export { dateLocaleOf, useDateText, useFormatDate } from './ui/formatDate';
export { Tabs, type TabItem, type TabsProps } from './ui/Tabs';
export { LocaleTabs, type LocaleTabsProps } from './ui/LocaleTabs';
export { useLocaleTexts } from './ui/useLocaleTexts';
export { HtmlFrame } from './ui/HtmlFrame';
export * from './notify/index';
export * from './frame/index';
export * from './forms/index';
export * from './table/index';
export * from './map/index';
export {
  addEntry,
  bytesOf,
  clearOutbox,
  endEditing,
  fileOf,
  getEntry,
  hasOutbox,
  listEntries,
  onOutboxChange,
  outboxFileOf,
  pendingCount,
  removeEntry,
  saveValues,
  setEditing,
  updateEntry,
  type NewOutboxEntry,
  type OutboxEntry,
  type OutboxFile,
  type OutboxGeometry,
  type OutboxRefusal,
  type OutboxState,
  type OutboxValue,
} from './outbox/outbox';
export { isTransient, retryEntry, sendOutbox, type OutboxApi, type SendResult } from './outbox/send';
