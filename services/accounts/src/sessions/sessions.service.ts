import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { SessionUser } from '@agora/contracts';
import { LessThan, Repository } from 'typeorm';
import { ACCOUNTS_CONFIG, type AccountsConfig } from '../config/accounts.config.js';
import { EnrolmentsService } from '../enrolments/enrolments.service.js';
import { toSessionUser } from '../users/user.mapper.js';
import { UsersService } from '../users/users.service.js';
import { hashSid } from './session-id.js';
import { Session } from './session.entity.js';

/** Only touch `last_seen` this often, so resolving a busy session is a read, not a write. */
const TOUCH_EVERY_MS = 60_000;

@Injectable()
export class SessionsService {
  constructor(
    @InjectRepository(Session, 'accounts') private readonly sessions: Repository<Session>,
    @Inject(ACCOUNTS_CONFIG) private readonly config: AccountsConfig,
    private readonly users: UsersService,
    private readonly enrolments: EnrolmentsService,
  ) {}

  /** A new session with a fresh random id (a login never reuses an id: no session fixation). */
  async create(userUuid: string, ip: string | undefined): Promise<string> {
    const sid = randomBytes(32).toString('base64url');
    const now = new Date();
    await this.sessions.insert({
      idHash: hashSid(sid),
      userUuid,
      lastSeen: now,
      expiresAt: this.expiry(now, now),
      ip: ip ?? null,
    });
    return sid;
  }

  /**
   * The user of a live session, with their enrolments (the gateway signs them into the identity); sliding idle
   * expiry capped by the maximum session age.
   */
  async resolve(sid: string): Promise<SessionUser | null> {
    const session = await this.sessions.findOne({ where: { idHash: hashSid(sid) } });
    const now = new Date();
    if (!session) return null;
    if (session.expiresAt <= now) {
      await this.sessions.delete({ idHash: session.idHash });
      return null;
    }
    const user = await this.users.findActive(session.userUuid);
    if (!user) {
      await this.sessions.delete({ idHash: session.idHash });
      return null;
    }
    if (now.getTime() - session.lastSeen.getTime() > TOUCH_EVERY_MS) {
      await this.sessions.update(
        { idHash: session.idHash },
        { lastSeen: now, expiresAt: this.expiry(session.created, now) },
      );
    }
    return { ...toSessionUser(user), enrolments: await this.enrolments.of(user.uuid) };
  }

  async destroy(sid: string): Promise<void> {
    await this.sessions.delete({ idHash: hashSid(sid) });
  }

  async purgeExpired(): Promise<number> {
    const result = await this.sessions.delete({ expiresAt: LessThan(new Date()) });
    return result.affected ?? 0;
  }

  private expiry(created: Date, now: Date): Date {
    const idle = now.getTime() + this.config.session.idleMs;
    const max = created.getTime() + this.config.session.maxMs;
    return new Date(Math.min(idle, max));
  }
}
