import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Mail, MailStatus } from './mail.entity.js';

export interface NewMail {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  idempotencyKey: string | null;
}

interface MailRow {
  id: string;
  idempotency_key: string | null;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  status: MailStatus;
  attempts: number;
  last_error: string | null;
  message_id: string | null;
  created: Date;
  sent_at: Date | null;
  claim: string | null;
  data_end_at: Date | null;
}

/** A row in 'sending' as the recovery sees it: who holds it, and whether that attempt reached the end of data. */
export interface SendingRow {
  id: string;
  claim: string | null;
  dataEnd: boolean;
}

function toMail(r: MailRow): Mail {
  return {
    id: r.id,
    idempotencyKey: r.idempotency_key,
    to: r.to_address,
    subject: r.subject,
    text: r.text_body,
    html: r.html_body,
    status: r.status,
    attempts: Number(r.attempts),
    lastError: r.last_error,
    messageId: r.message_id,
    created: new Date(r.created),
    sentAt: r.sent_at ? new Date(r.sent_at) : null,
    claim: r.claim,
    dataEndAt: r.data_end_at ? new Date(r.data_end_at) : null,
  };
}

/**
 * Whether the mail `m` belongs to an invitation that is withdrawn or accepted (re-read at each claim, decision
 * 0079): its key names the invitation (`invitation-<id>`, `invitation-<id>-<uuid>` for a resend). A deleted
 * invitation's mails were withdrawn in the deleting transaction.
 */
const OF_CLOSED_INVITATION = `EXISTS (
  SELECT 1 FROM mailing.invitation i
   WHERE i.id = CASE
           WHEN m.idempotency_key ~ '^invitation-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'
           THEN substring(m.idempotency_key, 12, 36)::uuid
         END
     AND (i.cancelled IS NOT NULL OR i.accepted IS NOT NULL))`;

/**
 * The `mailing.mail` table. Every state change is one conditional UPDATE (autocommit), so two attempts on the same
 * row can never both win; there is no multi-statement transaction here at all. An attempt holds the row by its
 * fencing token (`claim`): every write of an attempt names it, so an attempt whose row was taken over writes
 * nothing (decision 0048).
 */
@Injectable()
export class MailStore {
  constructor(@InjectDataSource('mailing') private readonly ds: DataSource) {}

  /** SELECT and INSERT ... RETURNING: TypeORM's postgres driver answers the rows. */
  private async rows(sql: string, params: unknown[]): Promise<Mail[]> {
    return ((await this.ds.query(sql, params)) as MailRow[]).map(toMail);
  }

  /** UPDATE ... RETURNING: TypeORM's postgres driver answers `[rows, affected]`. */
  private async updated(sql: string, params: unknown[]): Promise<Mail[]> {
    const [rows] = (await this.ds.query(sql, params)) as [MailRow[], number];
    return rows.map(toMail);
  }

  async findById(id: string): Promise<Mail | null> {
    return (await this.rows(`SELECT * FROM mailing.mail WHERE id = $1`, [id]))[0] ?? null;
  }

  async findByIdempotencyKey(key: string): Promise<Mail | null> {
    return (await this.rows(`SELECT * FROM mailing.mail WHERE idempotency_key = $1`, [key]))[0] ?? null;
  }

  /** Inserts the row; null when a row with the same idempotency key already exists. */
  async insert(mail: NewMail): Promise<Mail | null> {
    const inserted = await this.rows(
      `INSERT INTO mailing.mail (idempotency_key, to_address, subject, text_body, html_body)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (idempotency_key) DO NOTHING
       RETURNING *`,
      [mail.idempotencyKey, mail.to, mail.subject, mail.text, mail.html],
    );
    return inserted[0] ?? null;
  }

  /**
   * Takes the row for one sending attempt (token `claim`); null when it is not 'queued' or 'failed', or when it is
   * the mail of an invitation withdrawn or accepted meanwhile.
   */
  async claim(id: string, claim: string): Promise<Mail | null> {
    const claimed = await this.updated(
      `UPDATE mailing.mail m SET status = 'sending', attempts = attempts + 1, claim = $2, data_end_at = NULL
       WHERE id = $1 AND status IN ('queued', 'failed') AND NOT ${OF_CLOSED_INVITATION}
       RETURNING *`,
      [id, claim],
    );
    return claimed[0] ?? null;
  }

