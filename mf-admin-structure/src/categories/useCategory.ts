import { useApiGet } from '@agora/platform';
import { isToken } from '../projects/base';

/** One category, from the route's `{category}` (token or short name, for a readable URL); null skips the call. */
export function useCategory(param: string | undefined) {
  const byToken = param !== undefined && isToken(param);
  const token = useApiGet(
    '/api/category/token/{token}',
    byToken ? { params: { path: { token: param } } } : null,
  );
  const mname = useApiGet(
    '/api/category/mname/{mname}',
    param !== undefined && !byToken ? { params: { path: { mname: param } } } : null,
  );
  return byToken ? token : mname;
}
