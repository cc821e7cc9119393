import { useAtomValue } from 'jotai';
import type { SessionUser } from '@agora/contracts';
import { sessionUserAtom } from '@agora/platform';

/** What a library answer (an item, a documentation page, a view) may say about who may change it. */
export interface Owned {
  /** the uuid of the user who created it; null when nobody owns it; absent when the answer does not say */
  owner?: string | null;
}

/**
 * Whether `user` may edit and delete `entry`, the one rule behind every edit and delete the library offers: an
 * admin always; an editor only what they own, when the answer names its owner (an answer without `owner` leaves
 * the decision to the server, which refuses with 403). Other roles never. When the server's answers carry the
 * current user's rights on each entry, this function reads those instead.
 */
export function mayChange(user: SessionUser | null, entry: Owned): boolean {
  if (!user) return false;
  if (user.role === 'admin') return true;
  if (user.role !== 'editor') return false;
  return entry.owner === undefined || entry.owner === user.uuid;
}

/** `mayChange` for the logged-in user. */
export function useMayChange(): (entry: Owned) => boolean {
  const user = useAtomValue(sessionUserAtom);
  return (entry) => mayChange(user, entry);
}
