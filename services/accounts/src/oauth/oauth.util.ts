/** Pure helpers of the external login: return paths, usernames and names from a provider's claims. */

/**
 * The referrer to return to after the login, kept only when it stays on this site: a path starting with a
 * single '/' (or an absolute URL on the public origin, reduced to its path). Anything else gives null.
 */
export function safeReferrer(raw: unknown, publicUrl: string): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2000) return null;
  // control characters and backslashes (browsers read '\' as '/', so '/\evil' would leave the site)
  if ([...raw].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f || c === '\\')) return null;
  const origin = new URL(publicUrl).origin;
  let url: URL;
  try {
    url = new URL(raw, `${origin}/`);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  if (!raw.startsWith('/') && !raw.startsWith(`${origin}/`) && raw !== origin) return null;
  if (raw.startsWith('//')) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // never back into the API (e.g. a login loop)
  if (/^\/api(\/|$)/i.test(url.pathname)) return null;
  return path;
}

/** What we use from a provider's account, whatever the protocol. */
export interface ExternalProfile {
  subject: string;
  email: string | null;
  /** Whether the provider verified the e-mail (`email_verified`); null when it does not say. */
  emailVerified: boolean | null;
  preferredUsername: string | null;
  name: string | null;
  givenName: string | null;
  familyName: string | null;
}

function text(v: unknown): string | null {
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : null;
}

/** `email_verified`: a boolean, or (some providers) the text "true"/"false". */
function verified(v: unknown): boolean | null {
  if (v === true || v === 'true') return true;
  if (v === false || v === 'false') return false;
  return null;
}

/** Maps OpenID Connect claims (ID token and user info) to a profile. */
export function profileFromClaims(claims: Record<string, unknown>): ExternalProfile {
  const subject = text(claims.sub);
  if (!subject) throw new Error('the provider sent no subject');
  const email = text(claims.email);
  return {
    subject,
    email: email && isEmail(email) ? email : null,
    emailVerified: verified(claims.email_verified),
    preferredUsername: text(claims.preferred_username),
    name: text(claims.name),
    givenName: text(claims.given_name),
    familyName: text(claims.family_name),
  };
}

export function isEmail(v: string): boolean {
  return v.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v);
}

const USERNAME_MAX = 24;

/** A username candidate in [a-z0-9._-], from the preferred username, the e-mail's local part or the name. */
export function usernameBase(p: Pick<ExternalProfile, 'preferredUsername' | 'email' | 'name'>): string {
  const candidates = [p.preferredUsername, p.email?.split('@')[0] ?? null, p.name];
  for (const c of candidates) {
    if (!c) continue;
    const cleaned = c
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/\s+/g, '.')
      .replace(/[^a-z0-9._-]/g, '')
      .replace(/^[._-]+|[._-]+$/g, '')
      .slice(0, USERNAME_MAX);
    if (cleaned.length >= 3) return cleaned;
  }
  return 'user';
}

/** The n-th alternative of a username (n = 1 is the base itself). */
export function usernameCandidate(base: string, n: number): string {
  if (n <= 1) return base;
  const suffix = String(n);
  return `${base.slice(0, USERNAME_MAX - suffix.length)}${suffix}`;
}

/** First and last name from the claims: given/family names, else the full name split at its first space. */
export function namesOf(p: ExternalProfile, username: string): { firstname: string; lastname: string } {
  if (p.givenName || p.familyName) {
    return { firstname: p.givenName ?? p.name ?? username, lastname: p.familyName ?? '' };
  }
  if (p.name) {
    const i = p.name.indexOf(' ');
    return i < 0
      ? { firstname: p.name, lastname: '' }
      : { firstname: p.name.slice(0, i), lastname: p.name.slice(i + 1).trim() };
  }
  return { firstname: username, lastname: '' };
}
