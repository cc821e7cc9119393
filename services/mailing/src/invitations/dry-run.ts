import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ENROL_ROLES, type EnrolRole } from '@agora/contracts';
import type {
  InvitationEnrolment,
  InvitationReportRow,
  InvitationRowComment,
  InvitationValidateAnswer,
} from '@agora/contracts/api';
import type { DataSource, EntityManager } from 'typeorm';
import { z } from 'zod';
import type { CsvInvitationRow } from './csv.js';
import { InvitationPeers, type ExistingUser } from './peers.js';
import type { StoredEnrolment } from './rows.js';

/** A row to judge: what the CSV (or a send request) says. */
export type Candidate = Pick<CsvInvitationRow, 'line' | 'firstname' | 'lastname' | 'email' | 'enrolments'>;

export interface Judged {
  report: InvitationReportRow;
  enrolments: StoredEnrolment[];
  user: ExistingUser | null;
}

const emailSchema = z.email();
/** The accounts' limits (the users scope): a longer name or address could be invited but never accepted. */
const MAX_NAME = 100;
const MAX_EMAIL = 254;

/** A batch's rows judged: the CSV's dry run, and the check a batch passes again when it is sent. */
@Injectable()
export class InvitationDryRun {
  constructor(
    @InjectDataSource('mailing') private readonly ds: DataSource,
    private readonly peers: InvitationPeers,
  ) {}

  /** The dry run: every row judged with three look-ups in all (categories, users, pending invitations). */
  async validate(rows: readonly Candidate[]): Promise<InvitationValidateAnswer> {
    const judged = await this.judge(rows);
    const values = judged.map((j) => j.report);
    const valid = values.filter((v) => v.valid).length;
    const invite = values.filter((v) => v.invite).length;
    return {
      values,
      summary: { rows: values.length, valid, invite, enrol: valid - invite, invalid: values.length - valid },
    };
  }

  async judge(rows: readonly Candidate[]): Promise<Judged[]> {
    const needsCategories = rows.some((r) => r.enrolments.length > 0);
    // each address checked once
    const wellFormed = rows.map((r) => {
      const email = r.email.trim();
      return email.length <= MAX_EMAIL && emailSchema.safeParse(email).success;
    });
    const emails = [
      ...new Set(rows.filter((_r, i) => wellFormed[i]).map((r) => r.email.trim().toLowerCase())),
    ];
    const [categories, users, pending] = await Promise.all([
      needsCategories
        ? this.peers.categories()
        : Promise.resolve(new Map<string, { token: string; mname: string; title?: string }>()),
      this.peers.usersByEmail(emails),
      this.pendingInvitations(emails),
    ]);
    const seen = new Set<string>();
    return rows.map((r, i) => {
      const email = r.email.trim();
      const key = email.toLowerCase();
      const enrolments: StoredEnrolment[] = [];
      const record: InvitationEnrolment = {};
      let badRole = false;
      let unknownCategory = false;
      for (const e of r.enrolments) {
        const role = e.role.trim().toLowerCase();
        const category = categories.get(e.category.trim().toLowerCase());
        const mname = category?.mname ?? e.category.trim();
        if (!(ENROL_ROLES as readonly string[]).includes(role)) badRole = true;
        else record[mname] = role as EnrolRole;
        if (!category) unknownCategory = true;
        else if (!badRole)
          enrolments.push({
            category: category.token,
            mname,
            title: category.title,
            role: role as EnrolRole,
          });
      }
      let comment: InvitationRowComment | null = null;
      if (!r.firstname.trim() || !r.lastname.trim()) comment = 'MAILING.CSV_MISSING_NAME';
      else if (r.firstname.trim().length > MAX_NAME || r.lastname.trim().length > MAX_NAME)
        comment = 'MAILING.CSV_BAD_NAME';
      else if (!wellFormed[i]) comment = 'MAILING.CSV_BAD_EMAIL';
      else if (seen.has(key)) comment = 'MAILING.CSV_DUPLICATE';
      else if (badRole) comment = 'MAILING.CSV_BAD_ROLE';
      else if (unknownCategory) comment = 'MAILING.CSV_UNKNOWN_CATEGORY';
      if (wellFormed[i]) seen.add(key);
      const user = comment === null ? (users.get(key) ?? null) : null;
      if (comment === null && user) comment = 'MAILING.ALREADY_USER';
      else if (comment === null && pending.has(key)) comment = 'MAILING.ALREADY_INVITED';
      const valid = comment === null || comment === 'MAILING.ALREADY_USER';
      return {
        report: {
          line: r.line,
          firstname: r.firstname.trim(),
          lastname: r.lastname.trim(),
          email,
          enrolment: record,
          valid,
          invite: comment === null,
          comment,
        },
        // the last row of a category wins, as in `record`
        enrolments: [...new Map(enrolments.map((e) => [e.category, e])).values()],
        user,
      };
    });
  }

  /** Of these lower-cased addresses, those with an invitation neither accepted, withdrawn nor expired. */
  private async pendingInvitations(
    emails: readonly string[],
    m: EntityManager = this.ds.manager,
  ): Promise<Set<string>> {
    if (emails.length === 0) return new Set();
    const rows = await m.query<Array<{ email: string }>>(
      `SELECT DISTINCT lower(email) AS email FROM mailing.invitation
        WHERE accepted IS NULL AND cancelled IS NULL AND expires > now() AND lower(email) = ANY($1::text[])`,
      [emails],
    );
    return new Set(rows.map((r) => r.email));
  }
}
