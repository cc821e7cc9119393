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
  };
}

/**
 * The `mailing.mail` table. Every state change is one conditional UPDATE (autocommit), so two attempts on the same
 * row can never both win; there is no multi-statement transaction here at all.
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

  /** Takes the row for one sending attempt; null when it is not in a sendable state (sent, sending, uncertain). */
  async claim(id: string): Promise<Mail | null> {
    const claimed = await this.updated(
      `UPDATE mailing.mail SET status = 'sending', attempts = attempts + 1
       WHERE id = $1 AND status IN ('queued', 'failed')
       RETURNING *`,
      [id],
    );
    return claimed[0] ?? null;
  }

  async markSent(id: string, messageId: string): Promise<void> {
    await this.ds.query(
      `UPDATE mailing.mail SET status = 'sent', sent_at = now(), message_id = $2, last_error = NULL
       WHERE id = $1 AND status IN ('sending', 'uncertain')`,
      [id, messageId],
    );
  }

  async markFailed(id: string, error: string): Promise<void> {
    await this.ds.query(
      `UPDATE mailing.mail SET status = 'failed', last_error = $2
       WHERE id = $1 AND status IN ('sending', 'uncertain')`,
      [id, error],
    );
  }

  /** A row found in 'sending' by a new attempt: the previous one stopped mid-send. */
  async markUncertain(id: string, reason: string): Promise<boolean> {
    const changed = await this.updated(
      `UPDATE mailing.mail SET status = 'uncertain', last_error = $2
       WHERE id = $1 AND status = 'sending'
       RETURNING *`,
      [id, reason],
    );
    return changed.length > 0;
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
  async findSending(limit: number): Promise<string[]> {
    const rows = (await this.ds.query(
      `SELECT id FROM mailing.mail WHERE status = 'sending' ORDER BY created LIMIT $1`,
      [limit],
    )) as Array<{ id: string }>;
    return rows.map((r) => r.id);
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
