import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { OAuthProviderName } from './oauth.config.js';

/** One started external login: what the callback needs to finish it. Used once, valid for ten minutes. */
@Entity({ name: 'oauth_request', schema: 'accounts' })
export class OAuthRequest {
  /** sha256 of the `state` parameter (the state itself only travels through the browser). */
  @PrimaryColumn('text', { name: 'state_hash' })
  stateHash: string;

  @Column('text')
  provider: OAuthProviderName;

  /** PKCE code verifier. */
  @Column('text')
  verifier: string;

  @Column('text')
  nonce: string;

  /** Same-site path to return to after the login. */
  @Column('text', { nullable: true })
  referrer: string | null;

  /** The token of the invitation this login accepts (started from its accept page), else null. */
  @Column('text', { nullable: true })
  invitation: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created: Date;

  @Column('timestamptz', { name: 'expires_at' })
  expiresAt: Date;
}
