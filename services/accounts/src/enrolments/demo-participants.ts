import { Inject, Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import { LOGGER } from '@agora/common';
import { DEMO_CATEGORY_TOKENS, DEMO_PARTICIPANTS, DEMO_RESIDENTS, type DemoCategory } from '@agora/contracts';
import type { Logger } from 'pino';
import type { EntityManager } from 'typeorm';
import {
  ACCOUNTS_CONFIG,
  DEMO_PARTICIPANT_PASSWORD,
  type AccountsConfig,
} from '../config/accounts.config.js';
import { hashPassword } from '../users/users.service.js';

/** Everyone the demo creates: the participants `citizen01`…`citizen24`, then the residents `resident001`…. */
const DEMO_PEOPLE = [...DEMO_PARTICIPANTS, ...DEMO_RESIDENTS];

/**
 * The demo participants `citizen01`…`citizen24` and the demo residents `resident001`… (site role authorized, one
 * shared password) and their enrolments in the demo categories, created once when demo data is on: a start that
 * finds any of the participants adds nothing.
 */
@Injectable()
export class DemoParticipants {
  constructor(
    @Inject(ACCOUNTS_CONFIG) private readonly config: AccountsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    @InjectEntityManager('accounts') private readonly db: EntityManager,
  ) {}

  /** Answers how many participants and residents were created (0 when demo data is off or they were created before). */
  async seed(): Promise<number> {
    if (!this.config.demoData) return 0;
    const uuids = DEMO_PARTICIPANTS.map((p) => p.uuid);
    const [{ present }] = await this.db.query<Array<{ present: boolean }>>(
      `SELECT EXISTS (SELECT 1 FROM accounts."user" WHERE uuid = ANY($1::uuid[])) AS present`,
      [uuids],
    );
    if (present) return 0;
    // one hash for all of them: argon2 costs 64 MiB and a noticeable time per call
    const passwordHash = await hashPassword(DEMO_PARTICIPANT_PASSWORD);
    const created = await this.db.transaction(async (m) => {
      const inserted = await m.query<Array<{ uuid: string }>>(
        `INSERT INTO accounts."user" (uuid, username, firstname, lastname, email, role, password_hash)
         SELECT p.uuid, p.username, p.firstname, p.lastname, p.username || '@example.org', 'authorized', $2
           FROM jsonb_to_recordset($1::jsonb) AS p(uuid uuid, username text, firstname text, lastname text)
         ON CONFLICT DO NOTHING
         RETURNING uuid::text AS uuid`,
        [JSON.stringify(DEMO_PEOPLE.map(({ enrolments: _e, ...p }) => p)), passwordHash],
      );
      const fresh = new Set(inserted.map((r) => r.uuid));
      const enrolments = DEMO_PEOPLE.filter((p) => fresh.has(p.uuid)).flatMap((p) =>
        Object.entries(p.enrolments).map(([category, role]) => ({
          category: DEMO_CATEGORY_TOKENS[category as DemoCategory],
          user: p.uuid,
          role,
        })),
      );
      await m.query(
        `INSERT INTO accounts.enrolment (category, user_uuid, role)
         SELECT e.category, e.user, e.role FROM jsonb_to_recordset($1::jsonb) AS e(category uuid, "user" uuid, role text)
         ON CONFLICT DO NOTHING`,
        [JSON.stringify(enrolments)],
      );
      return inserted.length;
    });
    if (created > 0) {
      this.logger.warn(
        `created ${created} demo participants (citizen01…citizen24, resident001…) with the shared password ` +
          `'${DEMO_PARTICIPANT_PASSWORD}'`,
      );
    }
    return created;
  }
}
