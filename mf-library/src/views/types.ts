import type { LibraryItem } from '@agora/platform';

/** A library view (`GET /api/libraryView…`). */
export interface LibraryView {
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
