/** Dates of the project form, as yyyy-MM-dd in the user's own time zone. */
export function isoDate(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export function today(now: Date = new Date()): string {
  return isoDate(now);
}

export function tomorrow(now: Date = new Date()): string {
  const next = new Date(now);
  next.setDate(next.getDate() + 1);
  return isoDate(next);
}

/** The spec's rule: the end date cannot precede the start date (both yyyy-MM-dd, so text order is date order). */
export function endBeforeStart(start: string, end: string): boolean {
  return !!start && !!end && end < start;
}
