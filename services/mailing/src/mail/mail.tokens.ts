/** Injection tokens of the mail feature. */
export const MAIL_CONFIG = Symbol('mailing.config');
export const MAIL_TRANSPORT = Symbol('mailing.transport');
