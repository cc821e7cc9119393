/** Every error answer of the API: `{"Error": "<message>", "code": "<NAMESPACE.CODE>"}`. */
export interface ErrorBody {
  Error: string;
  code?: string;
}

/** A page of a list (spec: values, page, total_pages). Pages start at 1. */
export interface Paged<T> {
  values: T[];
  page: number;
  total_pages: number;
  total?: number;
}

export type SortMethod = 'asc' | 'desc';
