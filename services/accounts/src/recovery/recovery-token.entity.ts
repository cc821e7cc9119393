import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A one-time password-recovery token; only its SHA-256 is stored. */
@Entity({ name: 'recovery_token', schema: 'accounts' })
export class RecoveryToken {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('text', { name: 'token_hash' })
  tokenHash: string;

  @Column('uuid', { name: 'user_uuid' })
  userUuid: string;

  @CreateDateColumn({ type: 'timestamptz' })
  created: Date;

  @Column('timestamptz', { name: 'expires_at' })
  expiresAt: Date;

  @Column('timestamptz', { name: 'used_at', nullable: true })
  usedAt: Date | null;
}
