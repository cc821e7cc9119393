import type {
  InvitationAnswer,
  InvitationReportRow,
  InvitationValidateAnswer,
  InvitationEnrolment,
} from '@agora/contracts/api';

export type { InvitationAnswer, InvitationReportRow, InvitationValidateAnswer, InvitationEnrolment };

/** The invitations list (`GET /api/invitation/sort/…/page/…`; its search and filter forms are documented too). */
export const INVITATIONS_LIST = '/api/invitation/sort/{field}/sort_method/{method}/page/{page}';

/** Whether an SWR key is a page of the invitations list (to refresh it after a send or a resend). */
export function isInvitationsKey(key: unknown): boolean {
  return typeof key === 'string' && key.startsWith('/api/invitation/sort/');
}

/** The languages an invitation's mails are written in. */
export const INVITATION_LOCALES = ['el', 'en'] as const;
export type InvitationLocale = (typeof INVITATION_LOCALES)[number];

/** What the upload form holds: the validated report is sent with the message and locale shown next to it. */
export interface UploadState {
  message: string;
  locale: InvitationLocale;
}
