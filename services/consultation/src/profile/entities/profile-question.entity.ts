import type { ConsultationRole } from '@agora/contracts';
import {
  Column,
  CreateDateColumn,
  Entity,
  JoinColumn,
  ManyToOne,
  OneToMany,
  PrimaryGeneratedColumn,
  type Relation,
} from 'typeorm';

// A question and its choices in one file: each names the other in its relation, and one file keeps that no
// import circle.

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

  @OneToMany(() => ProfileChoice, (choice) => choice.questionRef)
  choices: Relation<ProfileChoice>[];
}

/** One answer a profile question offers: its text, a marker icon (URL) and a weight. */
@Entity({ name: 'profile_choice', schema: 'consultation' })
export class ProfileChoice {
  @PrimaryGeneratedColumn()
  id: number;

  /** The question's token. */
  @Column('uuid')
  question: string;

  @ManyToOne(() => ProfileQuestion, (q) => q.choices, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'question', referencedColumnName: 'token' })
  questionRef: Relation<ProfileQuestion>;

  @Column('text')
  content: string;

  /** A marker URL from the library. */
  @Column('text')
  icon: string;

  @Column('integer')
  weight: number;

  /** 1-based position among the choices of its question. */
  @Column('integer', { default: 0 })
  sort_order: number;
}
