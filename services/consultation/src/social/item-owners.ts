import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_CONFIG, serviceIdentity, type ServiceConfig } from '@agora/common';
import { IDENTITY_HEADER } from '@agora/contracts';
import { SocialErrors } from './social.errors.js';
import { SOCIAL_CONFIG } from './social.tokens.js';
import type { SocialConfig } from './social.config.js';

/**
 * Who owns the items of one social scope. `ownerOf` answers the owner's user uuid (null when nobody owns it)
 * and throws 404 `SOCIAL.ITEM_NOT_FOUND` when there is no such item. One implementation per scope; a scope whose
 * items live in another service asks that service's internal routes.
 */
export interface ItemOwners {
  readonly scope: string;
  ownerOf(token: string): Promise<string | null>;
}

const LOOKUP_TIMEOUT_MS = 5_000;

/** `library`: images of the media library, owned by their uploader; the library service knows. */
@Injectable()
export class LibraryItemOwners implements ItemOwners {
  readonly scope = 'library';

  constructor(
    @Inject(SOCIAL_CONFIG) private readonly social: SocialConfig,
    @Inject(SERVICE_CONFIG) private readonly service: ServiceConfig,
  ) {}

  async ownerOf(token: string): Promise<string | null> {
    // An internal call: consultation's own service identity, signed with its key, for the library only.
    const identity = serviceIdentity(this.service, 'library');
    let res: Response;
    try {
      res = await fetch(`${this.social.libraryUrl}/internal/library/uuid/${token}/owner`, {
        headers: { [IDENTITY_HEADER]: identity, accept: 'application/json' },
        signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS),
      });
    } catch {
      throw SocialErrors.ownerUnavailable('library');
    }
    // 404: no such item; 400: a token the library never gives an item (the nil uuid, other versions). Either
    // way the item does not exist; only a library that cannot answer is "unavailable".
    if (res.status === 404 || res.status === 400) {
      await res.arrayBuffer().catch(() => undefined);
      throw SocialErrors.itemNotFound();
    }
    if (!res.ok) throw SocialErrors.ownerUnavailable('library');
    const body = (await res.json().catch(() => null)) as { owner?: unknown } | null;
    if (!body || (typeof body.owner !== 'string' && body.owner !== null))
      throw SocialErrors.ownerUnavailable('library');
    return body.owner;
  }
}
