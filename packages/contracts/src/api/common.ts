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

/** Whether `value` is a real calendar day written `yyyy-MM-dd` (with the answer values' rules, no schema code). */
export { isIsoDate } from './answer-values.js';
