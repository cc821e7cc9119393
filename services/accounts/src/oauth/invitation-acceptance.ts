import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_CONFIG, readTicket, signTicket, verifyTicket, type ServiceConfig } from '@agora/common';
import type { ErrorCode } from '@agora/contracts';
import {
  INVITATION_LOGIN_TICKET,
  INVITATION_SESSION_TICKET,
  INVITATION_TICKET_TTL_MS,
  INVITATION_TOKEN,
  InvitationSessionClaims,
  type InvitationLoginClaims,
} from '@agora/contracts/api';

/**
 * Why an external login that was to accept an invitation did not: the accept page of `token` shows `code`
 * (`/invitation/accept/{token}?error={code}`).
 */
export class InvitationFailure extends Error {
  constructor(
    readonly token: string,
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'InvitationFailure';
  }
}

/**
 * The tickets of an invitation accepted with an external login (decision 0054): this service hands the provider's
 * verdict to mailing's `GET /invitation/hash/{token}/external` in a ticket signed with its own identity key, and
 * mailing, the invitation accepted, hands the user back to `GET /oauth/invitation/complete` in a ticket signed with
 * mailing's key. Neither service calls the other: the browser carries both, one redirect each.
 */
@Injectable()
export class InvitationTickets {
  constructor(@Inject(SERVICE_CONFIG) private readonly service: ServiceConfig) {}

  /** Where the browser goes to have mailing accept the invitation: its route, with the signed login ticket. */
  loginRedirect(claims: InvitationLoginClaims, nonce: string): string {
    const key = this.service.identity.privateKey;
    if (!key) throw new Error('accounts has no signing key (AGORA_ACCOUNTS_PRIVATE_KEY)');
    const ticket = signTicket(
      key,
      {
        typ: INVITATION_LOGIN_TICKET,
        iss: 'accounts',
        aud: 'mailing',
        ttlMs: INVITATION_TICKET_TTL_MS,
        nonce,
      },
      claims,
    );
    return `/api/invitation/hash/${encodeURIComponent(claims.token)}/external?ticket=${ticket}`;
  }

  /**
   * The claims of mailing's session ticket, checked with mailing's public key (AGORA_MAILING_PUBLIC_KEY); a ticket
   * that is missing, altered, signed by another key or expired is an `InvitationFailure` (`ACCOUNTS.OAUTH_FAILED`)
   * on the page of the invitation it names, or null when it names none.
   */
  session(text: string | undefined): InvitationSessionClaims & { nonce: string } {
    const checked = verifyTicket(text, {
      typ: INVITATION_SESSION_TICKET,
      iss: 'mailing',
      aud: 'accounts',
      key: this.service.identity.keys.mailing,
    });
    const claims = checked.ok ? InvitationSessionClaims.safeParse(checked.ticket) : null;
    if (!checked.ok || !claims?.success) {
      // the (unchecked) token only chooses the page that shows the refusal
      const named = readTicket(text)?.token;
      const reason = checked.ok
        ? 'a session ticket without its claims'
        : `session ticket: ${checked.refusal}`;
      if (typeof named === 'string' && INVITATION_TOKEN.test(named))
        throw new InvitationFailure(named, 'ACCOUNTS.OAUTH_FAILED', reason);
      throw new TicketRefused(reason);
    }
    return { ...claims.data, nonce: checked.ticket.nonce };
  }
}

/** A session ticket that names no invitation: the completion goes to `/login?error=oauth`. */
export class TicketRefused extends Error {
  override name = 'TicketRefused';
}
