import { Inject, Injectable } from '@nestjs/common';
import {
  InternalCallError,
  SERVICE_CONFIG,
  serviceClient,
  type InternalClient,
  type ServiceConfig,
} from '@agora/common';
import { isErrorCode, type ErrorCode } from '@agora/contracts';
import { InternalInvitationAcceptAnswer, type InternalInvitationExternalBody } from '@agora/contracts/api';
import { ACCOUNTS_CONFIG, type AccountsConfig } from '../config/accounts.config.js';

const CALL_TIMEOUT_MS = 15_000;

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

/** The mailing service's invitations (it owns them): accepting one with an external login. */
@Injectable()
export class MailingInvitations {
  private client: InternalClient<'mailing'> | undefined;

  constructor(
    @Inject(ACCOUNTS_CONFIG) private readonly config: AccountsConfig,
    @Inject(SERVICE_CONFIG) private readonly service: ServiceConfig,
  ) {}

  /**
   * Mailing checks the invitation (as its accept page does, the provider's e-mail for the typed one) and has this
   * service create the user linked to the provider account; its refusals become an `InvitationFailure` with its code.
   */
  async acceptExternal(body: InternalInvitationExternalBody): Promise<InternalInvitationAcceptAnswer> {
    const fail = (code: ErrorCode, message: string) => new InvitationFailure(body.token, code, message);
    this.client ??= serviceClient(this.service, 'mailing', {
      baseUrl: this.config.mailingUrl,
      timeoutMs: CALL_TIMEOUT_MS,
    });
    let answer: unknown;
    try {
      ({ body: answer } = await this.client.post('/internal/invitations/accept-external', body));
    } catch (error) {
      if (!(error instanceof InternalCallError)) throw error;
      const status = error.status ?? 0;
      if (status >= 400 && status < 500 && isErrorCode(error.code)) throw fail(error.code, error.message);
      throw fail('ACCOUNTS.MAILING_UNAVAILABLE', error.message);
    }
    const parsed = InternalInvitationAcceptAnswer.safeParse(answer);
    if (!parsed.success) throw fail('ACCOUNTS.MAILING_UNAVAILABLE', 'mailing answered in an unknown shape');
    return parsed.data;
  }
}
