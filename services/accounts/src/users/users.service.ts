import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { AppError, AuditLog, changedFields, LOGGER, paged, PAGE_SIZE, type AuditActor } from '@agora/common';
import { roleAllows, type Role, type SessionUser } from '@agora/contracts';
import type {
  AdminUserUpdateBody,
  ProfileUpdateBody,
  RegistrationBody,
  UserAnswer,
  UsersPageAnswer,
  UserStatsAnswer,
} from '@agora/contracts/api';
import argon2 from 'argon2';
import type { Logger } from 'pino';
import { QueryFailedError, Repository, type EntityManager } from 'typeorm';
import { ACCOUNTS_CONFIG, DEV_ADMIN_PASSWORD, type AccountsConfig } from '../config/accounts.config.js';
import { EnrolmentsService } from '../enrolments/enrolments.service.js';
import { AccountsErrors } from '../errors/accounts-errors.js';
import { POLICIES, RateLimitService } from '../ratelimit/rate-limit.service.js';
import { hashSid } from '../sessions/session-id.js';
import { Session } from '../sessions/session.entity.js';
import { UserValidationService } from '../validation/user-validation.service.js';
import {
  optionalText,
  parseLocation,
  PROFILE_FIELDS,
  REGISTRATION_FIELDS,
  ruledValues,
} from './user-input.js';
import { User } from './user.entity.js';
import { DEFAULT_USER_LOCALE } from './user-locale.js';
import { toUserAnswer } from './user.mapper.js';
import { UsersErrors } from './users.errors.js';
import type { UserFilters } from './users.query.js';

/** argon2id with the library's defaults (m=64 MiB, t=3, p=4). */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

// Verified against when the username is unknown, so both paths cost the same time.
let dummyHash: Promise<string> | undefined;

/** The largest `/limit/{n}` of the users list (the spec's CSV export limit). */
export const MAX_LIST_LIMIT = 10_000;

export interface UserListQuery {
  page: number;
  /** Page size (default PAGE_SIZE; `/limit/{n}` for CSV exports). */
  limit?: number;
  sortColumn: string;
  sortMethod: 'ASC' | 'DESC';
  query?: string;
  filters: UserFilters;
}

@Injectable()
export class UsersService {
  constructor(
    @InjectRepository(User, 'accounts') private readonly users: Repository<User>,
    @InjectRepository(Session, 'accounts') private readonly sessions: Repository<Session>,
    private readonly validation: UserValidationService,
    private readonly rate: RateLimitService,
    @Inject(ACCOUNTS_CONFIG) private readonly config: AccountsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly enrolments: EnrolmentsService,
    private readonly audit: AuditLog,
  ) {}

  /** Returns the active user with these credentials, or throws 'wrong credentials'. */
  async verifyCredentials(username: string, password: string): Promise<User> {
    const user = await this.users
      .createQueryBuilder('u')
      .addSelect('u.passwordHash')
      .where('lower(u.username) = lower(:username)', { username })
      .getOne();
    if (!user) {
      dummyHash ??= hashPassword('not-a-password');
      await argon2.verify(await dummyHash, password);
      throw UsersErrors.wrongCredentials();
    }
    const ok = await argon2.verify(user.passwordHash, password);
    if (!ok || !user.active) throw UsersErrors.wrongCredentials();
    return user;
  }

  async markLogin(uuid: string): Promise<void> {
    await this.users.update({ uuid }, { lastLogin: new Date() });
  }

  async findActive(uuid: string): Promise<User | null> {
    return this.users.findOne({ where: { uuid, active: true } });
  }

  async get(uuid: string, caller: SessionUser): Promise<UserAnswer> {
    if (caller.uuid !== uuid && !roleAllows(caller.role, 'admin')) throw AppError.forbidden();
    const user = await this.users.findOne({ where: { uuid } });
    if (!user) throw UsersErrors.notFound();
    return toUserAnswer(user);
  }

