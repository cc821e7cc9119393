import { USER_LOCALES, type UserLocale } from '@agora/contracts/api';

/** The languages account mails are written in (the interface's locales); the first is the default. */
export { USER_LOCALES, type UserLocale };
export const DEFAULT_USER_LOCALE: UserLocale = USER_LOCALES[0];
