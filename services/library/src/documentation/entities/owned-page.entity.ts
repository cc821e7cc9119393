import { Column, CreateDateColumn, PrimaryGeneratedColumn } from 'typeorm';

/**
 * The columns a documentation page and a library view share: an id, a unique `uri`, a title, the user who
 * created it and when. Each entity keeps its own table.
 */
export abstract class OwnedPage {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('text', { unique: true })
  uri: string;

  @Column('text')
  title: string;

  /** The user who created it (accounts' user uuid; no foreign key across services); null: admins only. */
  @Column('uuid', { nullable: true })
  owner: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created: Date;
}
