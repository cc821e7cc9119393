import { useDateText } from './formatDate';

/**
 * A date from the API in the site's one date format (`useDateText`: `17/11/2026`), in a `<time>` element.
 * Day-only values (`2026-05-01`) are shown as that day whatever the browser's time zone; timestamps in local
 * time. Empty values show nothing, unparsable ones as given.
 */
export function DateText({
  value,
  withTime = false,
}: {
  value: string | null | undefined;
  withTime?: boolean;
}) {
  const dateText = useDateText();
  if (!value) return null;
  const text = dateText(value, { withTime });
  if (Number.isNaN(new Date(value).getTime())) return <>{text}</>;
  return <time dateTime={value}>{text}</time>;
}
