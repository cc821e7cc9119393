import type { MailStatus } from '@agora/contracts/api';
import { Check, Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export type { MailStatus };

/**
 * The statuses of `MAIL_STATUSES`:
 * - queued: written, waiting for the worker.
 * - sending: claimed by an attempt that is talking to the SMTP server.
 * - sent: the SMTP server accepted it (final).
 * - failed: the last attempt failed; BullMQ retries it unless attempts ran out.
 * - bounced: the SMTP server refused it for good (a permanent 5xx answer, kept in `lastError`); final.
 * - uncertain: an attempt stopped after the server could have taken the whole message (its end of data was
 *   recorded) and before its answer; it is not sent again (final, see decisions 0005 and 0048).
 * - cancelled: withdrawn before it was sent (the mail of an invitation withdrawn, decision 0064); final, never
 *   claimed.
 */

/** One outgoing e-mail. Written by the producer, advanced only by the worker. */
@Entity({ name: 'mail', schema: 'mailing' })
@Check(
  'mail_status_check',
  `status IN ('queued', 'sending', 'sent', 'failed', 'bounced', 'uncertain', 'cancelled')`,
)
@Check('mail_attempts_check', `attempts >= 0`)
@Index('mail_status_created_idx', ['status', 'created'])
export class Mail {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'idempotency_key', type: 'text', nullable: true, unique: true })
  idempotencyKey: string | null;

  @Column({ name: 'to_address', type: 'text' })
  to: string;

  @Column({ type: 'text' })
  subject: string;

  @Column({ name: 'text_body', type: 'text' })
  text: string;

  @Column({ name: 'html_body', type: 'text', nullable: true })
  html: string | null;

  @Column({ type: 'text', default: 'queued' })
  status: MailStatus;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError: string | null;

  @Column({ name: 'message_id', type: 'text', nullable: true })
  messageId: string | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  created: Date;

  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt: Date | null;

  /** The fencing token of the attempt that holds the row: only that attempt may record its outcome. */
  @Column({ type: 'uuid', nullable: true })
  claim: string | null;

  /** When the holding attempt was about to end the message's data (decision 0048); null before that. */
  @Column({ name: 'data_end_at', type: 'timestamptz', nullable: true })
  dataEndAt: Date | null;
}
