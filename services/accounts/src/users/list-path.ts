import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { ApiParam } from '@nestjs/swagger';
import { AppError, parsePage, parseSortMethod } from '@agora/common';
import { MAX_LIST_LIMIT } from './users.service.js';

/**
 * The routes of a paged list under `head` (e.g. `category/:category/enrolled/true/`): the search, the filters and
 * the page size are each optional, in this order. Each form is its own route so that the service's document
 * describes every one a client calls.
 */
export const listPaths = (head = ''): string[] =>
  ['', '/query/:query']
    .flatMap((query) => ['', '/fq/:fq'].map((fq) => query + fq))
    .flatMap((rest) => ['', '/limit/:limit'].map((limit) => rest + limit))
    .map((rest) => `${head}page/:page/sort/:field/sort_method/:method${rest}`);

/** `/limit/{n}` of a list path (1 to MAX_LIST_LIMIT, for CSV); none without it. */
export function parseLimit(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^[1-9][0-9]{0,4}$/.test(raw) || Number(raw) > MAX_LIST_LIMIT) {
    throw AppError.badRequest('REQUEST.LIMIT', 'invalid limit');
  }
  return Number(raw);
}

/** The segments of a list path as the route hands them over. */
export interface ListPathParams {
  page: string;
  field: string;
  method: string;
  query?: string;
  fq?: string;
  limit?: string;
}

const LIST_PATH_PARAMS = ['page', 'field', 'method', 'query', 'fq', 'limit'] as const;

/**
 * The segments of a list path (`listPaths`) as one handler parameter: `@ListPath() list: ListPathParams`. The
 * document describes each segment as the path parameter it is, as `@Param('page')` and the others each would.
 */
export const ListPath = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext): ListPathParams => {
    const params = ctx.switchToHttp().getRequest<{ params: Record<string, string | undefined> }>().params;
    const [page = '', field = '', method = '', query, fq, limit] = LIST_PATH_PARAMS.map(
      (name) => params[name],
    );
    return { page, field, method, query, fq, limit };
  },
  LIST_PATH_PARAMS.map((name) => (target: object, key?: string | symbol) => {
    if (key === undefined) return;
    const descriptor = Object.getOwnPropertyDescriptor(target, key);
    if (descriptor) ApiParam({ name, type: String })(target, key, descriptor);
  }),
);

/** A list request read from its path: the sort field and the filter by the list's own readers. */
export interface ListRequest<Filter> {
  page: number;
  limit?: number;
  /** an SQL expression of the sort field's list (never from the request itself) */
  sortColumn: string;
  sortMethod: 'ASC' | 'DESC';
  query?: string;
  filter: Filter;
}

/** Reads a list path, refusing its segments in path order (page, limit, sort field, sort method, filter). */
export function parseListPath<Filter>(
  p: ListPathParams,
  sortColumn: (field: string) => string,
  filter: (fq: string | undefined) => Filter,
): ListRequest<Filter> {
  return {
    page: parsePage(p.page),
    limit: parseLimit(p.limit),
    sortColumn: sortColumn(p.field),
    sortMethod: parseSortMethod(p.method),
    query: p.query?.trim() || undefined,
    filter: filter(p.fq),
  };
}
