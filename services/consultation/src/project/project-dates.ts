/**
 * A project's calendar: its dates are whole days on the calendar of the service's time zone
 * (`ConsultationConfig.project.timeZone`, `CONSULTATION_TIME_ZONE`, default Europe/Athens). Answering is allowed from
 * `start_date` 00:00 to `end_date` 24:00 of that zone, while the project is active.
 */

/** The fields of a project its state depends on. */
export interface ProjectDates {
  active: boolean;
  /** `yyyy-MM-dd` */
  start_date: string;
  /** `yyyy-MM-dd` */
  end_date: string;
}

/** `upcoming`: before its start date; `open`: active and today within its dates; `closed`: anything else. */
export type ProjectState = 'upcoming' | 'open' | 'closed';

/** One formatter per time zone: building an `Intl.DateTimeFormat` costs far more than using one. */
const formats = new Map<string, Intl.DateTimeFormat>();

function dayFormat(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formats.set(zone, format);
  }
  return format;
}

/** `yyyy-MM-dd` of `now` on the calendar of `zone` (an IANA time zone). */
export function todayIn(zone: string, now: Date = new Date()): string {
  const parts = dayFormat(zone)
    .formatToParts(now)
    .reduce<Record<string, string>>((acc, p) => ({ ...acc, [p.type]: p.value }), {});
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The state of a project on `today` (`yyyy-MM-dd`, from `todayIn`). An inactive project is never open. */
export function projectState(project: ProjectDates, today: string): ProjectState {
  if (today < project.start_date) return 'upcoming';
  if (project.active && today <= project.end_date) return 'open';
  return 'closed';
}

/** True when answers may be written today: the project is active and today lies within its dates. */
export function isProjectOpen(project: ProjectDates, today: string): boolean {
  return projectState(project, today) === 'open';
}

/**
 * The same test as `isProjectOpen` inside a query: a boolean SQL condition on the project row `alias` (its
 * `active`, `start_date` and `end_date` columns) and `today`, a placeholder bound to `todayIn(...)`: `:today` in
 * a TypeORM query builder, `$1` in a raw query. Example:
 * `qb.andWhere(projectOpenSql('p', ':today'), { today })`.
 */
export function projectOpenSql(alias: string, today: string): string {
  return `(${alias}."active" AND ${alias}."start_date" <= ${today}::date AND ${alias}."end_date" >= ${today}::date)`;
}

/** `projectState` inside a query: an SQL expression answering 'upcoming', 'open' or 'closed' (see `projectOpenSql`). */
export function projectStateSql(alias: string, today: string): string {
  return (
    `(CASE WHEN ${today}::date < ${alias}."start_date" THEN 'upcoming' ` +
    `WHEN ${projectOpenSql(alias, today)} THEN 'open' ELSE 'closed' END)`
  );
}
