import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DEFAULT_AUDIT_RETENTION_DAYS, paged, SERVICE_CONFIG, type ServiceConfig } from '@agora/common';
import type { DataRequestAnswer, DataRequestKind, DataRequestsPageAnswer } from '@agora/contracts/api';
import type { DataSource, EntityManager } from 'typeorm';

/** Requests a page of the overview holds. */
export const DATA_REQUESTS_PAGE_SIZE = 20;

interface DataRequestRow {
  id: string;
  kind: DataRequestKind;
  requested_by: 'self' | 'admin';
  state: DataRequestAnswer['state'];
  requested: Date;
  finished: Date | null;
  code: string | null;
  counts: Record<string, number>;
  user_uuid: string | null;
  username: string | null;
  firstname: string | null;
  lastname: string | null;
}

/**
 * The requests for one's own data (decision 0088): the archives asked for (decision 0086) and the deletions of
 * accounts, with dates, state and counts, never their content. The asker is named while their account exists;
 * its deletion sets `user_uuid` to NULL (nothing else identifies it). Kept as long as the audit log.
 */
@Injectable()
export class DataRequests {
  readonly retentionDays: number;

  constructor(
    @InjectDataSource('accounts') private readonly db: DataSource,
    @Inject(SERVICE_CONFIG) service: ServiceConfig,
  ) {
    this.retentionDays = service.audit?.retentionDays ?? DEFAULT_AUDIT_RETENTION_DAYS;
  }

  /** A new request (`id`: the archive's, for an export), in `m`'s transaction when given. */
  async open(
    kind: DataRequestKind,
    userUuid: string,
    opts: { id?: string; by?: 'self' | 'admin'; state?: 'queued' | 'running'; m?: EntityManager } = {},
  ): Promise<string> {
    const [row] = await (opts.m ?? this.db.manager).query<Array<{ id: string }>>(
      `INSERT INTO accounts.data_request (id, kind, requested_by, state, user_uuid)
       VALUES (coalesce($1::uuid, gen_random_uuid()), $2, $3, $4, $5) RETURNING id::text AS id`,
      [opts.id ?? null, kind, opts.by ?? 'self', opts.state ?? 'queued', userUuid],
    );
    return row!.id;
  }

  /** Moves a request on: `running`, or `done`/`failed` with its counts or error code. */
  async settle(
    id: string,
    state: 'running' | 'done' | 'failed',
    opts: { code?: string | null; counts?: Record<string, number>; m?: EntityManager } = {},
  ): Promise<void> {
    await (opts.m ?? this.db.manager).query(
      `UPDATE accounts.data_request
          SET state = $2, code = $3, counts = coalesce($4::jsonb, counts),
              finished = CASE WHEN $2 = 'running' THEN NULL ELSE now() END
        WHERE id = $1`,
      [id, state, opts.code ?? null, opts.counts ? JSON.stringify(opts.counts) : null],
    );
  }

  /** Removes a request that never started (its job could not be queued). */
  async drop(id: string): Promise<void> {
    await this.db.query(`DELETE FROM accounts.data_request WHERE id = $1`, [id]);
  }

  /** A page of the overview, newest first, of one kind or both. */
  async list(page: number, kind?: DataRequestKind): Promise<DataRequestsPageAnswer> {
    const where = kind ? `WHERE r.kind = $3` : '';
    const params: unknown[] = [DATA_REQUESTS_PAGE_SIZE, (page - 1) * DATA_REQUESTS_PAGE_SIZE];
    if (kind) params.push(kind);
    const rows = await this.db.query<DataRequestRow[]>(
      `SELECT r.id::text AS id, r.kind, r.requested_by, r.state, r.requested, r.finished, r.code, r.counts,
              u.uuid::text AS user_uuid, u.username, u.firstname, u.lastname
         FROM accounts.data_request r LEFT JOIN accounts."user" u ON u.uuid = r.user_uuid
         ${where}
        ORDER BY r.requested DESC, r.id LIMIT $1 OFFSET $2`,
      params,
    );
    const [total] = await this.db.query<Array<{ n: number }>>(
      `SELECT count(*)::int AS n FROM accounts.data_request r ${kind ? 'WHERE r.kind = $1' : ''}`,
      kind ? [kind] : [],
    );
    const values = rows.map((r): DataRequestAnswer => ({
      id: r.id,
      kind: r.kind,
      requested_by: r.requested_by,
      state: r.state,
      requested: r.requested.toISOString(),
      finished: r.finished ? r.finished.toISOString() : null,
      code: r.code,
      counts: r.counts,
      user:
        r.user_uuid && r.username
          ? {
              uuid: r.user_uuid,
              username: r.username,
              name: `${r.firstname ?? ''} ${r.lastname ?? ''}`.trim(),
            }
          : null,
    }));
    return { ...paged(values, page, total!.n, DATA_REQUESTS_PAGE_SIZE), total: total!.n };
  }

  /** Removes the requests older than the audit log's retention; answers how many. */
  async cleanup(): Promise<number> {
    const [, removed] = await this.db.query<[unknown[], number]>(
      `DELETE FROM accounts.data_request WHERE requested < now() - make_interval(days => $1)`,
      [this.retentionDays],
    );
    return removed;
  }
}
