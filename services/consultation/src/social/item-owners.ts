import { Inject, Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import type { EntityManager } from 'typeorm';
import {
  AppError,
  InternalCallError,
  SERVICE_CONFIG,
  serviceClient,
  type InternalClient,
  type ServiceConfig,
} from '@agora/common';
import type { SessionUser } from '@agora/contracts';
import { ItemOwnerAnswer } from '@agora/contracts/api';
import { accessOf, AnswerErrors } from '../answer/answer.rules.js';
import { SocialErrors } from './social.errors.js';
import { SOCIAL_CONFIG } from './social.tokens.js';
import type { SocialConfig } from './social.config.js';

/**
 * Who owns the items of one social scope. `ownerOf` answers the owner's user uuid (null when nobody owns it)
 * and refuses a `viewer` who may not see the item (a scope whose items are not public)
 * and throws 404 `SOCIAL.ITEM_NOT_FOUND` when there is no such item. One implementation per scope; a scope whose
 * items live in another service asks that service's internal routes.
 */
export interface ItemOwners {
  readonly scope: string;
  ownerOf(token: string, viewer: SessionUser | null): Promise<string | null>;
}

const LOOKUP_TIMEOUT_MS = 5_000;

/** `library`: images of the media library, owned by their uploader; the library service knows. */
@Injectable()
export class LibraryItemOwners implements ItemOwners {
  readonly scope = 'library';
  private readonly library: InternalClient<'library'>;

  constructor(@Inject(SOCIAL_CONFIG) social: SocialConfig, @Inject(SERVICE_CONFIG) service: ServiceConfig) {
    // Internal calls: consultation's own service identity, signed with its key, for the library only.
    this.library = serviceClient(service, 'library', {
      baseUrl: social.libraryUrl,
      timeoutMs: LOOKUP_TIMEOUT_MS,
    });
  }

  async ownerOf(token: string): Promise<string | null> {
    let body: unknown;
    try {
      ({ body } = await this.library.get(`/internal/library/uuid/${token}/owner`));
    } catch (error) {
      if (!(error instanceof InternalCallError)) throw error;
      // 404: no such item; 400: a token the library never gives an item (the nil uuid, other versions). Either
      // way the item does not exist; only a library that cannot answer is "unavailable".
      if (error.status === 404 || error.status === 400) throw SocialErrors.itemNotFound();
      throw SocialErrors.ownerUnavailable('library');
    }
    const answer = ItemOwnerAnswer.safeParse(body);
    if (!answer.success) throw SocialErrors.ownerUnavailable('library');
    return answer.data.owner;
  }
}

/**
 * `choice`: answers of the questionnaire, owned by the user who answered; their reactions are seen and given by who
 * may read the answer (its owner, staff, experts of the category, enrolled normal users once the project is public).
 */
@Injectable()
export class ChoiceItemOwners implements ItemOwners {
  readonly scope = 'choice';

  constructor(@InjectEntityManager('consultation') private readonly db: EntityManager) {}

  async ownerOf(token: string, viewer: SessionUser | null): Promise<string | null> {
    const [row] = await this.db.query<
      Array<{ owner: string; category: string | null; is_public: boolean; is_visible: boolean }>
    >(
      `SELECT a.owner, p.category, p.is_public, at.is_visible
       FROM consultation.answer a
       JOIN consultation.project p ON p.token = a.project
       JOIN consultation.attribute at ON at.token = a.attribute
       WHERE a.token = $1`,
      [token],
    );
    if (!row) throw SocialErrors.itemNotFound();
    if (!viewer) throw AppError.unauthorized();
    const access = accessOf(viewer, row.category);
    if (!access) throw AnswerErrors.notEnrolled();
    if (access === 'normal' && row.owner !== viewer.uuid && !(row.is_public && row.is_visible))
      throw AnswerErrors.notPublic();
    return row.owner;
  }
}
