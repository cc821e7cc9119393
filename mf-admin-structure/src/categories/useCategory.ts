import type { CategoryWire } from '@agora/contracts';
import { useApi } from '@agora/platform';
import { isToken } from '../projects/base';

/** The path that reads one category: by token, or by short name for a readable URL. */
export function categoryPath(param: string): string {
  return isToken(param)
    ? `category/token/${encodeURIComponent(param)}`
    : `category/mname/${encodeURIComponent(param)}`;
}

/** One category, from the route's `{category}` (token or short name); null skips the call. */
export function useCategory(param: string | undefined) {
  return useApi<CategoryWire>(param ? categoryPath(param) : null);
}
