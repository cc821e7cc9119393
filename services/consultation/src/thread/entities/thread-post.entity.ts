import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** One message of a thread, as its author typed it (plain text), with the author's names at the time. */
@Entity({ name: 'thread_post', schema: 'consultation' })
export class ThreadPost {
  @PrimaryGeneratedColumn()
  id: number;

  /** The thread's id. */
  @Column('integer')
  thread: number;

  @Column('text')
  raw: string;

  /** The author's user uuid. */
  @Column('uuid')
  author: string;

  @Column('text')
  username: string;

  @Column('text')
  display_username: string;

  @CreateDateColumn({ type: 'timestamptz' })
  created: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated: Date;
}
