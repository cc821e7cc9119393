import type { Owned } from '../common/rights';

/** A documentation entry (`GET /api/documentation…`). */
export interface Documentation extends Owned {
  uuid: string;
  uri: string;
  title: string;
  comment: string;
  type: 'html' | 'resource';
  html: string | null;
  resource: string | null;
  filename: string | null;
  created: string;
}
