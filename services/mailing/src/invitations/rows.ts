import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '@agora/common';
import type { EnrolRole } from '@agora/contracts';
import type {
  InternalEnrolment,
  InvitationAnswer,
  InvitationEnrolment,
  InvitationStatus,
  UserLocale,
} from '@agora/contracts/api';
import type { MailStatus } from '../mail/mail.entity.js';

/** An enrolment as stored with an invitation: the category's token, its short name, the role. */
export interface StoredEnrolment {
  category: string;
  mname: string;
  /** the category's title, which names it in the enrolment notice (absent from invitations stored before it) */
  title?: string;
  role: EnrolRole;
}

export const withdrawn = () =>
  new AppError('MAILING.INVITATION_CANCELLED', 410, 'invitation withdrawn by the administrators');
export const notFound = () => AppError.notFound('invitation not found', 'MAILING.INVITATION_NOT_FOUND');
export const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = () => randomBytes(32).toString('base64url');
const iso = (d: Date | string) => new Date(d).toISOString();

export interface InvitationRow {
  id: string;
  firstname: string;
  lastname: string;
  email: string;
  locale: UserLocale;
  message: string;
  enrolment: StoredEnrolment[];
  with_oauth: boolean;
  batch: string;
  created: Date;
  expires: Date;
  accepted: Date | null;
  cancelled: Date | null;
  mail_status: MailStatus | null;
  last_error: string | null;
}

/** An invitation as the accept routes read it. */
export type AcceptableRow = InvitationRow & {
  user_uuid: string | null;
  failed_attempts: number;
  locked_until: Date | null;
};

/** The state an invitation shows: accepted, else withdrawn, else expired, else its latest mail's. */
export function invitationStatus(
  r: Pick<InvitationRow, 'accepted' | 'cancelled' | 'expires' | 'mail_status'>,
  now = new Date(),
): InvitationStatus {
  if (r.accepted) return 'accepted';
  if (r.cancelled) return 'cancelled';
  if (new Date(r.expires) <= now) return 'expired';
  return r.mail_status ?? 'queued';
}

function enrolmentRecord(enrolments: readonly StoredEnrolment[]): InvitationEnrolment {
  const out: InvitationEnrolment = {};
  for (const e of enrolments) out[e.mname] = e.role;
  return out;
}

export function toAnswer(r: InvitationRow): InvitationAnswer {
  return {
    id: r.id,
    firstname: r.firstname,
    lastname: r.lastname,
    email: r.email,
    enrolment: enrolmentRecord(r.enrolment),
    locale: r.locale,
    created: iso(r.created),
    accepted: r.accepted ? iso(r.accepted) : null,
    cancelled: r.cancelled ? iso(r.cancelled) : null,
    with_oauth: r.with_oauth,
    expires: iso(r.expires),
    status: invitationStatus(r),
    last_error: r.accepted || r.cancelled ? null : r.last_error,
    batch: r.batch,
  };
}

export function internalEnrolment(e: StoredEnrolment): InternalEnrolment {
  return { category: e.category, role: e.role };
}
