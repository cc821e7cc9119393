import { Column, Entity } from 'typeorm';
import { OwnedPage } from '../../documentation/entities/owned-page.entity.js';

/** A public page showing a chosen list of library items. */
@Entity({ name: 'library_view', schema: 'library' })
export class LibraryView extends OwnedPage {
  @Column('text', { default: '' })
  description: string;

  /** Library item ids, in display order. */
  @Column('uuid', { array: true, default: () => "'{}'" })
  items: string[];
}
