/**
 * E-mail template shortcodes (decisions 0004 and 0045): `[name]` in a template's subject or bodies is replaced by
 * a value. Only the shortcodes of the template are replaced; any other text in brackets is left as it is, so
 * that a typo stays visible in the received mail.
 */
export const SHORTCODES = [
  'firstname',
  'lastname',
  'email',
  'link',
  'message',
  'username',
  'minutes',
  'category',
  'role',
  'project',
  'profile',
] as const;
export type Shortcode = (typeof SHORTCODES)[number];
export type ShortcodeValues = Partial<Record<Shortcode, string>>;

/** Every mail the platform sends and the shortcodes it is documented to use (shown next to the editor). */
export const TEMPLATE_SHORTCODES: Readonly<Record<string, readonly Shortcode[]>> = {
  invitation: ['firstname', 'lastname', 'email', 'link', 'message'],
  password_recovery: ['firstname', 'lastname', 'username', 'link', 'minutes'],
  enrolment: ['firstname', 'lastname', 'category', 'role', 'link'],
  results_published: ['firstname', 'lastname', 'project', 'category', 'link', 'profile'],
};

/** The values a preview fills in, per locale (what a real mail of that template could hold). */
export const SAMPLE_VALUES: Readonly<Record<'el' | 'en', Required<ShortcodeValues>>> = {
  el: {
    firstname: 'Μαρία',
    lastname: 'Παπαδοπούλου',
    email: 'maria@example.org',
    link: 'https://agora.example.org/invitation/accept/3f0c9b1e2d4a',
    message: 'Η διαβούλευση διαρκεί έως το τέλος του μήνα.',
    username: 'mpapadopoulou',
    minutes: '60',
    category: 'Κυκλοφοριακές ρυθμίσεις στο κέντρο',
    role: 'ειδικός',
    project: 'Ποδηλατόδρομος της παραλίας',
    profile: 'https://agora.example.org/profile',
  },
  en: {
    firstname: 'Mary',
    lastname: 'Smith',
    email: 'mary@example.org',
    link: 'https://agora.example.org/invitation/accept/3f0c9b1e2d4a',
    message: 'The consultation is open until the end of the month.',
    username: 'msmith',
    minutes: '60',
    category: 'Traffic in the city centre',
    role: 'expert',
    project: 'The seafront cycle lane',
    profile: 'https://agora.example.org/profile',
  },
};

/**
 * The sample link of a template's preview, where a real mail of it would lead (the accept page of an invitation,
 * the new-password page of a recovery, the site of an enrolment notice, the results page of published results);
 * the sample values' link otherwise.
 */
export const SAMPLE_LINKS: Readonly<Record<string, string>> = {
  invitation: 'https://agora.example.org/invitation/accept/3f0c9b1e2d4a',
  password_recovery: 'https://agora.example.org/password_recovery/reset/7d2a64c90b1f',
  enrolment: 'https://agora.example.org/',
  results_published: 'https://agora.example.org/participate/category/traffic/project/seafront/results',
};

/** The values a template's preview fills in, in a locale. */
export function sampleValues(name: string, locale: 'el' | 'en'): Required<ShortcodeValues> {
  const values = SAMPLE_VALUES[locale];
  return { ...values, link: SAMPLE_LINKS[name] ?? values.link };
}

function patternOf(names: readonly string[]): RegExp {
  return new RegExp(`\\[(${names.join('|')})\\]`, 'g');
}

function substitute(
  source: string,
  values: ShortcodeValues,
  names: readonly Shortcode[],
  escape: (v: string) => string = (v) => v,
): string {
  if (names.length === 0) return source;
  return source.replace(patternOf(names), (_m, name: Shortcode) => escape(values[name] ?? ''));
}

/**
 * Replaces shortcodes in one pass: a value that itself contains `[link]` is not expanded again.
 * Missing values become empty; a line left empty by them does not add to the blank lines around it.
 */
export function renderShortcodes(
  source: string,
  values: ShortcodeValues,
  names: readonly Shortcode[] = SHORTCODES,
): string {
  return substitute(source, values, names)
    .replace(/\r\n/g, '\n')
    .replace(/\n[ \t]*\n(?:[ \t]*\n)+/g, '\n\n')
    .trim();
}

/** A subject is one header line: values are flattened to a single line. */
export function renderSubject(
  source: string,
  values: ShortcodeValues,
  names: readonly Shortcode[] = SHORTCODES,
): string {
  const flat: ShortcodeValues = {};
  for (const [k, v] of Object.entries(values) as Array<[Shortcode, string | undefined]>) {
    if (v !== undefined) flat[k] = v.replace(/[\r\n\t]+/g, ' ');
  }
  return renderShortcodes(source, flat, names).replace(/\s+/g, ' ').trim();
}

export function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/** The HTML part: every value is HTML-escaped (a name like `<b>` shows as typed); line breaks become `<br>`. */
export function renderHtmlShortcodes(
  source: string,
  values: ShortcodeValues,
  names: readonly Shortcode[] = SHORTCODES,
): string {
  return substitute(source, values, names, (v) => escapeHtml(v).replace(/\r?\n/g, '<br>')).trim();
}

/** Only the known shortcodes, in the order of `SHORTCODES` (anything else in a request is ignored). */
export function shortcodeValues(values: Record<string, unknown>): ShortcodeValues {
  const out: ShortcodeValues = {};
  for (const name of SHORTCODES) {
    const v = values[name];
    if (typeof v === 'string') out[name] = v;
    else if (typeof v === 'number') out[name] = String(v);
  }
  return out;
}
