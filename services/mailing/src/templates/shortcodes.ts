/**
 * E-mail template shortcodes (decision 0004): `[name]` in a template's subject or body is replaced by a value.
 * Only the names listed here are shortcodes; any other text in brackets is left as it is.
 */
export const SHORTCODES = ['firstname', 'lastname', 'email', 'link', 'message'] as const;
export type Shortcode = (typeof SHORTCODES)[number];
export type ShortcodeValues = Partial<Record<Shortcode, string>>;

/** The shortcodes each template is documented to use (shown to administrators next to the editor). */
export const TEMPLATE_SHORTCODES: Readonly<Record<string, readonly Shortcode[]>> = {
  invitation: SHORTCODES,
  /** the notice to an existing user enrolled by an invitation CSV ([link]: the site) */
  enrolment: SHORTCODES,
};

const PATTERN = new RegExp(`\\[(${SHORTCODES.join('|')})\\]`, 'g');

/**
 * Replaces shortcodes in one pass: a value that itself contains `[link]` is not expanded again.
 * Missing values become empty; a line left empty by them does not add to the blank lines around it.
 */
export function renderShortcodes(source: string, values: ShortcodeValues): string {
  const rendered = source.replace(PATTERN, (_m, name: Shortcode) => values[name] ?? '');
  return rendered
    .replace(/\r\n/g, '\n')
    .replace(/\n[ \t]*\n(?:[ \t]*\n)+/g, '\n\n')
    .trim();
}

/** A subject is one header line: values are flattened to a single line. */
export function renderSubject(source: string, values: ShortcodeValues): string {
  const flat: ShortcodeValues = {};
  for (const [k, v] of Object.entries(values) as Array<[Shortcode, string | undefined]>) {
    if (v !== undefined) flat[k] = v.replace(/[\r\n\t]+/g, ' ');
  }
  return renderShortcodes(source, flat).replace(/\s+/g, ' ').trim();
}
