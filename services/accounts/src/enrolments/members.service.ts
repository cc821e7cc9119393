import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AppError, AuditLog, paged, PAGE_SIZE, type AuditActor } from '@agora/common';
import type { EnrolRole, Role } from '@agora/contracts';
import type {
  AdminEnrolmentBody,
  EnrolCandidateAnswer,
  EnrolCandidatesPageAnswer,
  EnrolmentRoleAnswer,
  MemberAnswer,
  MembersPageAnswer,
} from '@agora/contracts/api';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { UsersErrors } from '../users/users.errors.js';
import { ConsultationCategories } from './consultation-categories.js';
import { EnrolmentErrors } from './enrolments.service.js';

const Token = z.uuid();

export const MemberErrors = {
  enrolmentNotFound: () => new AppError('ACCOUNTS.ENROLMENT_NOT_FOUND', 404, 'no such enrolment'),
};

export interface ListQuery<Filter> {
  page: number;
  limit?: number;
  /** an SQL expression of the sort field's list (never from the request itself) */
  sortColumn: string;
  sortMethod: 'ASC' | 'DESC';
  query?: string;
  filter?: Filter;
}

/** `ILIKE` pattern of a search text (its %, _ and \ taken literally). */
const likePattern = (query: string) => `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const SEARCH = (p: string) =>
  `(u.username ILIKE ${p} OR u.firstname ILIKE ${p} OR u.lastname ILIKE ${p} OR u.email ILIKE ${p})`;

/**
 * The administrators' side of the enrolments: a category's members (with their consultation-profile weights,
 * which are consultation's, decision 0042), the users not enrolled yet, bulk enrolment, role change, unenrolment.
 */
@Injectable()
export class MembersService {
  constructor(
    @InjectDataSource('accounts') private readonly db: DataSource,
    private readonly categories: ConsultationCategories,
    private readonly audit: AuditLog,
  ) {}

  /** The category's members; the weights are null when consultation cannot tell them. */
  async members(token: string, q: ListQuery<EnrolRole>, requestId?: string): Promise<MembersPageAnswer> {
    if (!Token.safeParse(token).success) throw EnrolmentErrors.categoryNotFound();
    const weights = await this.categories.profileWeights(token, requestId);
    if (weights === 'unknown') throw EnrolmentErrors.categoryNotFound();
    const params: unknown[] = [token, [...(weights?.keys() ?? [])], [...(weights?.values() ?? [])]];
    const where = ['e.category = $1'];
    if (q.filter) {
      params.push(q.filter);
      where.push(`e.role = $${params.length}`);
    }
    if (q.query) {
      params.push(likePattern(q.query));
      where.push(SEARCH(`$${params.length}`));
    }
    const from = `accounts.enrolment e
      JOIN accounts."user" u ON u.uuid = e.user_uuid
      LEFT JOIN unnest($2::uuid[], $3::double precision[]) AS w(user_uuid, weight) ON w.user_uuid = e.user_uuid
      WHERE ${where.join(' AND ')}`;
    const limit = q.limit ?? PAGE_SIZE;
    const [rows, [count]] = await Promise.all([
      this.db.query<Array<MemberAnswer>>(
        `SELECT u.uuid::text AS uuid, u.username, u.firstname, u.lastname, u.email, e.role AS enrol_role,
                w.weight
           FROM ${from}
          ORDER BY ${q.sortColumn} ${q.sortMethod} NULLS LAST, u.lastname ASC, u.uuid ASC
          LIMIT ${limit} OFFSET ${(q.page - 1) * limit}`,
        params,
      ),
      this.db.query<Array<{ total: number }>>(`SELECT count(*)::int AS total FROM ${from}`, params),
    ]);
    const values = rows.map((r) => ({ ...r, weight: r.weight === null ? null : Number(r.weight) }));
    const total = count?.total ?? 0;
    return { ...paged(values, q.page, total, limit), total };
  }

  /** The active users not enrolled in the category. */
  async candidates(
    token: string,
    q: ListQuery<Role>,
    requestId?: string,
  ): Promise<EnrolCandidatesPageAnswer> {
    if (!Token.safeParse(token).success) throw EnrolmentErrors.categoryNotFound();
    // the same lookup tells whether the category exists; a consultation that cannot answer does not stop the list
    if ((await this.categories.profileWeights(token, requestId)) === 'unknown') {
      throw EnrolmentErrors.categoryNotFound();
    }
    const params: unknown[] = [token];
    const where = [
      'u.active',
      'NOT EXISTS (SELECT 1 FROM accounts.enrolment e WHERE e.category = $1 AND e.user_uuid = u.uuid)',
    ];
    if (q.filter) {
      params.push(q.filter);
      where.push(`u.role = $${params.length}`);
    }
    if (q.query) {
      params.push(likePattern(q.query));
      where.push(SEARCH(`$${params.length}`));
    }
    const from = `accounts."user" u WHERE ${where.join(' AND ')}`;
    const limit = q.limit ?? PAGE_SIZE;
    const [rows, [count]] = await Promise.all([
      this.db.query<Array<EnrolCandidateAnswer>>(
        `SELECT u.uuid::text AS uuid, u.username, u.firstname, u.lastname, u.email, u.role
           FROM ${from}
          ORDER BY ${q.sortColumn} ${q.sortMethod}, u.lastname ASC, u.uuid ASC
          LIMIT ${limit} OFFSET ${(q.page - 1) * limit}`,
        params,
      ),
      this.db.query<Array<{ total: number }>>(`SELECT count(*)::int AS total FROM ${from}`, params),
    ]);
    const total = count?.total ?? 0;
    return { ...paged(rows, q.page, total, limit), total };
  }

  /**
   * Enrols the users with one role, all or none: an unknown user refuses the whole request (404) before anything
   * is written. Users enrolled already keep their enrolment. Answers how many were enrolled now; those are
   * recorded in the audit log (`enrolments.create`).
   */
  async enrol(actor: AuditActor, body: AdminEnrolmentBody): Promise<number> {
    const requestId = actor.requestId ?? undefined;
    const category = await this.categories.enrolmentInfo(body.category, requestId);
    if (!category) throw EnrolmentErrors.categoryNotFound();
    const uuids = [...new Set(body.uuids.map((u) => u.toLowerCase()))];
    return this.db.transaction(async (m) => {
      const [known] = await m.query<Array<{ n: number }>>(
        `SELECT count(*)::int AS n FROM accounts."user" WHERE uuid = ANY($1::uuid[])`,
        [uuids],
      );
      if ((known?.n ?? 0) !== uuids.length) throw UsersErrors.notFound();
      // one statement: a user deleted meanwhile fails it whole on the foreign key, never half of it
      const inserted = await m.query<Array<{ user_uuid: string }>>(
        `INSERT INTO accounts.enrolment (category, user_uuid, role)
         SELECT $1, x, $3 FROM unnest($2::uuid[]) AS x
         ON CONFLICT (category, user_uuid) DO NOTHING
         RETURNING user_uuid`,
        [category.token, uuids, body.role],
      );
      if (inserted.length > 0) {
        await this.audit.record(m, actor, {
          action: 'enrolments.create',
          object: { type: 'category', id: category.token },
          after: { role: body.role, users: inserted.map((r) => r.user_uuid) },
        });
      }
      return inserted.length;
    });
  }

  /**
   * Changes a member's enrolment role, recorded in the audit log (`enrolments.role`); 404 when they are not
   * enrolled in the category.
   */
  async changeRole(
    actor: AuditActor,
    token: string,
    uuid: string,
    role: EnrolRole,
  ): Promise<EnrolmentRoleAnswer> {
    if (!Token.safeParse(token).success) throw EnrolmentErrors.categoryNotFound();
    await this.db.transaction(async (m) => {
      const [before] = await m.query<Array<{ role: EnrolRole }>>(
        `SELECT role FROM accounts.enrolment WHERE category = $1 AND user_uuid = $2 FOR UPDATE`,
        [token, uuid],
      );
      if (!before) throw MemberErrors.enrolmentNotFound();
      await m.query(`UPDATE accounts.enrolment SET role = $3 WHERE category = $1 AND user_uuid = $2`, [
        token,
        uuid,
        role,
      ]);
      await this.audit.record(m, actor, {
        action: 'enrolments.role',
        object: enrolmentObject(token, uuid),
        before: { role: before.role },
        after: { role },
      });
    });
    return { category: token, uuid, role };
  }

  /** Unenrols a member, recorded in the audit log (`enrolments.delete`); 404 when they are not enrolled. */
  async unenrol(actor: AuditActor, token: string, uuid: string): Promise<void> {
    if (!Token.safeParse(token).success) throw EnrolmentErrors.categoryNotFound();
    await this.db.transaction(async (m) => {
      const [rows] = await m.query<[Array<{ role: EnrolRole }>, number]>(
        `DELETE FROM accounts.enrolment WHERE category = $1 AND user_uuid = $2 RETURNING role`,
        [token, uuid],
      );
      if (!rows.length) throw MemberErrors.enrolmentNotFound();
      await this.audit.record(m, actor, {
        action: 'enrolments.delete',
        object: enrolmentObject(token, uuid),
        before: { category: token, user: uuid, role: rows[0]!.role },
      });
    });
  }
}

/** The object of an enrolment's audit entries: the category and the user. */
const enrolmentObject = (category: string, user: string) => ({
  type: 'enrolment',
  id: `${category.toLowerCase()}/${user.toLowerCase()}`,
});
