import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A public page showing a chosen list of library items. */
@Entity({ name: 'library_view', schema: 'library' })
export class LibraryView {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('text', { unique: true })
  uri: string;

  @Column('text')
  title: string;

  @Column('text', { default: '' })
  description: string;

  /** Library item ids, in display order. */
  @Column('uuid', { array: true, default: () => "'{}'" })
  items: string[];

  /** The user who created it (accounts' user uuid; no foreign key across services); null: admins only. */
  @Column('uuid', { nullable: true })
  owner: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created: Date;
}
