import type { LibraryItemAnswer, MarkerAnswer } from '@agora/contracts/api';
import { client } from '@agora/platform';

/** A library item (`GET /api/library…`), as the library service's document describes it. */
export type LibraryItem = LibraryItemAnswer;

/** A map marker (`GET /api/marker`). */
export type Marker = MarkerAnswer;

/** A page of the library, filtered by tags when some are given (`library/page/{page}[/taglist/a;b]`). */
export function fetchLibraryPage(page: number, tags: readonly string[] = []) {
  return tags.length > 0
    ? client.GET('/api/library/page/{page}/taglist/{tags}', {
        params: { path: { page, tags: tags.join(';') } },
      })
    : client.GET('/api/library/page/{page}', { params: { path: { page } } });
}
