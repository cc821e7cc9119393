import { isValidKey } from '@agora/common/storage';

/**
 * The top-level folders of the public storage that the files route serves: everything the library links to
 * (images and their thumbnails, documents, rich-text images, map markers, structure icons, demo images). A key
 * anywhere else (backups left by earlier versions, files put there by hand) is never served.
 */
export const PUBLIC_FOLDERS = [
  'items',
  'thumbs',
  'documentation',
  'editor',
  'markers',
  'icons',
  'demo',
] as const;

/** Whether `key` is a valid key in one of the `PUBLIC_FOLDERS` (a file below it, not the folder itself). */
export function isPublicKey(key: string): boolean {
  const slash = key.indexOf('/');
  return isValidKey(key) && slash > 0 && (PUBLIC_FOLDERS as readonly string[]).includes(key.slice(0, slash));
}
