import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { OAuthProviderName } from './oauth.config.js';

/** A user's account at an external login provider, by the provider's stable subject id. */
@Entity({ name: 'external_identity', schema: 'accounts' })
export class ExternalIdentity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'user_uuid' })
  userUuid: string;

  @Column('text')
  provider: OAuthProviderName;

  @Column('text')
  subject: string;

  /** The e-mail the provider last reported (informational). */
  @Column('text', { nullable: true })
  email: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created: Date;

  @Column('timestamptz', { name: 'last_login', nullable: true })
  lastLogin: Date | null;
}
