import type { ServiceName } from './routing.js';

/** The services whose validation routes (`validation/scope/…`, `checkIfExists/scope/…`) name their own codes. */
type ScopeValidating = 'ACCOUNTS' | 'LIBRARY' | 'CONSULTATION';
const scopeValidationCodes = <P extends ScopeValidating>(prefix: P) =>
  [`${prefix}.UNKNOWN_SCOPE`, `${prefix}.UNKNOWN_FIELD`, `${prefix}.NOT_UNIQUE_FIELD`] as const;

/**
 * Every `code` of an error answer (`{"Error", "code"}`), by who answers it: `common` are those of every service
 * (the error filter, the identity guard, the request checks of services/common). `AppError` takes only these;
 * every code has the message `platform.error.<CODE>` in the platform's catalogues.
 */
export const ERROR_CODES = {
  common: [
    'AUTH.FORBIDDEN',
    'AUTH.IDENTITY',
    'AUTH.UNAUTHORIZED',
    'DB.CHECK',
    'DB.FOREIGN_KEY',
    'DB.INVALID_CHARACTER',
    'DB.INVALID_DATE',
    'DB.INVALID_TEXT',
    'DB.NOT_NULL',
    'DB.OUT_OF_RANGE',
    'DB.TOO_LONG',
    'DB.UNIQUE',
    'INTERNAL',
    'NOT_FOUND',
    'REQUEST.INVALID',
    'REQUEST.MALFORMED',
    'REQUEST.PAGE',
    'REQUEST.SORT',
    'REQUEST.TOO_DEEP',
    'REQUEST.FILE',
    'REQUEST.FORM',
    'REQUEST.TOO_LARGE',
  ],
  accounts: [
    ...scopeValidationCodes('ACCOUNTS'),
    'ACCOUNTS.BAD_FILTER',
    'ACCOUNTS.BAD_SORT',
    'ACCOUNTS.CATEGORY_NOT_FOUND',
    'ACCOUNTS.CONSULTATION_UNAVAILABLE',
    'ACCOUNTS.DELETE_SELF',
    'ACCOUNTS.EMAIL_EXISTS',
    'ACCOUNTS.ENROL_NOT_OPEN',
    'ACCOUNTS.INVALID_FIELD',
    'ACCOUNTS.INVALID_LOCATION',
    'ACCOUNTS.LAST_ADMIN',
    'ACCOUNTS.MAIL_UNAVAILABLE',
    'ACCOUNTS.MISSING_PARAMETERS',
    'ACCOUNTS.NOT_EDITABLE',
    'ACCOUNTS.NO_SESSION',
    'ACCOUNTS.OAUTH_DISABLED',
    'ACCOUNTS.OAUTH_NOT_CONFIGURED',
    'ACCOUNTS.OWN_ACTIVE',
    'ACCOUNTS.PASSWORDS_DIFFER',
    'ACCOUNTS.RATE_LIMITED',
    'ACCOUNTS.RECOVERY_EXPIRED',
    'ACCOUNTS.RECOVERY_TOKEN',
    'ACCOUNTS.REGISTRATION_CLOSED',
    'ACCOUNTS.SETTINGS_SCOPE',
    'ACCOUNTS.UNIQUE',
    'ACCOUNTS.USERNAME_EXISTS',
    'ACCOUNTS.USER_NOT_FOUND',
    'ACCOUNTS.WRONG_CREDENTIALS',
    'ACCOUNTS.WRONG_CURRENT_PASSWORD',
    'ACCOUNTS.WRONG_MIMETYPE',
    'REQUEST.LIMIT',
  ],
  library: [
    ...scopeValidationCodes('LIBRARY'),
    'BACKUP.API_DENIED',
    'BACKUP.BUSY',
    'BACKUP.CONFLICTING_ROWS',
    'BACKUP.CORRUPT',
    'BACKUP.DUPLICATE_ENTRY',
    'BACKUP.ENTRY_TOO_LARGE',
    'BACKUP.FILE_MISSING',
    'BACKUP.INTERRUPTED',
    'BACKUP.INVALID_FILE',
    'BACKUP.INVALID_FILENAME',
    'BACKUP.INVALID_MANIFEST',
    'BACKUP.INVALID_REMOTE',
    'BACKUP.INVALID_ROW',
    'BACKUP.JOB_NOT_FOUND',
    'BACKUP.MISSING_FILE',
    'BACKUP.NOT_FOUND',
    'BACKUP.NOT_TAR_GZ',
    'BACKUP.NO_ARCHIVE',
    'BACKUP.REMOTE_FAILED',
    'BACKUP.TOO_LARGE',
    'BACKUP.TOO_MANY_ENTRIES',
    'BACKUP.UNEXPECTED_ENTRY',
    'BACKUP.UNSAFE_ENTRY',
    'BACKUP.UNSAFE_PATH',
    'FILE_BROWSER.INVALID_PATH',
    'FILE_BROWSER.NOT_FOUND',
    'LIBRARY.DOCUMENTATION_NOT_FOUND',
    'LIBRARY.EXISTS',
    'LIBRARY.FILE_NOT_FOUND',
    'LIBRARY.FILE_REQUIRED',
    'LIBRARY.INVALID_FIELD',
    'LIBRARY.INVALID_JSON',
    'LIBRARY.INVALID_UUID',
    'LIBRARY.ITEM_NOT_FOUND',
    'LIBRARY.NOT_AN_ICON',
    'LIBRARY.NOT_AN_IMAGE',
    'LIBRARY.NOT_AN_SVG',
    'LIBRARY.NOT_A_DOCUMENT',
    'LIBRARY.NOT_OWNER',
    'LIBRARY.TOO_LARGE',
    'LIBRARY.TYPE_FIXED',
    'LIBRARY.UNSAFE_SVG',
    'LIBRARY.VIEW_NOT_FOUND',
    'REQUEST.LIMIT',
    'REQUEST.METHOD',
    'STORAGE.INVALID_KEY',
    'STORAGE.OUTSIDE_ROOT',
  ],
  consultation: [
    ...scopeValidationCodes('CONSULTATION'),
    'CONSULTATION.ANSWERING_CLOSED',
    'CONSULTATION.ATTRIBUTE_NOT_FOUND',
    'CONSULTATION.BOUNDARY',
    'CONSULTATION.CATEGORY_NOT_FOUND',
    'CONSULTATION.CHOICE_NOT_FOUND',
    'CONSULTATION.EXISTS',
    'CONSULTATION.EXPORT_CRS',
    'CONSULTATION.EXPORT_FORMAT',
    'CONSULTATION.EXPORT_NOT_FOUND',
    'CONSULTATION.EXPORT_NOT_READY',
    'CONSULTATION.FILE_NOT_FOUND',
    'CONSULTATION.FILTER_INVALID',
    'CONSULTATION.GEOMETRY',
    'CONSULTATION.GEOMETRY_TYPE',
    'CONSULTATION.INVALID_FIELD',
    'CONSULTATION.ITEM_NOT_FOUND',
    'CONSULTATION.MAX_GEOM',
    'CONSULTATION.NOT_ENROLLED',
    'CONSULTATION.NOT_OWNER',
    'CONSULTATION.NOT_PUBLIC',
    'CONSULTATION.OUT_OF_BOUNDARIES',
    'CONSULTATION.PARENT',
    'CONSULTATION.PROFILE_INCOMPLETE',
    'CONSULTATION.PROJECT_NOT_FOUND',
    'CONSULTATION.QUESTION_NOT_FOUND',
    'CONSULTATION.SORT_ORDER',
    'CONSULTATION.THREAD_EXISTS',
    'CONSULTATION.THREAD_NOT_FOUND',
    'CONSULTATION.THREAD_SCOPE',
    'CONSULTATION.TOO_MANY_COORDINATES',
    'CONSULTATION.TOPIC_NOT_FOUND',
    'CONSULTATION.VARIABLE_NOT_FOUND',
    'ICON.LIBRARY_UNAVAILABLE',
    'ICON.REFUSED',
    'ICON.TOO_LARGE',
    'REQUEST.BODY',
    'REQUEST.EMPTY',
    'REQUEST.ID',
    'REQUEST.SORT_ORDER',
    'REQUEST.TOKEN',
    'SOCIAL.ALREADY_REACTED',
    'SOCIAL.ITEM_NOT_FOUND',
    'SOCIAL.OWNER',
    'SOCIAL.OWNER_UNAVAILABLE',
    'SOCIAL.UNKNOWN_SCOPE',
  ],
  mailing: [
    'MAIL.IDEMPOTENCY_KEY_REUSED',
    'MAIL.NOT_FOUND',
    'MAIL.TEMPLATE_NOT_FOUND',
    'MAILING.ACCOUNTS_UNAVAILABLE',
    'MAILING.ALREADY_INVITED',
    'MAILING.ALREADY_USER',
    'MAILING.BAD_FILTER',
    'MAILING.BAD_SORT',
    'MAILING.CONSULTATION_UNAVAILABLE',
    'MAILING.CSV_BAD_EMAIL',
    'MAILING.CSV_BAD_NAME',
    'MAILING.CSV_BAD_ROLE',
    'MAILING.CSV_COLUMNS',
    'MAILING.CSV_DUPLICATE',
    'MAILING.CSV_INVALID',
    'MAILING.CSV_MISSING_NAME',
    'MAILING.CSV_TOO_LARGE',
    'MAILING.CSV_UNKNOWN_CATEGORY',
    'MAILING.INVITATION_ACCEPTED',
    'MAILING.INVITATION_EMAIL',
    'MAILING.INVITATION_EXPIRED',
    'MAILING.INVITATION_NOT_FOUND',
    'MAILING.NOTHING_TO_SEND',
    'MAILING.PASSWORD_REQUIRED',
    'MAILING.RATE_LIMITED',
    'ACCOUNTS.EMAIL_EXISTS',
    'ACCOUNTS.INVALID_FIELD',
  ],
} as const satisfies Record<'common' | ServiceName, readonly string[]>;

