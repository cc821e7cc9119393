import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** An image of the media library. Files live in the file storage under `resource_key`/`thumbnail_key`. */
@Entity({ name: 'library_item', schema: 'library' })
export class LibraryItem {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('text')
  title: string;

  @Column('text', { array: true, default: () => "'{}'" })
  tags: string[];

  @Column('text', { default: '' })
  tooltip: string;

  @Column('text', { default: '' })
  description: string;

  /** A link to documentation (http(s)://…). */
  @Column('text', { default: '' })
  documentation: string;

  @Column('text', { default: '' })
  alt_text: string;

  @Column('text')
  resource_key: string;

  @Column('text')
  mime: string;

  @Column('integer')
  width: number;

  @Column('integer')
  height: number;

  @Column('text', { nullable: true })
  thumbnail_key: string | null;

  /** The user who uploaded it (accounts' user uuid; no foreign key across services). */
  @Column('uuid', { nullable: true })
  owner: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated: Date;
}
