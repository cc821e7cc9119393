import { Column, CreateDateColumn, PrimaryGeneratedColumn } from 'typeorm';

/**
 * The columns a category and a project share: a token, a unique short name, a title, a summary with its
 * picture, a position in lists and the creation time. Each entity keeps its own table.
 */
export abstract class Summarised {
  @PrimaryGeneratedColumn('uuid')
  token: string;

  /** Short name, used in URLs. */
  @Column('text', { unique: true })
  mname: string;

  @Column('text')
  title: string;

  @Column('text', { default: '' })
  summary: string;

  @Column('text', { default: '' })
  summary_img: string;

  @Column('text', { default: '' })
  summary_img_alt: string;

  /** 1-based position in lists. */
  @Column('integer', { default: 0 })
  sort_order: number;

  @CreateDateColumn({ type: 'timestamptz' })
  created: Date;
}
