import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { CategoryAnswer } from '@agora/contracts/api';
import { apiKey, client, type ApiError, useApiGet } from '@agora/platform';

/** The SWR key of `GET category` (every category, by sort_order): share it to read the list from the same cache. */
export const CATEGORIES_KEY = apiKey('/api/category', {});

export interface ActiveCategory {
  /** the active category, null when none is active (or while loading) */
  category: CategoryAnswer | null;
  isLoading: boolean;
  /** the failure of `GET category`, if it failed (then `category` is null) */
  error?: ApiError;
  /** makes `token` the only active category; null leaves none active. Rejects with the ApiError. */
  setActive(token: string | null): Promise<void>;
}

/** Every category (`GET category`), from the shared SWR cache. */
export function useCategories() {
  return useApiGet('/api/category', {});
}

/**
 * The administrator's active category (spec part 2 §2, §4; interface state, each administrator's own): the one
 * `GET category` marks `active` for the caller. `PUT category/token/{t}` with `active: true` makes it the caller's
 * active category, `active: false` leaves them none; other administrators keep theirs. After a change every reader
 * of the category list (this hook, the categories tab, the projects list) revalidates.
 */
export function useActiveCategory(): ActiveCategory {
  const { data, error, isLoading } = useCategories();
  const { mutate } = useSWRConfig();
  const category = data?.find((c) => c.active) ?? null;
  const currentToken = category?.token ?? null;

  const setActive = useCallback(
    async (token: string | null) => {
      const target = token ?? currentToken;
      if (target) {
        await client.PUT('/api/category/token/{token}', {
          params: { path: { token: target } },
          body: { active: token !== null },
        });
      }
      await mutate((key) => typeof key === 'string' && key.startsWith(CATEGORIES_KEY));
    },
    [currentToken, mutate],
  );

  return { category, isLoading, error, setActive };
}
