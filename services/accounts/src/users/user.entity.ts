import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { Role } from '@agora/contracts';
import type { UserLocale } from './user-locale.js';

@Entity({ name: 'user', schema: 'accounts' })
export class User {
  @PrimaryGeneratedColumn('uuid')
  uuid: string;

  @Column('text')
  username: string;

  @Column('text')
  firstname: string;

  @Column('text')
  lastname: string;

  @Column('text')
  email: string;

  @Column('text')
  role: Role;

  @Column('text', { nullable: true })
  phone: string | null;

  @Column('text', { nullable: true })
  address: string | null;

  @Column('double precision', { nullable: true })
  lat: number | null;

  @Column('double precision', { nullable: true })
  lon: number | null;

  @Column('text', { name: 'password_hash', select: false })
  passwordHash: string;

  @Column('boolean', { default: true })
  active: boolean;

  /** The language of the user's account mails. */
  @Column('text', { default: 'el' })
  locale: UserLocale;

  /** Mailed when a project the user answered publishes its results (decision 0090). */
  @Column('boolean', { name: 'results_mail', default: false })
  resultsMail: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  created: Date;

  @Column('timestamptz', { name: 'last_login', nullable: true })
  lastLogin: Date | null;
}
