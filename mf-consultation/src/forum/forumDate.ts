const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A post's date as the spec shows it in the forum: dd/MM/yyyy, H:mm (local time), the same pattern in every
 * language (so not `useFormatDate`, whose Greek times are HH:mm). '' when unparsable.
 */
export function forumDate(value: string): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}, ${d.getHours()}:${pad(d.getMinutes())}`;
}
