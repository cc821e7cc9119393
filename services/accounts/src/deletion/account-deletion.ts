import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AppError, AuditLog, LOGGER, type AuditActor } from '@agora/common';
import { PRIVATE_FILE_STORAGE, type FileStorage } from '@agora/common/storage';
import type { Role, SessionUser } from '@agora/contracts';
import type { AccountDeletionBody, AccountDeletionPreview, UserForgetAnswer } from '@agora/contracts/api';
import argon2 from 'argon2';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { AccountsErrors, FieldError } from '../errors/accounts-errors.js';
import { ConsultationUserData } from '../my-data/consultation-user-data.js';
import { POLICIES, RateLimitService } from '../ratelimit/rate-limit.service.js';
import { User } from '../users/user.entity.js';
import { UsersErrors } from '../users/users.errors.js';
import { DataRequests } from './data-requests.js';
import { DeletionErrors } from './deletion.errors.js';

/** A wrong current password given to confirm the deletion (the field of `DELETE profile`). */
const wrongPassword = () =>
  new FieldError('password', 400, 'wrong credentials', 'ACCOUNTS.WRONG_CURRENT_PASSWORD');

/**
 * Deleting an account (GDPR art. 17, decision 0088), by its user (`DELETE profile`) or by an administrator
 * (`DELETE users/uuid/{uuid}`), the same way: a `data_request` row, consultation's part (its erasure and the
 * detachment of the answers kept, idempotent), then, in one transaction, the user with their sessions,
 * enrolments, external logins, archives of their data and recovery tokens, and the audit entry; the archives'
 * files leave the store after the commit. When consultation does not answer, nothing is deleted (503).
 */
