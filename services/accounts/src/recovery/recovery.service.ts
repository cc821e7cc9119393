import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { AppError, LOGGER } from '@agora/common';
import type { Logger } from 'pino';
import { IsNull, LessThan, Repository } from 'typeorm';
import { ACCOUNTS_CONFIG, type AccountsConfig } from '../config/accounts.config.js';
import { accountKey, loginKey, POLICIES, RateLimitService } from '../ratelimit/rate-limit.service.js';
import { Session } from '../sessions/session.entity.js';
import { User } from '../users/user.entity.js';
import { hashPassword, UsersService } from '../users/users.service.js';
import { UsersErrors } from '../users/users.errors.js';
import { UserValidationService } from '../validation/user-validation.service.js';
import { MailRequestsProducer } from './mail-requests.producer.js';
import { RecoveryToken } from './recovery-token.entity.js';
import { recoveryMail } from './recovery.mail.js';

export const RECOVERY_TOKEN_MINUTES = 60;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export const RecoveryErrors = {
  unknownToken: () => AppError.notFound('token not found', 'ACCOUNTS.RECOVERY_TOKEN'),
  expired: () => new AppError('ACCOUNTS.RECOVERY_EXPIRED', 410, 'Too late!'),
};

@Injectable()
export class RecoveryService {
  constructor(
    @InjectRepository(RecoveryToken, 'accounts') private readonly tokens: Repository<RecoveryToken>,
    private readonly users: UsersService,
    private readonly validation: UserValidationService,
    private readonly rate: RateLimitService,
    private readonly mail: MailRequestsProducer,
    @Inject(ACCOUNTS_CONFIG) private readonly config: AccountsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * A new one-time link for the user (older unused links stop working), mailed through the mailing service.
   * Counted per username and per client address whether or not the user exists.
   */
  async request(username: string, ip: string | undefined): Promise<void> {
    await this.rate.consume(POLICIES.recoveryByAccount, accountKey(username));
    if (ip) await this.rate.consume(POLICIES.recoveryByAddress, ip);
    const user = await this.users.findByUsername(username.trim());
    if (!user || !user.active) throw UsersErrors.notFound();

    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + RECOVERY_TOKEN_MINUTES * 60_000);
    const id = await this.tokens.manager.transaction(async (m) => {
      await m.delete(RecoveryToken, { userUuid: user.uuid, usedAt: IsNull() });
      const row = await m.save(
        m.create(RecoveryToken, { tokenHash: hashToken(token), userUuid: user.uuid, expiresAt }),
      );
      return row.id;
    });
    // After the commit: the job only carries what the mailing service needs.
    await this.mail.request(
      recoveryMail({
        to: user.email,
        firstname: user.firstname,
        lastname: user.lastname,
        username: user.username,
        link: `${this.config.publicUrl}/password_recovery/reset/${token}`,
        minutes: RECOVERY_TOKEN_MINUTES,
        tokenId: id,
        locale: user.locale,
      }),
    );
    this.logger.info({ user: user.uuid }, 'password recovery requested');
  }

  /** Sets the new password with a link's token; the token is used up and every session of the user ends. */
  async reset(token: string, password: string, ip?: string | null): Promise<void> {
    const found = await this.tokens.findOne({ where: { tokenHash: hashToken(token) } });
    if (!found || found.usedAt) throw RecoveryErrors.unknownToken();
    if (found.expiresAt <= new Date()) throw RecoveryErrors.expired();
    this.validation.check({ password }, 'put');
    const passwordHash = await hashPassword(password);
    const username = await this.tokens.manager.transaction(async (m) => {
      const claimed = (await m.query(
        `UPDATE accounts.recovery_token SET used_at = now()
          WHERE id = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_uuid`,
        [found.id],
      )) as [Array<{ user_uuid: string }>, number];
      if (claimed[1] !== 1) throw RecoveryErrors.unknownToken();
      await m.update(User, { uuid: found.userUuid }, { passwordHash });
      await m.delete(Session, { userUuid: found.userUuid });
      const user = await m.findOne(User, { where: { uuid: found.userUuid } });
      return user?.username;
    });
    // the new password works at once from the address that set it
    if (username) await this.rate.forget(POLICIES.loginByAccountAndAddress, loginKey(username, ip));
  }

  /** Tokens that are used or expired for more than a day. */
  async purgeOld(): Promise<number> {
    const res = await this.tokens.delete({ expiresAt: LessThan(new Date(Date.now() - 24 * 3_600_000)) });
    return res.affected ?? 0;
  }
}