  /** `GET /profile`: the caller's own account with their enrolments. */
  async profile(caller: SessionUser): Promise<UserAnswer> {
    const user = await this.get(caller.uuid, caller);
    return { ...user, enrolments: await this.enrolments.of(caller.uuid) };
  }

  async list(q: UserListQuery): Promise<UsersPageAnswer> {
    const qb = this.users.createQueryBuilder('u');
    if (q.query) {
      qb.andWhere(
        `(u.username ILIKE :q OR u.firstname ILIKE :q OR u.lastname ILIKE :q OR u.email ILIKE :q)`,
        { q: `%${q.query.replace(/[\\%_]/g, (c) => `\\${c}`)}%` },
      );
    }
    if (q.filters.role) qb.andWhere('u.role = :role', { role: q.filters.role });
    if (q.filters.active !== undefined) qb.andWhere('u.active = :active', { active: q.filters.active });
    qb.orderBy(
      `u.${camel(q.sortColumn)}`,
      q.sortMethod,
      q.sortColumn === 'last_login' ? 'NULLS LAST' : undefined,
    )
      .addOrderBy('u.uuid', 'ASC')
      .skip((q.page - 1) * (q.limit ?? PAGE_SIZE))
      .take(q.limit ?? PAGE_SIZE);
    const [rows, total] = await qb.getManyAndCount();
    // `paged` types `total` as optional (the spec's lists may leave it out): this one always tells it
    return { ...paged(rows.map(toUserAnswer), q.page, total, q.limit ?? PAGE_SIZE), total };
  }

  async findByUsername(username: string): Promise<User | null> {
    return this.users
      .createQueryBuilder('u')
      .where('lower(u.username) = lower(:username)', { username })
      .getOne();
  }

  /**
   * A new active user from the registration form (rules of the `users` scope): `authorized`, or an admin's
   * (`admin`) with the role they chose, recorded in the audit log with the user.
   */
  async register(body: RegistrationBody, admin?: { actor: AuditActor; role?: Role }): Promise<User> {
    this.validation.check(ruledValues({ ...body }, REGISTRATION_FIELDS), 'post');
    if (body.password_repeat !== undefined && body.password_repeat !== body.password) {
      throw AccountsErrors.passwordsDoNotMatch();
    }
    const location = parseLocation(body.location);
    const username = body.username!.trim();
    const email = body.email!.trim();
    await this.validation.checkUnique({ username, email });
    const passwordHash = await hashPassword(body.password!);
    const user = this.users.create({
      username,
      firstname: body.firstname!.trim(),
      lastname: body.lastname!.trim(),
      email,
      role: admin?.role ?? 'authorized',
      phone: optionalText(body.phone),
      address: optionalText(body.address),
      lat: location?.lat ?? null,
      lon: location?.lon ?? null,
      passwordHash,
      active: true,
      locale: body.locale ?? DEFAULT_USER_LOCALE,
      resultsMail: false,
    });
    try {
      return await this.users.manager.transaction(async (m) => {
        const saved = await m.save(user);
        if (admin) {
          await this.audit.record(m, admin.actor, {
            action: 'users.create',
            object: { type: 'user', id: saved.uuid },
            after: toUserAnswer(saved),
          });
        }
        return saved;
      });
    } catch (e) {
      throw uniqueViolation(e) ?? e;
    }
  }

  /**
   * `PUT /profile`: the changed fields of the caller's own profile. A new password ends the user's other
   * sessions (`currentSid`, the session making the change, stays).
   */
  async updateProfile(
    uuid: string,
    body: ProfileUpdateBody,
    currentSid: string | null = null,
  ): Promise<UserAnswer> {
    const user = await this.withHash(uuid);
    if (body.username !== undefined && body.username !== user.username) {
      throw AccountsErrors.notEditable('username');
    }
    if (body.role !== undefined && body.role !== user.role) throw AccountsErrors.notEditable('role');
    if (body.password !== undefined) {
      if (!body.password_current) throw AccountsErrors.wrongCurrentPassword();
    }
    this.validation.check(ruledValues({ ...body }, PROFILE_FIELDS), 'put');
    if (body.password !== undefined) {
      if (body.password_repeat !== undefined && body.password_repeat !== body.password) {
        throw AccountsErrors.passwordsDoNotMatch();
      }
      // a stolen session must not give unlimited guesses of the password behind it
      await this.rate.guard(
        [{ policy: POLICIES.currentPassword, key: uuid, onSuccess: 'forget' }],
        async () => {
          if (!(await argon2.verify(user.passwordHash, body.password_current!))) {
            throw AccountsErrors.wrongCurrentPassword();
          }
        },
      );
    }
    return this.applyChanges(user, body, {}, { keepSid: currentSid });
  }

