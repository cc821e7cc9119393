import { z } from 'zod';
import { RETENTION_DAYS } from '../../consultation.js';

export { RETENTION_DAYS };

/** One project as the policy page lists it: public facts only, no person. */
export const ProjectRetentionItem = z.object({
  token: z.string(),
  mname: z.string(),
  title: z.string(),
  end_date: z.string().meta({ format: 'date' }),
  retention_days: z.number().int().min(RETENTION_DAYS.min).max(RETENTION_DAYS.max).nullable(),
  /** the day the answers are (or were) detached: end_date + retention_days; null when kept */
  detach_date: z.string().meta({ format: 'date' }).nullable(),
});
export type ProjectRetentionItem = z.infer<typeof ProjectRetentionItem>;

/** `GET project/retention`: the projects that are open or whose results are public, by sort_order. */
export const ProjectRetentionAnswer = z.object({ projects: z.array(ProjectRetentionItem) });
export type ProjectRetentionAnswer = z.infer<typeof ProjectRetentionAnswer>;
