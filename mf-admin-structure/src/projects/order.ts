import type { JsonBodyOf } from '../shared/jsonBody';

/** The body of `PUT category/sortOrder` and `PUT project/sortOrder`: token to 1-based position. */
export function sortOrderMap(tokens: readonly string[]): JsonBodyOf<'put', '/api/project/sortOrder'> {
  return Object.fromEntries(tokens.map((t, i) => [t, i + 1]));
}
