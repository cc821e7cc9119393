import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AppError, LOGGER } from '@agora/common';
import type {
  InternalEnrolment,
  InternalEnrolmentsBody,
  InternalInvitationAcceptBody,
  InternalUsersByEmailAnswer,
  OAuthProvider,
} from '@agora/contracts/api';
import type { Logger } from 'pino';
import type { DataSource, EntityManager } from 'typeorm';
import { usernameBase, usernameCandidate } from '../oauth/oauth.util.js';
import { SettingsService } from '../settings/settings.service.js';
import { hashPassword } from '../users/users.service.js';
import { UserValidationService } from '../validation/user-validation.service.js';

const emailExists = () => new AppError('ACCOUNTS.EMAIL_EXISTS', 409, 'email exists');
const linkedElsewhere = () =>
  new AppError('ACCOUNTS.OAUTH_LINKED', 409, 'this external account is linked to another user');

type External = NonNullable<InternalInvitationAcceptBody['external']>;

/** Postgres' unique violation (23505) and the constraint it names. */
function uniqueViolation(e: unknown): string | null {
  const driver = (e as { driverError?: { code?: string; constraint?: string } }).driverError;
  return driver?.code === '23505' ? (driver.constraint ?? '') : null;
}

/**
 * What the mailing service's invitations need from the accounts: which invited addresses are users already, the
 * enrolment of existing users, and the acceptance of an invitation (a new user and its enrolments, in one
 * transaction, idempotent under the uuid the caller chose).
 */
