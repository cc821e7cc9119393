import { Inject, Injectable } from '@nestjs/common';
import { AppError, SERVICE_CONFIG, signTicket, verifyTicket, type ServiceConfig } from '@agora/common';
import {
  INVITATION_LOGIN_TICKET,
  INVITATION_SESSION_TICKET,
  INVITATION_TICKET_TTL_MS,
  InvitationLoginClaims,
  type InvitationSessionClaims,
} from '@agora/contracts/api';

const refused = (why: string) =>
  new AppError('MAILING.INVITATION_TICKET', 400, `the login ticket is not valid (${why})`);

/**
 * The tickets of an invitation accepted with an external login (decision 0054): the accounts service's login
 * ticket, checked with its public key (AGORA_ACCOUNTS_PUBLIC_KEY), and the session ticket this service signs with
 * its own key (AGORA_MAILING_PRIVATE_KEY) for accounts to make the session. No call to accounts is made for either.
 */
@Injectable()
export class InvitationLoginTickets {
  constructor(@Inject(SERVICE_CONFIG) private readonly service: ServiceConfig) {}

  /**
   * The claims of accounts' login ticket for the invitation of `token`: 400 `MAILING.INVITATION_TICKET` when it is
   * missing, altered, signed by another key, expired, or for another invitation.
   */
  login(token: string, text: string | undefined): InvitationLoginClaims & { nonce: string } {
    const checked = verifyTicket(text, {
      typ: INVITATION_LOGIN_TICKET,
      iss: 'accounts',
      aud: 'mailing',
      key: this.service.identity.keys.accounts,
    });
    if (!checked.ok) throw refused(checked.refusal);
    const claims = InvitationLoginClaims.safeParse(checked.ticket);
    if (!claims.success) throw refused('claims');
    if (claims.data.token !== token) throw refused('another invitation');
    return { ...claims.data, nonce: checked.ticket.nonce };
  }

  /** Where the browser goes for its session: accounts' completion, with the session ticket (the same nonce). */
  sessionRedirect(claims: InvitationSessionClaims, nonce: string): string {
    const key = this.service.identity.privateKey;
    if (!key) {
      throw new AppError(
        'MAILING.ACCOUNTS_UNAVAILABLE',
        503,
        'the mailing service has no signing key (AGORA_MAILING_PRIVATE_KEY) to hand the user to accounts',
      );
    }
    const ticket = signTicket(
      key,
      {
        typ: INVITATION_SESSION_TICKET,
        iss: 'mailing',
        aud: 'accounts',
        ttlMs: INVITATION_TICKET_TTL_MS,
        nonce,
      },
      claims,
    );
    return `/api/oauth/invitation/complete?ticket=${ticket}`;
  }
}
