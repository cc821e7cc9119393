import { type LibraryItem } from '@agora/library-ui';
import type { Owned } from '../common/rights';

/** A library view (`GET /api/libraryView…`). */
export interface LibraryView extends Owned {
  uuid: string;
  uri: string;
  title: string;
  description: string;
  items: string[];
  created: string;
}

/** `?action=libraryView&uri=` */
export interface PublicView {
  title: string;
  description: string;
  items: LibraryItem[];
}
