import type { ApiGetData } from '@agora/platform';

/** A category as listed by `GET /api/category`. */
export type Category = ApiGetData<'/api/category'>[number];