  /**
   * `PUT /users/uuid/{uuid}` by an admin: role, active, or profile fields; recorded in the audit log as
   * `users.activate`/`users.deactivate`, `users.role` or `users.update` with the fields changed.
   */
  async adminUpdate(actor: AuditActor, uuid: string, body: AdminUserUpdateBody): Promise<UserAnswer> {
    const user = await this.withHash(uuid);
    if (body.username !== undefined && body.username !== user.username) {
      throw AccountsErrors.notEditable('username');
    }
    if (body.active !== undefined && uuid === actor.uuid) throw AccountsErrors.ownActive();
    this.validation.check(ruledValues({ ...body }, PROFILE_FIELDS), 'put');
    const losesAdmin =
      user.role === 'admin' &&
      user.active &&
      ((body.role !== undefined && body.role !== 'admin') || body.active === false);
    if (losesAdmin) {
      const admins = await this.users.count({ where: { role: 'admin' as Role, active: true } });
      if (admins <= 1) throw AccountsErrors.lastAdmin();
    }
    const extra: Partial<User> = {};
    if (body.role !== undefined) extra.role = body.role;
    if (body.active !== undefined) extra.active = body.active;
    const action =
      extra.active !== undefined && extra.active !== user.active
        ? extra.active
          ? 'users.activate'
          : 'users.deactivate'
        : extra.role !== undefined && extra.role !== user.role
          ? 'users.role'
          : 'users.update';
    const changed = await this.applyChanges(user, body, extra, undefined, async (m, fresh) => {
      await this.audit.record(m, actor, {
        action,
        object: { type: 'user', id: uuid },
        ...changedFields(toUserAnswer(user), toUserAnswer(fresh)),
        // a new password is told, never written (its hash is left out of every entry)
        detail: body.password != null ? { changed: ['password'] } : null,
      });
    });
    if (body.active === false) await this.deleteSessionsOf(uuid);
    return changed;
  }

  async stats(): Promise<UserStatsAnswer> {
    const rows = await this.users
      .createQueryBuilder('u')
      .select('u.role', 'role')
      .addSelect('u.active', 'active')
      .addSelect('count(*)::int', 'n')
      .groupBy('u.role')
      .addGroupBy('u.active')
      .getRawMany<{ role: Role; active: boolean; n: number }>();
    const stats: UserStatsAnswer = {
      total: 0,
      status: { active: 0, inactive: 0 },
      role: { admin: 0, editor: 0, reviewer: 0, authorized: 0, guest: 0 },
    };
    for (const r of rows) {
      stats.total += r.n;
      stats.status[r.active ? 'active' : 'inactive'] += r.n;
      stats.role[r.role] += r.n;
    }
    return stats;
  }

  /** Ends every session of a user (deactivation, password reset). */
  async deleteSessionsOf(uuid: string): Promise<number> {
    const res = await this.sessions.delete({ userUuid: uuid });
    return res.affected ?? 0;
  }

  private async withHash(uuid: string): Promise<User> {
    const user = await this.users
      .createQueryBuilder('u')
      .addSelect('u.passwordHash')
      .where('u.uuid = :uuid', { uuid })
      .getOne();
    if (!user) throw UsersErrors.notFound();
    return user;
  }

