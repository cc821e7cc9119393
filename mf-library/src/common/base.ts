import { createContext, useContext } from 'react';

/** The URL prefix of the site's routes (the remote's `basePath`). */
export const BasePathContext = createContext('');

/** `${basePath}${path}` for a spec path like `/admin/library/gallery`. */
export function useHref(): (path: string) => string {
  const base = useContext(BasePathContext);
  return (path) => `${base}${path}`;
}
