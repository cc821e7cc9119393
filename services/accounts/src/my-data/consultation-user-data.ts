import { Inject, Injectable } from '@nestjs/common';
import {
  InternalCallError,
  SERVICE_CONFIG,
  serviceClient,
  type InternalClient,
  type ServiceConfig,
} from '@agora/common';
import type { Readable } from 'node:stream';
import { UserDataAnswer, UserForgetAnswer, UserForgetPreview } from '@agora/contracts/api';
import { ACCOUNTS_CONFIG, type AccountsConfig } from '../config/accounts.config.js';
import { consultationUnavailable } from '../enrolments/consultation-categories.js';
import { DeletionErrors } from '../deletion/deletion.errors.js';

/** A whole user's part may take a while to read: longer than a lookup's 5 s. */
const USER_DATA_TIMEOUT_MS = 60_000;

/**
 * What accounts asks consultation (which owns answers, profile answers, files, likes and posts) for an archive
 * (decision 0086) and for the deletion of an account (decision 0088).
 */
@Injectable()
export class ConsultationUserData {
  private readonly consultation: InternalClient<'consultation'>;

  constructor(
    @Inject(ACCOUNTS_CONFIG) config: AccountsConfig,
    @Inject(SERVICE_CONFIG) service: ServiceConfig,
  ) {
    this.consultation = serviceClient(service, 'consultation', {
      baseUrl: config.consultationUrl,
      timeoutMs: USER_DATA_TIMEOUT_MS,
    });
  }

  /** Consultation's part of the user's data; 503 `ACCOUNTS.CONSULTATION_UNAVAILABLE` when it cannot answer. */
  async data(uuid: string): Promise<UserDataAnswer> {
    let body: unknown;
    try {
      ({ body } = await this.consultation.get(`/internal/users/${uuid}/data`));
    } catch (error) {
      if (!(error instanceof InternalCallError)) throw error;
      throw consultationUnavailable();
    }
    const data = UserDataAnswer.safeParse(body);
    if (!data.success) throw consultationUnavailable();
    return data.data;
  }

  /**
   * One of the user's answer files, streamed as consultation sends it (never held whole) with its length; null
   * when it is gone.
   */
  async file(uuid: string, id: string): Promise<{ stream: Readable; size: number } | null> {
    try {
      const { body, length } = await this.consultation.stream(`/internal/users/${uuid}/files/${id}`);
      if (length === null || !Number.isSafeInteger(length)) {
        body.destroy();
        throw consultationUnavailable();
      }
      return { stream: body, size: length };
    } catch (error) {
      if (!(error instanceof InternalCallError)) throw error;
      if (error.status === 404) return null;
      throw consultationUnavailable();
    }
  }

  /** What deleting the user would erase and keep detached; 503 `ACCOUNTS.DELETION_UNAVAILABLE` without an answer. */
  async forgetPreview(uuid: string): Promise<UserForgetPreview> {
    return this.forgetCall(() => this.consultation.get(`/internal/users/${uuid}/forget`), UserForgetPreview);
  }

  /** Erases and detaches the user's data in consultation (idempotent); 503 when consultation does not answer. */
  async forget(uuid: string): Promise<UserForgetAnswer> {
    return this.forgetCall(
      () => this.consultation.post(`/internal/users/${uuid}/forget`, {}),
      UserForgetAnswer,
    );
  }

  /** One of the forget calls (written out at each call site, where the service graph's check reads them). */
  private async forgetCall<T>(
    call: () => Promise<{ body: unknown }>,
    schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } },
  ): Promise<T> {
    let body: unknown;
    try {
      ({ body } = await call());
    } catch (error) {
      if (!(error instanceof InternalCallError)) throw error;
      throw DeletionErrors.unavailable();
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw DeletionErrors.unavailable();
    return parsed.data;
  }
}
