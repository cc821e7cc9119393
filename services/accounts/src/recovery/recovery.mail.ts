import type { TemplateMailRequest } from '@agora/common';
import type { UserLocale } from '../users/user-locale.js';

/** The name of the password recovery mail's template in the mailing service (decision 0045). */
export const RECOVERY_TEMPLATE = 'password_recovery';

/**
 * The recovery mail, rendered by the mailing service from its editable `password_recovery` template in the
 * recipient's language (docs/decisions/0010-user-locale.md); keyed by the token so that it is mailed once.
 */
export function recoveryMail(input: {
  to: string;
  firstname: string;
  lastname: string;
  username: string;
  link: string;
  minutes: number;
  tokenId: string;
  locale: UserLocale;
}): TemplateMailRequest {
  return {
    to: input.to,
    template: RECOVERY_TEMPLATE,
    locale: input.locale,
    values: {
      firstname: input.firstname,
      lastname: input.lastname,
      username: input.username,
      link: input.link,
      minutes: String(input.minutes),
    },
    idempotencyKey: `password-recovery-${input.tokenId}`,
  };
}
