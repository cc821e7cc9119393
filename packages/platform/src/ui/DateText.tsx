import { useFormatDate } from './formatDate';

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A date from the API in the user's locale (English day first: `useFormatDate`). Day-only values (`2026-05-01`) are shown as that day whatever the
 * browser's time zone; timestamps in local time. Empty or unparsable values show as given (or nothing).
 */
export function DateText({
  value,
  withTime = false,
}: {
  value: string | null | undefined;
  withTime?: boolean;
}) {
  const formatDate = useFormatDate();
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return <>{value}</>;
  const dayOnly = DAY_ONLY.test(value);
  const text = formatDate(date, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    ...(withTime && !dayOnly ? { hour: '2-digit', minute: '2-digit' } : {}),
    ...(dayOnly ? { timeZone: 'UTC' } : {}),
  });
  return <time dateTime={value}>{text}</time>;
}
