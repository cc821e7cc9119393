import type { Paged } from '@agora/contracts';
import { AppError } from '../errors/app-error.js';

/** Default page size of lists (the spec leaves it open: docs/decisions/0001-page-size.md). */
export const PAGE_SIZE = 20;

/** Parses a 1-based page number from a path segment; 400 on anything else. */
export function parsePage(raw: string | undefined): number {
  if (raw === undefined) return 1;
  if (!/^[1-9][0-9]{0,8}$/.test(raw)) throw AppError.badRequest('REQUEST.PAGE', 'invalid page');
  return Number(raw);
}

export function parseSortMethod(raw: string | undefined): 'ASC' | 'DESC' {
  if (raw === undefined) return 'ASC';
  const m = raw.toLowerCase();
  if (m !== 'asc' && m !== 'desc') throw AppError.badRequest('REQUEST.SORT', 'invalid sort method');
  return m === 'asc' ? 'ASC' : 'DESC';
}

export function paged<T>(values: T[], page: number, total: number, pageSize = PAGE_SIZE): Paged<T> {
  return { values, page, total_pages: Math.max(1, Math.ceil(total / pageSize)), total };
}
