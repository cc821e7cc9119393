import { Column, Entity } from 'typeorm';
import { OwnedPage } from './owned-page.entity.js';

export type DocumentationType = 'html' | 'resource';

/** A documentation page: either html content or a stored file (`resource_key`). */
@Entity({ name: 'documentation', schema: 'library' })
export class Documentation extends OwnedPage {
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
}