  /**
   * Writes the changed fields. With `keepSid` set, a new password ends every other session of the user in the
   * same transaction (null: the caller has no session cookie, so all of them end). `recorded` sees the user as
   * written, inside the transaction (its audit entry), when anything changed.
   */
  private async applyChanges(
    user: User,
    body: ProfileUpdateBody | AdminUserUpdateBody,
    extra: Partial<User> = {},
    sessions?: { keepSid: string | null },
    recorded?: (m: EntityManager, fresh: User) => Promise<void>,
  ): Promise<UserAnswer> {
    const patch: Partial<User> = { ...extra };
    // null in a required field was refused by the users rules: only null in phone, address, location clears
    if (body.firstname != null) patch.firstname = body.firstname.trim();
    if (body.lastname != null) patch.lastname = body.lastname.trim();
    if (body.email != null && body.email.trim() !== user.email) {
      patch.email = body.email.trim();
      await this.validation.checkUnique({ email: patch.email }, user.uuid);
    }
    if (body.phone !== undefined) patch.phone = optionalText(body.phone);
    if (body.address !== undefined) patch.address = optionalText(body.address);
    if (body.location !== undefined) {
      const loc = parseLocation(body.location);
      patch.lat = loc?.lat ?? null;
      patch.lon = loc?.lon ?? null;
    }
    if ('locale' in body && body.locale !== undefined) patch.locale = body.locale;
    if ('results_mail' in body && body.results_mail !== undefined) patch.resultsMail = body.results_mail;
    if (body.password != null) patch.passwordHash = await hashPassword(body.password);
    if (Object.keys(patch).length > 0) {
      try {
        await this.users.manager.transaction(async (m) => {
          await m.update(User, { uuid: user.uuid }, patch);
          if (patch.passwordHash && sessions) {
            const others = m
              .createQueryBuilder()
              .delete()
              .from(Session)
              .where('user_uuid = :uuid', { uuid: user.uuid });
            if (sessions.keepSid) others.andWhere('id_hash <> :keep', { keep: hashSid(sessions.keepSid) });
            await others.execute();
          }
          if (recorded) {
            const written = await m.findOne(User, { where: { uuid: user.uuid } });
            if (written) await recorded(m, written);
          }
        });
      } catch (e) {
        throw uniqueViolation(e) ?? e;
      }
    }
    const fresh = await this.users.findOne({ where: { uuid: user.uuid } });
    if (!fresh) throw UsersErrors.notFound();
    return toUserAnswer(fresh);
  }

  /**
   * On first start there is no admin: create `admin` with AGORA_ADMIN_PASSWORD. In the one-process development
   * mode without a password, use the well-known development password and warn loudly.
   */
  async ensureFirstAdmin(): Promise<{ created: boolean; password?: 'configured' | 'development' }> {
    const existing = await this.users.count({ where: { role: 'admin' as Role } });
    if (existing > 0) return { created: false };
    let password = this.config.adminPassword;
    let kind: 'configured' | 'development' = 'configured';
    if (!password) {
      if (!this.config.devMode) {
        throw new Error('AGORA_ADMIN_PASSWORD must be set on first start (there is no admin user yet)');
      }
      password = DEV_ADMIN_PASSWORD;
      kind = 'development';
      this.logger.warn(
        `created the admin user 'admin' with the development password '${DEV_ADMIN_PASSWORD}': change it`,
      );
    }
    await this.users.insert({
      username: 'admin',
      firstname: 'Agora',
      lastname: 'Administrator',
      email: 'admin@localhost',
      role: 'admin',
      passwordHash: await hashPassword(password),
      active: true,
    });
    return { created: true, password: kind };
  }
}

/** A race past the pre-check: the unique index answers, mapped to the same 409s. */
function uniqueViolation(e: unknown): Error | null {
  if (!(e instanceof QueryFailedError)) return null;
  const driver = e.driverError as { code?: string; constraint?: string } | undefined;
  if (driver?.code !== '23505') return null;
  if (driver.constraint === 'user_username_key') return AccountsErrors.usernameExists();
  if (driver.constraint === 'user_email_key') return AccountsErrors.valueExists('email');
  return null;
}

function camel(column: string): string {
  return column.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
}
