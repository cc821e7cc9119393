/** Public URL (through the gateway) of a stored library file. */
export function fileUrl(key: string): string {
  return `/api/library/files/${key.split('/').map(encodeURIComponent).join('/')}`;
}