@Injectable()
export class AccountDeletion {
  constructor(
    @InjectDataSource('accounts') private readonly db: DataSource,
    private readonly consultation: ConsultationUserData,
    private readonly requests: DataRequests,
    private readonly rate: RateLimitService,
    private readonly audit: AuditLog,
    @Inject(PRIVATE_FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** `GET profile/deletion`: what deleting the caller's account erases and keeps, and how it is confirmed. */
  async preview(caller: SessionUser): Promise<AccountDeletionPreview> {
    const user = await this.db.getRepository(User).findOneBy({ uuid: caller.uuid });
    if (!user) throw UsersErrors.notFound();
    const part = await this.consultation.forgetPreview(caller.uuid);
    const own = await this.ownRows(caller.uuid);
    return {
      ...part,
      ...own,
      confirm_with: own.external_logins > 0 ? 'username' : 'password',
    };
  }

  /**
   * `DELETE profile`: the caller's own account, confirmed by their current password or, when it has external
   * logins (whose password the user may never have chosen), by their username typed again; both are counted as
   * the current-password checks are. The last active administrator is refused.
   */
  async deleteOwn(caller: SessionUser, body: AccountDeletionBody, actor: AuditActor): Promise<void> {
    const user = await this.db
      .getRepository(User)
      .createQueryBuilder('u')
      .addSelect('u.passwordHash')
      .where('u.uuid = :uuid', { uuid: caller.uuid })
      .getOne();
    if (!user) throw UsersErrors.notFound();
    await this.refuseLastAdmin(user, DeletionErrors.lastAdmin);
    const { external_logins } = await this.ownRows(user.uuid);
    if (body.password === undefined && (body.username === undefined || external_logins === 0)) {
      throw wrongPassword();
    }
    await this.rate.guard(
      [{ policy: POLICIES.currentPassword, key: user.uuid, onSuccess: 'forget' }],
      async () => {
        if (body.password !== undefined) {
          // a hash argon2 cannot read (none was ever set) matches no password
          const ok = await argon2.verify(user.passwordHash, body.password).catch(() => false);
          if (!ok) throw wrongPassword();
        } else if (body.username!.trim().toLowerCase() !== user.username.toLowerCase()) {
          throw DeletionErrors.wrongConfirmation();
        }
      },
    );
    // the entry names no one: the account's uuid is its object, and its name leaves with it
    await this.erase(user.uuid, 'self', { ...actor, username: null });
  }

  /** `DELETE users/uuid/{uuid}` by an administrator: not their own account, not the last active administrator. */
  async deleteByAdmin(actor: AuditActor, uuid: string): Promise<void> {
    if (uuid === actor.uuid) throw AccountsErrors.deleteSelf();
    const user = await this.db.getRepository(User).findOneBy({ uuid });
    if (!user) throw UsersErrors.notFound();
    await this.refuseLastAdmin(user, AccountsErrors.lastAdmin);
    await this.erase(uuid, 'admin', actor);
  }

  private async refuseLastAdmin(user: User, refusal: () => AppError): Promise<void> {
    if (user.role !== 'admin' || !user.active) return;
    const admins = await this.db
      .getRepository(User)
      .count({ where: { role: 'admin' as Role, active: true } });
    if (admins <= 1) throw refusal();
  }

  private async ownRows(
    uuid: string,
  ): Promise<{ external_logins: number; enrolments: number; sessions: number }> {
    const [row] = await this.db.query<
      Array<{ external_logins: number; enrolments: number; sessions: number }>
    >(
      `SELECT (SELECT count(*)::int FROM accounts.external_identity WHERE user_uuid = $1) AS external_logins,
              (SELECT count(*)::int FROM accounts.enrolment WHERE user_uuid = $1) AS enrolments,
              (SELECT count(*)::int FROM accounts.session WHERE user_uuid = $1) AS sessions`,
      [uuid],
    );
    return row!;
  }

  private async erase(uuid: string, by: 'self' | 'admin', actor: AuditActor): Promise<void> {
    const request = await this.requests.open('deletion', uuid, { by, state: 'running' });
    let part: UserForgetAnswer;
    try {
      part = await this.consultation.forget(uuid);
    } catch (error) {
      await this.requests.settle(request, 'failed', {
        code: error instanceof AppError ? error.code : 'INTERNAL',
      });
      throw error;
    }
    const keys = await this.remove(uuid, by, actor, request, part).catch(async (error: unknown) => {
      await this.requests.settle(request, 'failed', {
        code: error instanceof AppError ? error.code : 'INTERNAL',
      });
      throw error;
    });
    for (const key of keys) {
      // a file left behind is removed by the archives' clean-up (any file under my-data/ older than a day)
      await this.storage.delete(key).catch((err: unknown) => {
        this.logger.warn({ err }, 'the archive of a deleted account is left in the file store');
      });
    }
  }

  /** Accounts' part, in one transaction; answers the keys of the archives' files to delete after it. */
  private remove(
    uuid: string,
    by: 'self' | 'admin',
    actor: AuditActor,
    request: string,
    part: UserForgetAnswer,
  ): Promise<string[]> {
    return this.db.transaction(async (m) => {
      const deleted = async (sql: string): Promise<number> => {
        const [, n] = await m.query<[unknown[], number]>(sql, [uuid]);
        return n;
      };
      const archives = await m.query<Array<{ storage_key: string | null }>>(
        `SELECT storage_key FROM accounts.my_data_archive WHERE user_uuid = $1`,
        [uuid],
      );
      const counts = {
        ...part,
        sessions: await deleted(`DELETE FROM accounts.session WHERE user_uuid = $1`),
        enrolments: await deleted(`DELETE FROM accounts.enrolment WHERE user_uuid = $1`),
        external_logins: await deleted(`DELETE FROM accounts.external_identity WHERE user_uuid = $1`),
        recovery_tokens: await deleted(`DELETE FROM accounts.recovery_token WHERE user_uuid = $1`),
        data_archives: await deleted(`DELETE FROM accounts.my_data_archive WHERE user_uuid = $1`),
      };
      await m.query(`UPDATE accounts.data_request SET user_uuid = NULL WHERE user_uuid = $1`, [uuid]);
      if ((await deleted(`DELETE FROM accounts."user" WHERE uuid = $1`)) === 0) throw UsersErrors.notFound();
      await this.requests.settle(request, 'done', { counts, m });
      await this.audit.record(m, actor, {
        action: by === 'self' ? 'users.delete_own' : 'users.delete',
        object: { type: 'user', id: uuid },
        before: { uuid },
        detail: counts,
      });
      return archives.flatMap((a) => (a.storage_key ? [a.storage_key] : []));
    });
  }
}