  /** A mail still waiting ('queued', 'failed') whose invitation is withdrawn or accepted becomes 'cancelled'. */
  async cancelOfClosedInvitation(id: string): Promise<boolean> {
    return this.changed(
      `UPDATE mailing.mail m SET status = 'cancelled', last_error = NULL, claim = NULL
       WHERE id = $1 AND status IN ('queued', 'failed') AND ${OF_CLOSED_INVITATION}`,
      [id],
    );
  }

  /**
   * Takes over a row left 'sending' by an attempt that did not reach the end of its data (so the server cannot
   * have kept the message): the new token fences the old attempt out. Null when the row is not in that state.
   */
  async takeOver(id: string, claim: string): Promise<Mail | null> {
    const taken = await this.updated(
      `UPDATE mailing.mail SET attempts = attempts + 1, claim = $2
       WHERE id = $1 AND status = 'sending' AND data_end_at IS NULL
       RETURNING *`,
      [id, claim],
    );
    return taken[0] ?? null;
  }

  /**
   * Records that the attempt `claim` is about to end the message's data; false when the attempt no longer holds
   * the row (taken over, or recovered): then it must not end the data.
   */
  async markDataEnd(id: string, claim: string): Promise<boolean> {
    return this.changed(
      `UPDATE mailing.mail SET data_end_at = now() WHERE id = $1 AND claim = $2 AND status = 'sending'`,
      [id, claim],
    );
  }

  async markSent(id: string, claim: string, messageId: string): Promise<void> {
    await this.ds.query(
      `UPDATE mailing.mail SET status = 'sent', sent_at = now(), message_id = $3, last_error = NULL
       WHERE id = $1 AND claim = $2 AND status IN ('sending', 'uncertain')`,
      [id, claim, messageId],
    );
  }

  /** The attempt `claim` failed: 'failed' (retried) or 'bounced' (a permanent refusal, final). */
  async markFailed(id: string, claim: string, error: string, status: 'failed' | 'bounced'): Promise<void> {
    await this.ds.query(
      `UPDATE mailing.mail SET status = $4, last_error = $3
       WHERE id = $1 AND claim = $2 AND status IN ('sending', 'uncertain')`,
      [id, claim, error, status],
    );
  }

  /** The attempt `claim` reached the end of data and its outcome is unknown: not sent again. */
  async markUncertain(id: string, claim: string | null, reason: string): Promise<boolean> {
    return this.changed(
      `UPDATE mailing.mail SET status = 'uncertain', last_error = $3
       WHERE id = $1 AND claim IS NOT DISTINCT FROM $2 AND status = 'sending'`,
      [id, claim, reason],
    );
  }

  /** A row left 'sending' by the attempt `claim` before its end of data goes back to 'queued' (it was not sent). */
  async requeueUnsent(id: string, claim: string | null): Promise<boolean> {
    return this.changed(
      `UPDATE mailing.mail SET status = 'queued', claim = NULL
       WHERE id = $1 AND claim IS NOT DISTINCT FROM $2 AND status = 'sending' AND data_end_at IS NULL`,
      [id, claim],
    );
  }

  /** UPDATE without RETURNING: whether it changed a row. */
  private async changed(sql: string, params: unknown[]): Promise<boolean> {
    const [, affected] = (await this.ds.query(sql, params)) as [unknown, number];
    return affected > 0;
  }

  /** Rows still 'queued' after `olderThanMs`: their job may never have been added (crash after the commit). */
  async findStaleQueued(olderThanMs: number, limit: number): Promise<string[]> {
    const rows = (await this.ds.query(
      `SELECT id FROM mailing.mail
       WHERE status = 'queued' AND created < now() - make_interval(secs => $1::double precision / 1000)
       ORDER BY created LIMIT $2`,
      [olderThanMs, limit],
    )) as Array<{ id: string }>;
    return rows.map((r) => r.id);
  }

  /** Rows in 'sending', oldest first (an attempt in flight, or one that stopped between its claim and outcome). */
  async findSending(limit: number): Promise<SendingRow[]> {
    const rows = (await this.ds.query(
      `SELECT id, claim, data_end_at IS NOT NULL AS data_end FROM mailing.mail
       WHERE status = 'sending' ORDER BY created LIMIT $1`,
      [limit],
    )) as Array<{ id: string; claim: string | null; data_end: boolean }>;
    return rows.map((r) => ({ id: r.id, claim: r.claim, dataEnd: r.data_end }));
  }

  /** How many mails are in each state. */
  async countByStatus(): Promise<Partial<Record<MailStatus, number>>> {
    const rows = (await this.ds.query(
      `SELECT status, count(*)::int AS n FROM mailing.mail GROUP BY status`,
      [],
    )) as Array<{ status: MailStatus; n: number }>;
    return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  }
}