@Injectable()
export class InvitationsInternalService {
  constructor(
    @InjectDataSource('accounts') private readonly ds: DataSource,
    private readonly validation: UserValidationService,
    private readonly settings: SettingsService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The users among `emails` (compared case-insensitively), in one query. */
  async usersByEmail(emails: readonly string[]): Promise<InternalUsersByEmailAnswer> {
    const wanted = [...new Set(emails.map((e) => e.trim().toLowerCase()).filter((e) => e !== ''))];
    if (wanted.length === 0) return { users: [] };
    const users = await this.ds.query<InternalUsersByEmailAnswer['users']>(
      `SELECT uuid::text AS uuid, email, firstname, lastname, locale
         FROM accounts."user" WHERE lower(email) = ANY($1::text[])`,
      [wanted],
    );
    return { users };
  }

  /** Enrols existing users (a role they hold in the category already is changed); the number of enrolments. */
  async enrol(body: InternalEnrolmentsBody): Promise<number> {
    const users: string[] = [];
    const categories: string[] = [];
    const roles: string[] = [];
    for (const u of body.users) {
      for (const e of u.enrolments) {
        users.push(u.uuid);
        categories.push(e.category);
        roles.push(e.role);
      }
    }
    if (users.length === 0) return 0;
    return this.ds.transaction(async (m) => {
      const known = await m.query<Array<{ uuid: string }>>(
        `SELECT uuid::text AS uuid FROM accounts."user" WHERE uuid = ANY($1::uuid[])`,
        [[...new Set(users)]],
      );
      if (known.length !== new Set(users).size)
        throw AppError.notFound('user not found', 'ACCOUNTS.USER_NOT_FOUND');
      await upsertEnrolments(m, users, categories, roles);
      return users.length;
    });
  }

  /**
   * The user of an accepted invitation and its enrolments, in one transaction. The same uuid and e-mail again (a
   * retry after the caller lost the answer) answer the same user, adding any missing enrolment, without changing
   * the password; an e-mail that belongs to another user is 409 `ACCOUNTS.EMAIL_EXISTS`. Accepted through an external
   * login (`external`), the provider account is linked to the user in the same transaction; one linked to another
   * user already is 409 `ACCOUNTS.OAUTH_LINKED`.
   */
  async accept(body: InternalInvitationAcceptBody): Promise<{ uuid: string; username: string }> {
    const email = body.email.trim();
    const firstname = body.firstname.trim();
    const lastname = body.lastname.trim();
    const checked: Record<string, string> = { firstname, lastname, email };
    if (body.password !== null) checked.password = body.password;
    this.validation.check(checked, 'put');
    const existing = await this.ds.query<Array<{ uuid: string; email: string; username: string }>>(
      `SELECT uuid::text AS uuid, email, username FROM accounts."user" WHERE uuid = $1 OR lower(email) = lower($2)`,
      [body.uuid, email],
    );
    if (existing.some((u) => u.uuid !== body.uuid)) throw emailExists();
    const external = body.external ?? null;
    if (external) await this.checkLink(body.uuid, external);
    const same = existing.find((u) => u.uuid === body.uuid);
    if (same) {
      if (same.email.toLowerCase() !== email.toLowerCase()) throw emailExists();
      await this.ds.transaction(async (m) => {
        await this.enrolOne(m, body.uuid, body.enrolments);
        if (external) await link(m, body.uuid, external);
      });
      return { uuid: body.uuid, username: same.username };
    }
    const passwordHash = await hashPassword(body.password ?? randomBytes(32).toString('base64url'));
    const base = usernameBase({ preferredUsername: null, email, name: `${firstname} ${lastname}` });
    for (let attempt = 1; attempt <= 50; attempt++) {
      const username =
        attempt <= 40
          ? usernameCandidate(base, attempt)
          : `${base.slice(0, 16)}${randomBytes(4).toString('hex')}`;
      try {
        await this.ds.transaction(async (m) => {
          await m.query(
            `INSERT INTO accounts."user" (uuid, username, firstname, lastname, email, role, password_hash, active, locale)
             VALUES ($1, $2, $3, $4, $5, 'authorized', $6, true, $7)`,
            [body.uuid, username, firstname, lastname, email, passwordHash, body.locale],
          );
          await this.enrolOne(m, body.uuid, body.enrolments);
          if (external) await link(m, body.uuid, external);
        });
        this.logger.info(
          { user: body.uuid, enrolments: body.enrolments.length },
          'invitation accepted: user created',
        );
        return { uuid: body.uuid, username };
      } catch (e) {
        const constraint = uniqueViolation(e);
        if (constraint === null) throw e;
        if (constraint === 'user_email_key') throw emailExists();
        if (constraint === 'user_username_key') continue;
        if (constraint === 'external_identity_provider_subject_key') throw linkedElsewhere();
        // the same uuid inserted meanwhile (a concurrent retry): answer as a retry does
        return this.accept(body);
      }
    }
    throw new AppError('INTERNAL', 500, 'could not find a free username');
  }

  /** 409 when the provider account is linked to a user other than `uuid`. */
  private async checkLink(uuid: string, external: External): Promise<void> {
    const [linked] = await this.ds.query<Array<{ user_uuid: string }>>(
      `SELECT user_uuid::text AS user_uuid FROM accounts.external_identity WHERE provider = $1 AND subject = $2`,
      [external.provider, external.subject],
    );
    if (linked && linked.user_uuid !== uuid) throw linkedElsewhere();
  }

  /** The external logins turned on and configured (what an invitation with OAuth can offer). */
  async providers(): Promise<OAuthProvider[]> {
    const s = await this.settings.get();
    const out: OAuthProvider[] = [];
    if (s.isOpenAuthEnabled) out.push('open');
    if (s.isGoogleAuthEnabled) out.push('google');
    if (s.isFacebookAuthEnabled) out.push('facebook');
    return out;
  }

  private async enrolOne(
    m: EntityManager,
    uuid: string,
    enrolments: readonly InternalEnrolment[],
  ): Promise<void> {
    if (enrolments.length === 0) return;
    await upsertEnrolments(
      m,
      enrolments.map(() => uuid),
      enrolments.map((e) => e.category),
      enrolments.map((e) => e.role),
    );
  }
}

/**
 * Links the provider account to the user (a retry finds it linked already); linked to another user meanwhile, 409
 * (and the caller's transaction is rolled back).
 */
async function link(m: EntityManager, uuid: string, external: External): Promise<void> {
  const [row] = await m.query<Array<{ user_uuid: string }>>(
    `INSERT INTO accounts.external_identity (user_uuid, provider, subject, email, last_login)
     VALUES ($1, $2, $3, $4, now())
     ON CONFLICT (provider, subject) DO UPDATE SET last_login = now()
     RETURNING user_uuid::text AS user_uuid`,
    [uuid, external.provider, external.subject, external.email],
  );
  if (row?.user_uuid !== uuid) throw linkedElsewhere();
}

/** One statement for all the enrolments (a role held already is replaced). */
async function upsertEnrolments(
  m: EntityManager,
  users: string[],
  categories: string[],
  roles: string[],
): Promise<void> {
  await m.query(
    `INSERT INTO accounts.enrolment (user_uuid, category, role)
     SELECT DISTINCT ON (u, c) u, c, r FROM unnest($1::uuid[], $2::uuid[], $3::text[]) AS t(u, c, r)
     ON CONFLICT (category, user_uuid) DO UPDATE SET role = EXCLUDED.role`,
    [users, categories, roles],
  );
}
