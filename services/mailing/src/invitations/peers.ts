import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  InternalCallError,
  SERVICE_CONFIG,
  serviceClient,
  type InternalClient,
  type ServiceConfig,
} from '@agora/common';
import { isErrorCode, type FieldFailure } from '@agora/contracts';
import {
  InternalCategoriesAnswer,
  InternalEnrolmentsAnswer,
  InternalInvitationAcceptAnswer,
  InternalProvidersAnswer,
  InternalUsersByEmailAnswer,
  type InternalEnrolmentsBody,
  type InternalInvitationAcceptBody,
  type OAuthProvider,
} from '@agora/contracts/api';
import type { z } from 'zod';
import type { InvitationConfig } from '../config.js';
import { INVITATION_CONFIG } from './invitation.tokens.js';

const CALL_TIMEOUT_MS = 15_000;
/** E-mails per look-up call (about 30 bytes each in JSON). */
const EMAILS_PER_CALL = 2_500;
/** Users per enrolment call (their enrolments, about 100 bytes each). */
const USERS_PER_CALL = 200;

export type ExistingUser = InternalUsersByEmailAnswer['users'][number];

const accountsUnavailable = () =>
  new AppError('MAILING.ACCOUNTS_UNAVAILABLE', 503, 'the accounts service cannot answer');
const consultationUnavailable = () =>
  new AppError('MAILING.CONSULTATION_UNAVAILABLE', 503, 'the consultation service cannot answer');

interface Peers {
  accounts: InternalClient<'accounts'>;
  consultation: InternalClient<'consultation'>;
}

/** The accounts' and the consultation's internal routes that the invitations use, each in one call. */
@Injectable()
export class InvitationPeers {
  private clients: Peers | undefined;

  constructor(
    @Inject(INVITATION_CONFIG) private readonly config: InvitationConfig,
    @Inject(SERVICE_CONFIG) private readonly service: ServiceConfig,
  ) {}

  /**
   * The clients, made on first use: a mailing service without its signing key (AGORA_MAILING_PRIVATE_KEY) still
   * starts and sends mail; only the invitations need the key (and fail with an error naming it).
   */
  private get accounts(): InternalClient<'accounts'> {
    return this.client().accounts;
  }

  private get consultation(): InternalClient<'consultation'> {
    return this.client().consultation;
  }

  private client(): Peers {
    const timeoutMs = CALL_TIMEOUT_MS;
    if (!this.service.identity.privateKey) {
      throw new AppError(
        'MAILING.ACCOUNTS_UNAVAILABLE',
        503,
        'the mailing service has no signing key (AGORA_MAILING_PRIVATE_KEY) to call the accounts service',
      );
    }
    this.clients ??= {
      accounts: serviceClient(this.service, 'accounts', { baseUrl: this.config.accountsUrl, timeoutMs }),
      consultation: serviceClient(this.service, 'consultation', {
        baseUrl: this.config.consultationUrl,
        timeoutMs,
      }),
    };
    return this.clients;
  }

  /** Every category: short name (as the CSV writes it, compared case-insensitively) -> token, title. */
  async categories(): Promise<Map<string, { token: string; mname: string; title?: string }>> {
    const answer = await this.call(
      () => this.consultation.get('/internal/categories'),
      InternalCategoriesAnswer,
      consultationUnavailable,
    );
    return new Map(answer.categories.map((c) => [c.mname.toLowerCase(), c]));
  }

  /** The users among `emails`, by lower-cased e-mail. */
  async usersByEmail(emails: readonly string[]): Promise<Map<string, ExistingUser>> {
    // in parallel calls of EMAILS_PER_CALL addresses: each body stays under the accounts' JSON limit (100 KB)
    const chunks: string[][] = [];
    for (let i = 0; i < emails.length; i += EMAILS_PER_CALL)
      chunks.push(emails.slice(i, i + EMAILS_PER_CALL));
    const answers = await Promise.all(
      chunks.map((chunk) =>
        this.call(
          () => this.accounts.post('/internal/users/by-email', { emails: chunk }),
          InternalUsersByEmailAnswer,
          accountsUnavailable,
        ),
      ),
    );
    return new Map(answers.flatMap((a) => a.users).map((u) => [u.email.toLowerCase(), u]));
  }

  async enrol(body: InternalEnrolmentsBody): Promise<number> {
    // in calls of USERS_PER_CALL users (the accounts' JSON limit); enrolling again is harmless, so a batch that
    // fails half-way can be sent again
    let enrolled = 0;
    for (let i = 0; i < body.users.length; i += USERS_PER_CALL) {
      const users = body.users.slice(i, i + USERS_PER_CALL);
      const answer = await this.call(
        () => this.accounts.post('/internal/enrolments', { users }),
        InternalEnrolmentsAnswer,
        accountsUnavailable,
      );
      enrolled += answer.enrolled;
    }
    return enrolled;
  }

  /** The accepted invitation's user; the accounts' refusals (409 e-mail taken, 400 password rules) are relayed. */
  async accept(body: InternalInvitationAcceptBody): Promise<InternalInvitationAcceptAnswer> {
    return this.call(
      () => this.accounts.post('/internal/invitations/accept', body),
      InternalInvitationAcceptAnswer,
      accountsUnavailable,
      true,
    );
  }

  async providers(): Promise<OAuthProvider[]> {
    const answer = await this.call(
      () => this.accounts.get('/internal/invitations/providers'),
      InternalProvidersAnswer,
      accountsUnavailable,
    );
    return answer.providers;
  }

  private async call<S extends z.ZodType>(
    send: () => Promise<{ body: unknown }>,
    schema: S,
    unavailable: () => AppError,
    relay = false,
  ): Promise<z.output<S>> {
    let body: unknown;
    try {
      ({ body } = await send());
    } catch (error) {
      if (!(error instanceof InternalCallError)) throw error;
      const status = error.status ?? 0;
      if (relay && status >= 400 && status < 500 && isErrorCode(error.code)) {
        throw new AppError(error.code, status, error.error ?? 'refused', failureOf(error.body));
      }
      throw unavailable();
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw unavailable();
    return parsed.data;
  }
}

/** The field refusal of an answer (`field`, `rule`, `values`), if it names one. */
function failureOf(body: unknown): FieldFailure | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const b = body as Partial<Record<keyof FieldFailure, unknown>>;
  if (typeof b.field !== 'string') return undefined;
  return { field: b.field, ...(typeof b.rule === 'string' ? { rule: b.rule as FieldFailure['rule'] } : {}) };
}
