import type { useNotify } from '@agora/platform';
import type { JsonBodyOf } from '../shared/jsonBody';

/** The body of `PUT category/sortOrder` and `PUT project/sortOrder`: token to 1-based position. */
export function sortOrderMap(tokens: readonly string[]): JsonBodyOf<'put', '/api/project/sortOrder'> {
  return Object.fromEntries(tokens.map((t, i) => [t, i + 1]));
}

interface Sorted {
  token: string;
  sort_order: number;
}

/**
 * Saves a new order of a list (categories, projects): shows it at once, sends it with `put`, goes back to the old
 * order when the server refuses, and says which happened.
 */
export async function saveSortOrder<T extends Sorted>(options: {
  data: readonly T[] | undefined;
  tokens: readonly string[];
  put: (body: JsonBodyOf<'put', '/api/project/sortOrder'>) => Promise<unknown>;
  mutate: (
    update: () => Promise<T[]>,
    opts: { optimisticData: T[]; rollbackOnError: boolean; revalidate: boolean },
  ) => Promise<unknown>;
  notify: ReturnType<typeof useNotify>;
}): Promise<void> {
  const { data, tokens, put, mutate, notify } = options;
  if (!data) return;
  const byToken = new Map(data.map((item) => [item.token, item]));
  const next = tokens.map((t, i) => ({ ...(byToken.get(t) as T), sort_order: i + 1 }));
  try {
    await mutate(
      async () => {
        await put(sortOrderMap(tokens));
        return next;
      },
      { optimisticData: next, rollbackOnError: true, revalidate: false },
    );
    notify({ type: 'success', body: 'successful update' });
  } catch {
    notify({ type: 'warning', body: 'action denied' });
  }
}
