import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A login session. The id is the SHA-256 of the cookie value, so a database leak reveals no usable session. */
@Entity({ name: 'session', schema: 'accounts' })
export class Session {
  @PrimaryColumn('text', { name: 'id_hash' })
  idHash: string;

  @Column('uuid', { name: 'user_uuid' })
  userUuid: string;

  @CreateDateColumn({ type: 'timestamptz' })
  created: Date;

  @Column('timestamptz', { name: 'last_seen' })
  lastSeen: Date;

  @Column('timestamptz', { name: 'expires_at' })
  expiresAt: Date;

  @Column('text', { nullable: true })
  ip: string | null;
}
