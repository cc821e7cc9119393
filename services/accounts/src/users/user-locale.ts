/** The languages account mails are written in (the interface's locales); the first is the default. */
export const USER_LOCALES = ['el', 'en'] as const;
export type UserLocale = (typeof USER_LOCALES)[number];
export const DEFAULT_USER_LOCALE: UserLocale = USER_LOCALES[0];
