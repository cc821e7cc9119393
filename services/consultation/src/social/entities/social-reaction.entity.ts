import type { Reaction } from '@agora/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** One user's reaction to one item (named by scope and token: the item may live in another service). */
@Entity({ name: 'social_reaction', schema: 'consultation' })
export class SocialReaction {
  @PrimaryColumn('text')
  scope: string;

  @PrimaryColumn('uuid')
  item: string;

  @PrimaryColumn('uuid')
  user_uuid: string;

  @Column('text')
  reaction: Reaction;

  @CreateDateColumn({ type: 'timestamptz' })
  created: Date;
}
