import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AppError, LOGGER } from '@agora/common';
import {
  type InternalInvitationAcceptBody,
  type InvitationAcceptAnswer,
  INVITATION_TOKEN,
  type InvitationAcceptBody,
  type InvitationHashAnswer,
} from '@agora/contracts/api';
import type { DataSource } from 'typeorm';
import type { Logger } from '../logger.js';
import { InvitationLoginTickets } from './login-tickets.js';
import { InvitationPeers } from './peers.js';
import { internalEnrolment, notFound, sha256, withdrawn, type AcceptableRow } from './rows.js';

/** A wrong e-mail on the accept page this many times locks the invitation's link for LOCK_MINUTES. */
export const MAX_ACCEPT_FAILURES = 10;
export const LOCK_MINUTES = 15;

/** The accept page's routes: an invitation described, then accepted with a password or an external login. */
@Injectable()
export class InvitationAcceptance {
  constructor(
    @InjectDataSource('mailing') private readonly ds: DataSource,
    private readonly peers: InvitationPeers,
    private readonly tickets: InvitationLoginTickets,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  private async byToken(token: string): Promise<AcceptableRow | null> {
    if (!INVITATION_TOKEN.test(token)) return null;
    const [row] = await this.ds.query<AcceptableRow[]>(
      `SELECT i.*, NULL AS mail_status, NULL AS last_error FROM mailing.invitation i WHERE i.token_hash = $1`,
      [sha256(token)],
    );
    return row ?? null;
  }

  /** What the accept page shows (never the e-mail). */
  async describe(token: string): Promise<InvitationHashAnswer> {
    const row = await this.byToken(token);
    if (!row) throw notFound();
    if (row.cancelled) throw withdrawn();
    let providers: InvitationHashAnswer['providers'] = [];
    if (row.with_oauth) {
      try {
        providers = await this.peers.providers();
      } catch (err) {
        this.logger.warn({ err }, 'the external logins could not be read');
      }
    }
    return {
      firstname: row.firstname,
      lastname: row.lastname,
      with_oauth: row.with_oauth,
      expired: !row.accepted && new Date(row.expires) <= new Date(),
      accepted: row.accepted !== null,
      providers,
    };
  }

  /**
   * Accepts: the e-mail must be the invited one (a wrong one counts towards the link's lock), then accounts creates
   * the user and its enrolments in one transaction, under the invitation's id as the user's uuid, so that a retry
   * after a failure of the second step (marking the invitation accepted) finds the same user and completes.
   */
  async accept(token: string, body: InvitationAcceptBody): Promise<InvitationAcceptAnswer> {
    const row = await this.openInvitation(token);
    await this.checkEmail(row, body.email);
    const password = body.password ?? null;
    if (password === null || password === '') {
      throw new AppError('MAILING.PASSWORD_REQUIRED', 400, 'password required', {
        field: 'password',
        rule: 'required',
      });
    }
    return this.complete(row, password, null);
  }

  /**
   * Accepts through an external login (decisions 0047, 0054), from accounts' login ticket: only an invitation sent
   * with OAuth, with the same checks and the same path as the accept page, the provider's (verified) e-mail
   * standing for the one typed there; accounts links the provider account to the new user in the transaction that
   * creates it. Answers where the browser goes next: accounts' completion with a session ticket, or the accept page
   * with the refusal's code (`?error=`).
   */
  async acceptExternal(token: string, ticket: string | undefined): Promise<string> {
    try {
      const claims = this.tickets.login(token, ticket);
      const row = await this.openInvitation(claims.token);
      if (!row.with_oauth) {
        throw new AppError('MAILING.INVITATION_NO_OAUTH', 403, 'invitation not sent for an external login');
      }
      await this.checkEmail(row, claims.email);
      const { provider, subject, email } = claims;
      const { uuid } = await this.complete(row, null, { provider, subject, email });
      return this.tickets.sessionRedirect({ token, provider, subject, user: uuid }, claims.nonce);
    } catch (err) {
      const code = err instanceof AppError ? err.code : 'INTERNAL';
      this.logger.warn({ code, err }, 'invitation not accepted by external login');
      return `/invitation/accept/${encodeURIComponent(token)}?error=${code}`;
    }
  }

  /** The invitation of a link that can still be accepted: known, not withdrawn, not locked, accepted or expired. */
  private async openInvitation(token: string): Promise<AcceptableRow> {
    const row = await this.byToken(token);
    if (!row) throw notFound();
    if (row.cancelled) throw withdrawn();
    if (row.locked_until && new Date(row.locked_until) > new Date()) {
      throw new AppError('MAILING.RATE_LIMITED', 429, 'too many attempts, try again later');
    }
    if (row.accepted) throw AppError.conflict('MAILING.INVITATION_ACCEPTED', 'invitation already accepted');
    if (new Date(row.expires) <= new Date()) {
      throw new AppError('MAILING.INVITATION_EXPIRED', 410, 'invitation expired');
    }
    return row;
  }

  /** 409 unless `email` is the invited one (case-insensitive); a wrong one counts towards the link's lock. */
  private async checkEmail(row: AcceptableRow, email: string): Promise<void> {
    if (email.trim().toLowerCase() === row.email.toLowerCase()) return;
    await this.ds.query(
      `UPDATE mailing.invitation
          SET failed_attempts = CASE WHEN failed_attempts + 1 >= $2 THEN 0 ELSE failed_attempts + 1 END,
              locked_until = CASE WHEN failed_attempts + 1 >= $2
                                  THEN now() + make_interval(mins => $3) ELSE locked_until END
        WHERE id = $1`,
      [row.id, MAX_ACCEPT_FAILURES, LOCK_MINUTES],
    );
    throw AppError.conflict('MAILING.INVITATION_EMAIL', 'email does not correspond to invitation');
  }

  /** The user from accounts (idempotent under the invitation's id), then the invitation marked accepted. */
  private async complete(
    row: AcceptableRow,
    password: string | null,
    external: InternalInvitationAcceptBody['external'],
  ): Promise<InvitationAcceptAnswer> {
    const { uuid, username } = await this.peers.accept({
      uuid: row.id,
      email: row.email,
      firstname: row.firstname,
      lastname: row.lastname,
      locale: row.locale,
      password,
      enrolments: row.enrolment.map(internalEnrolment),
      ...(external ? { external } : {}),
    });
    await this.ds.query(
      // the account exists now: a withdrawal made while accounts created it gives way (decision 0064)
      `UPDATE mailing.invitation SET accepted = now(), cancelled = NULL, user_uuid = $2, failed_attempts = 0
        WHERE id = $1 AND accepted IS NULL`,
      [row.id, uuid],
    );
    this.logger.info({ invitation: row.id, user: uuid, external: external?.provider }, 'invitation accepted');
    return { uuid, username };
  }
}
