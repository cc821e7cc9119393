import { z } from 'zod';

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
