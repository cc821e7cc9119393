import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Reaction, SessionUser, SocialWire } from '@agora/contracts';
import type { DataSource } from 'typeorm';
import type { ItemOwners } from './item-owners.js';
import { SocialErrors } from './social.errors.js';
import { ITEM_OWNERS } from './social.tokens.js';

const T = '"consultation"."social_reaction"';

/** Likes and dislikes on items of the social scopes; one reaction per user and item; owners cannot react. */
@Injectable()
export class SocialService {
  private readonly owners: ReadonlyMap<string, ItemOwners>;

  constructor(
    @InjectDataSource('consultation') private readonly db: DataSource,
    @Inject(ITEM_OWNERS) owners: ItemOwners[],
  ) {
    this.owners = new Map(owners.map((o) => [o.scope, o]));
  }

  /** 404 `SOCIAL.UNKNOWN_SCOPE` unless the scope exists. */
  assertScope(scope: string): void {
    if (!this.owners.has(scope)) throw SocialErrors.unknownScope();
  }

  /** The counts and the caller's reaction; 404 for an unknown item. */
  async state(scope: string, item: string, user: SessionUser | null): Promise<SocialWire> {
    const owner = await this.ownerOf(scope, item, user);
    return this.read(scope, item, user, owner);
  }

  /**
   * Sets the caller's reaction. The same reaction again changes nothing; the opposite one while a reaction is set
   * is 409 (remove it first). 403 for the item's owner.
   */
  async react(scope: string, item: string, reaction: Reaction, user: SessionUser): Promise<SocialWire> {
    const owner = await this.ownerOf(scope, item, user);
    if (owner === user.uuid) throw SocialErrors.owner();
    // The owner look-up is done before writing: it may call another service, and no transaction waits on it.
    const inserted: unknown[] = await this.db.query(
      `INSERT INTO ${T} (scope, item, user_uuid, reaction) VALUES ($1, $2, $3, $4)
       ON CONFLICT (scope, item, user_uuid) DO NOTHING RETURNING reaction`,
      [scope, item, user.uuid, reaction],
    );
    if (inserted.length === 0) {
      const [current] = await this.db.query<Array<{ reaction: Reaction }>>(
        `SELECT reaction FROM ${T} WHERE scope = $1 AND item = $2 AND user_uuid = $3`,
        [scope, item, user.uuid],
      );
      if (current && current.reaction !== reaction) throw SocialErrors.alreadyReacted();
    }
    return this.read(scope, item, user, owner);
  }

  /** Removes the caller's reaction, if any. */
  async unreact(scope: string, item: string, user: SessionUser): Promise<SocialWire> {
    const owner = await this.ownerOf(scope, item, user);
    await this.db.query(`DELETE FROM ${T} WHERE scope = $1 AND item = $2 AND user_uuid = $3`, [
      scope,
      item,
      user.uuid,
    ]);
    return this.read(scope, item, user, owner);
  }

  private async ownerOf(scope: string, item: string, user: SessionUser | null): Promise<string | null> {
    const owners = this.owners.get(scope);
    if (!owners) throw SocialErrors.unknownScope();
    return owners.ownerOf(item, user);
  }

  private async read(
    scope: string,
    item: string,
    user: SessionUser | null,
    owner: string | null,
  ): Promise<SocialWire> {
    const [row] = await this.db.query<Array<{ likes: number; dislikes: number; mine: Reaction | null }>>(
      `SELECT count(*) FILTER (WHERE reaction = 'like')::int AS likes,
              count(*) FILTER (WHERE reaction = 'dislike')::int AS dislikes,
              max(reaction) FILTER (WHERE user_uuid = $3) AS mine
       FROM ${T} WHERE scope = $1 AND item = $2`,
      [scope, item, user?.uuid ?? null],
    );
    return {
      likes: row?.likes ?? 0,
      dislikes: row?.dislikes ?? 0,
      reaction: row?.mine ?? null,
      owner: user !== null && owner === user.uuid,
    };
  }
}
