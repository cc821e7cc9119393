import type { ConsultationRole } from '@agora/contracts';
import { Column, CreateDateColumn, Entity, OneToMany, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import type { ProfileChoice } from './profile-choice.entity.js';

/** A consultation-profile question of a category, asked to one enrolment role. */
@Entity({ name: 'profile_question', schema: 'consultation' })
export class ProfileQuestion {
  @PrimaryGeneratedColumn('uuid')
  token: string;

  /** The category's token. */
  @Column('uuid')
  category: string;

  @Column('text')
  role: ConsultationRole;

  @Column('text')
  question: string;

  @Column('integer')
  weight: number;

  /** 1-based position among the questions of its category and role. */
  @Column('integer', { default: 0 })
  sort_order: number;

  @CreateDateColumn({ type: 'timestamptz' })
  created: Date;

  @OneToMany('ProfileChoice', (choice: ProfileChoice) => choice.questionRef)
  choices: Relation<ProfileChoice>[];
}
