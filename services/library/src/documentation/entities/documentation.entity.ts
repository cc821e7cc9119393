import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type DocumentationType = 'html' | 'resource';

/** A documentation page: either html content or a stored file (`resource_key`). */
@Entity({ name: 'documentation', schema: 'library' })
export class Documentation {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('text', { unique: true })
  uri: string;

  @Column('text')
  title: string;

  @Column('text', { default: '' })
  comment: string;

  @Column('text')
  type: DocumentationType;

  @Column('text', { nullable: true })
  html: string | null;

  @Column('text', { nullable: true })
  resource_key: string | null;

  /** the uploaded file's original name (resource type) */
  @Column('text', { nullable: true })
  filename: string | null;

  /** The user who created it (accounts' user uuid; no foreign key across services); null: admins only. */
  @Column('uuid', { nullable: true })
  owner: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created: Date;
}
