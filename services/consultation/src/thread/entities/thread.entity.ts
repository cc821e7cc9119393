import type { ThreadScope } from '@agora/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A discussion thread about one project, topic (node), attribute or variable. */
@Entity({ name: 'thread', schema: 'consultation' })
export class Thread {
  @PrimaryGeneratedColumn()
  id: number;

  @Column('text')
  scope: ThreadScope;

  /** The token of the item discussed (one thread per item). */
  @Column('uuid')
  item: string;

  @Column('text')
  title: string;

  @Column('uuid')
  created_by: string;

  @CreateDateColumn({ type: 'timestamptz' })
  created: Date;
}
