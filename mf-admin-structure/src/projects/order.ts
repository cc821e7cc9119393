import type { SortOrderMap } from '@agora/contracts';

/** The body of `PUT category/sortOrder/` and `PUT project/sortOrder/`: token to 1-based position. */
export function sortOrderMap(tokens: readonly string[]): SortOrderMap {
  return Object.fromEntries(tokens.map((t, i) => [t, i + 1]));
}
