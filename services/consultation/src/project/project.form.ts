import type { MaxBytesLimits } from '../config/consultation.config.js';
import { ValidationErrors } from '../validation/validation.errors.js';

/** 400 when `max_bytes` is sent outside the server's bounds (`GET project/limits`). */
export function assertMaxBytes(maxBytes: number | undefined, limits: MaxBytesLimits): void {
  if (maxBytes !== undefined && (maxBytes < limits.min || maxBytes > limits.max))
    throw ValidationErrors.range(
      'max_bytes',
      limits.min,
      limits.max,
      `from ${limits.min} to ${limits.max} bytes`,
    );
}

/** The dates and publication state of a project. */
export interface ProjectSchedule {
  start_date: string;
  end_date: string;
  is_public: boolean;
  public_date: string | null;
}

/** `yyyy-MM-dd` of the calendar day `days` after `day`. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * The schedule a write leads to, from the stored one (null when creating), the fields sent and today's date:
 * absent dates default (start today, end the day after the start, public date tomorrow when published); the end
 * cannot precede the start; a public date only while the results are published: cleared otherwise, even when sent
 * (a form may keep its date field filled while publication is off).
 */
export function settleSchedule(
  stored: ProjectSchedule | null,
  sent: Partial<ProjectSchedule>,
  today: string,
): ProjectSchedule {
  const start_date = sent.start_date ?? stored?.start_date ?? today;
  const end_date = sent.end_date ?? stored?.end_date ?? addDays(start_date, 1);
  if (end_date < start_date)
    throw ValidationErrors.invalidField('end_date', 'the end date cannot be before the start date', 'order');
  const is_public = sent.is_public ?? stored?.is_public ?? false;
  if (!is_public) return { start_date, end_date, is_public, public_date: null };
  const public_date = sent.public_date ?? stored?.public_date ?? addDays(today, 1);
  return { start_date, end_date, is_public, public_date };
}
