import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';
import type { EnrolRole } from '@agora/contracts';

/**
 * A user's enrolment in a consultation category (the category's token; the category itself lives in the
 * consultation service, so there is no foreign key to it). Deleting the user deletes their enrolments.
 */
@Entity({ name: 'enrolment', schema: 'accounts' })
@Index('enrolment_user_idx', ['userUuid'])
export class Enrolment {
  @PrimaryColumn('uuid')
  category: string;

  @PrimaryColumn('uuid', { name: 'user_uuid' })
  userUuid: string;

  @Column('text')
  role: EnrolRole;

  @CreateDateColumn({ type: 'timestamptz' })
  created: Date;
}
