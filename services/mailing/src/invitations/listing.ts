import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AppError, paged, PAGE_SIZE } from '@agora/common';
import {
  INVITATION_SORT_FIELDS,
  type InvitationBatchAnswer,
  type InvitationSortField,
  type InvitationsPageAnswer,
} from '@agora/contracts/api';
import type { DataSource } from 'typeorm';
import { notFound, toAnswer, type InvitationRow } from './rows.js';

const SORT_SQL: Record<InvitationSortField, string> = {
  created: 'i.created',
  firstname: 'lower(i.firstname)',
  lastname: 'lower(i.lastname)',
  email: 'lower(i.email)',
  expires: 'i.expires',
  accepted: 'i.accepted',
};

export function parseInvitationSort(field: string): string {
  if (!(INVITATION_SORT_FIELDS as readonly string[]).includes(field)) {
    throw AppError.badRequest('MAILING.BAD_SORT', 'invalid sort field');
  }
  return SORT_SQL[field as InvitationSortField];
}

export interface InvitationFilters {
  accepted?: boolean;
  with_oauth?: boolean;
}

/** `accepted:{bool};with_oauth:{bool}` (either, both, in any order). */
export function parseInvitationFilters(fq: string | undefined): InvitationFilters {
  const out: InvitationFilters = {};
  if (fq === undefined || fq === '') return out;
  for (const part of fq.split(';')) {
    const m = /^(accepted|with_oauth):(true|false)$/.exec(part.trim());
    if (!m) throw AppError.badRequest('MAILING.BAD_FILTER', 'invalid filter');
    out[m[1] as keyof InvitationFilters] = m[2] === 'true';
  }
  return out;
}

export interface InvitationListQuery {
  page: number;
  sort: string;
  method: 'ASC' | 'DESC';
  query?: string;
  filters: InvitationFilters;
}

/** The invitations' list and a batch's progress. */
@Injectable()
export class InvitationListing {
  constructor(@InjectDataSource('mailing') private readonly ds: DataSource) {}

  async list(q: InvitationListQuery): Promise<InvitationsPageAnswer> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (q.query) {
      params.push(`%${q.query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      const p = `$${params.length}`;
      where.push(`(i.firstname ILIKE ${p} OR i.lastname ILIKE ${p} OR i.email ILIKE ${p})`);
    }
    if (q.filters.accepted !== undefined) where.push(`i.accepted IS ${q.filters.accepted ? 'NOT ' : ''}NULL`);
    if (q.filters.with_oauth !== undefined) {
      params.push(q.filters.with_oauth);
      where.push(`i.with_oauth = $${params.length}`);
    }
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [counted] = await this.ds.query<Array<{ total: number }>>(
      `SELECT count(*)::int AS total FROM mailing.invitation i ${clause}`,
      params,
    );
    const rows = await this.ds.query<InvitationRow[]>(
      `SELECT i.id, i.firstname, i.lastname, i.email, i.locale, i.message, i.enrolment, i.with_oauth, i.batch,
              i.created, i.expires, i.accepted, i.cancelled, m.status AS mail_status, m.last_error
         FROM mailing.invitation i LEFT JOIN mailing.mail m ON m.id = i.mail_id
         ${clause}
        ORDER BY ${q.sort} ${q.method} NULLS LAST, i.id ${q.method}
        LIMIT ${PAGE_SIZE} OFFSET ${(q.page - 1) * PAGE_SIZE}`,
      params,
    );
    const total = counted?.total ?? 0;
    return { ...paged(rows.map(toAnswer), q.page, total), total };
  }

  async batch(batch: string): Promise<InvitationBatchAnswer> {
    const [row] = await this.ds.query<
      Array<{
        total: number;
        queued: number;
        sent: number;
        failed: number;
        withdrawn: number;
        accepted: number;
      }>
    >(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE m.status IN ('queued', 'sending') OR m.status IS NULL)::int AS queued,
              count(*) FILTER (WHERE m.status = 'sent')::int AS sent,
              count(*) FILTER (WHERE m.status IN ('failed', 'bounced', 'uncertain'))::int AS failed,
              count(*) FILTER (WHERE m.status = 'cancelled')::int AS withdrawn,
              count(*) FILTER (WHERE i.accepted IS NOT NULL)::int AS accepted
         FROM mailing.invitation i LEFT JOIN mailing.mail m ON m.id = i.mail_id
        WHERE i.batch = $1`,
      [batch],
    );
    if (!row || row.total === 0) throw notFound();
    return row;
  }
}
