import { createContext, useContext } from 'react';

/** The URL prefix of the site's routes (the remote's `basePath`), provided by App. */
export const BasePathContext = createContext('');

export function useBasePath(): string {
  return useContext(BasePathContext);
}

/** `${basePath}/admin/administration${path}` for a structure path like `/project/list`. */
export function useAdminHref(): (path: string) => string {
  const base = useBasePath();
  return (path) => `${base}/admin/administration${path}`;
}

/** A token (uuid) rather than a short name. */
export function isToken(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
