/** The services behind the gateway (DESIGN §3). */
export const SERVICES = ['accounts', 'library', 'consultation', 'mailing'] as const;
export type ServiceName = (typeof SERVICES)[number];

/** First path segments (after `/api/`) and their owners. Matching is case-insensitive and by prefix of the segment. */
const PREFIX_OWNERS: ReadonlyArray<readonly [string, ServiceName]> = [
  // accounts
  ['login', 'accounts'],
  ['profile', 'accounts'],
  ['registration', 'accounts'],
  ['recovery', 'accounts'],
  ['users', 'accounts'],
  ['settings', 'accounts'],
  ['goauth', 'accounts'],
  ['fblogin', 'accounts'],
  ['oauth', 'accounts'],
  ['enrolment', 'accounts'],
  // library (libraryView, libraryExport start with "library")
  ['library', 'library'],
  ['documentation', 'library'],
  ['marker', 'library'],
  ['admin', 'library'], // admin/public_upload/...
  ['filebrowser', 'library'], // its documented path; `?action=fileBrowser` on the root is rewritten to it
  // consultation
  ['category', 'consultation'],
  ['project', 'consultation'],
  ['node', 'consultation'],
  ['attribute', 'consultation'],
  ['variable', 'consultation'],
  ['data', 'consultation'],
  ['choice', 'consultation'],
  ['export', 'consultation'],
  ['consultationprofile', 'consultation'],
  ['consultationweight', 'consultation'],
  ['social', 'consultation'],
  ['forumposts', 'consultation'],
  ['opendata', 'consultation'], // the published results as OGC API - Features, for anyone
  // mailing
  ['invitation', 'mailing'],
  ['template', 'mailing'],
  ['mailtemplate', 'mailing'],
];

/**
 * First segments that the gateway answers itself, whatever a service's prefix would match: `audit`, the merged audit
 * log of the services (decision 0084).
 */
export const GATEWAY_SEGMENTS: ReadonlySet<string> = new Set(['audit']);

/** Exact first segments (no prefix match) — keeps e.g. `adminX` from matching `admin`. */
const EXACT_ONLY = new Set(['admin', 'data', 'node', 'login', 'profile', 'recovery', 'oauth']);

/**
 * Validation scopes and their owners (`validation/scope/{scope}`, `checkIfExists/scope/{scope}/…`). Request text
 * indexes these tables, so they are Maps: a scope named `constructor` or `__proto__` is simply unknown.
 */
export const SCOPE_OWNERS: ReadonlyMap<string, ServiceName> = new Map<string, ServiceName>(
  Object.entries({
    users: 'accounts',
    settings: 'accounts',
    documentation: 'library',
    library: 'library',
    libraryview: 'library',
    category: 'consultation',
    project: 'consultation',
    node: 'consultation',
    topic: 'consultation',
    attribute: 'consultation',
    variable: 'consultation',
    consultationprofile: 'consultation',
    invitation: 'mailing',
    template: 'mailing',
  }),
);

/** `?action=...` on the API root and its owner. */
const ACTION_OWNERS: ReadonlyMap<string, ServiceName> = new Map<string, ServiceName>([
  ['documentation', 'library'],
  ['libraryview', 'library'],
  ['filebrowser', 'library'],
]);

/**
 * Which service owns an API path. `path` is what follows `/api/` (no leading slash, no query);
 * `action` is the `action` query parameter, if any. Returns null when nobody owns it.
 */
export function ownerOf(path: string, action?: string | null): ServiceName | null {
  const segments = path.split('/').filter((s) => s.length > 0);
  if (segments.length === 0) {
    return action ? (ACTION_OWNERS.get(action.toLowerCase()) ?? null) : null;
  }
  const first = segments[0]!.toLowerCase();
  if (GATEWAY_SEGMENTS.has(first)) return null;
  if ((first === 'validation' || first === 'checkifexists') && segments[1]?.toLowerCase() === 'scope') {
    const scope = segments[2]?.toLowerCase();
    return scope ? (SCOPE_OWNERS.get(scope) ?? null) : null;
  }
  if (segments.length >= 2 && segments[1]!.toLowerCase() === 'createthread') return 'consultation';
  if (first === 'admin') return segments[1]?.toLowerCase() === 'public_upload' ? 'library' : null;
  // the dashboard's numbers (accounts, which adds the users' counts to consultation's); their answers per day
  if (first === 'stats') return segments.length === 1 ? 'accounts' : 'consultation';
  for (const [prefix, owner] of PREFIX_OWNERS) {
    if (EXACT_ONLY.has(prefix) ? first === prefix : first.startsWith(prefix)) return owner;
  }
  return null;
}
