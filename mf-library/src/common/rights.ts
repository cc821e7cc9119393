import { type LibraryItem } from '@agora/library-ui';

/**
 * What every library answer (an item, a documentation page, a view) says about who may change it, for the user who
 * asked: the server decides (only the owner or an admin), and the screens offer Edit only where `can_edit` and
 * Delete only where `can_delete` is true, without a rule of their own.
 */
export interface Owned {
  /** the uuid of the user who created it; null when nobody owns it */
  owner: string | null;
  /** whether the calling user may edit it */
  can_edit: boolean;
  /** whether the calling user may delete it */
  can_delete: boolean;
}

/** A library item as the library service answers it: the platform's item with the caller's rights. */
export type OwnedItem = LibraryItem & Owned;
