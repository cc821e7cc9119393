import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { ProfileQuestion } from './profile-question.entity.js';

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
