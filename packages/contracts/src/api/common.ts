import { z } from 'zod';
import type { ScopeRules } from '../validation.js';

/** Answer shapes every service uses. */

/** A page of a list: `values` of page `page` (from 1) of `total_pages`, `total` in all (`Paged`). */
export function pagedAnswer<Item extends z.ZodType>(item: Item) {
  return z.object({
    values: z.array(item),
    page: z.int().min(1),
    total_pages: z.int().min(1),
    total: z.int().min(0),
  });
}

/** A plain confirmation: `{"message": "..."}`. */
export const MessageAnswer = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof MessageAnswer>;

/** The confirmation of a deletion: `{"message": "data deleted"}`. */
export const DeletedAnswer = z.object({ message: z.literal('data deleted') });
export type DeletedAnswer = z.infer<typeof DeletedAnswer>;

/** The rules of a validation scope's fields (`validation/scope/{scope}`), as the forms of the browser apply them. */
export const ScopeRulesAnswer = z.record(
  z.string(),
  z.object({
    required: z.boolean().optional(),
    min_size: z.number().optional(),
    max_size: z.number().optional(),
    validation: z.string().optional(),
    unique: z.boolean().optional(),
    message: z.string().optional(),
  }),
) satisfies z.ZodType<ScopeRules>;
export type ScopeRulesAnswer = z.infer<typeof ScopeRulesAnswer>;

/** Whether a value of a unique field exists already (`checkIfExists/…`). */
export const ExistsAnswer = z.boolean();
export type ExistsAnswer = z.infer<typeof ExistsAnswer>;

const DATE = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/;

/** Whether `value` is a real calendar day written `yyyy-MM-dd`. */
export function isIsoDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value && Number(m[1]) >= 1;
}