/** A code that `service` can answer (its own and the common ones). */
export type ServiceErrorCode<S extends ServiceName> = (typeof ERROR_CODES)[S | 'common'][number];

/** A code that some service answers. */
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES][number];

/** The codes of the gateway's own error answers. */
export const GATEWAY_ERROR_CODES = [
  'GATEWAY.BAD_REQUEST',
  'GATEWAY.CSRF',
  'GATEWAY.INTERNAL',
  'GATEWAY.NOT_FOUND',
  'GATEWAY.REGISTRY',
  'GATEWAY.UNAVAILABLE',
] as const;
export type GatewayErrorCode = (typeof GATEWAY_ERROR_CODES)[number];

/** Any code an `/api` answer can carry: a service's or the gateway's. */
export type ApiErrorCode = ErrorCode | GatewayErrorCode;

const SERVICE_CODES: ReadonlySet<string> = new Set<ErrorCode>(Object.values(ERROR_CODES).flat());

/** Whether `value` is a code some service answers (e.g. a code relayed from another service's answer). */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && SERVICE_CODES.has(value);
}

/** Every code of the API, each once and sorted: the services' and the gateway's. */
export function allApiErrorCodes(): ApiErrorCode[] {
  const codes = new Set<ApiErrorCode>([...Object.values(ERROR_CODES).flat(), ...GATEWAY_ERROR_CODES]);
  return [...codes].sort();
}
