/**
 * The base map's tile service: a Leaflet URL template that a deployment sets (`MAP_TILE_URL`), that the accounts
 * service serves to browsers in the site settings (`tileUrl`) and whose origin the gateway's
 * Content-Security-Policy allows (img-src). One check for both, so that they never disagree.
 */

/** OpenStreetMap's standard tile service (its tile usage policy forbids heavy use: a busy site runs its own). */
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_TILE_ATTRIBUTION = '&copy; OpenStreetMap contributors';

/** The map tiles of a deployment, as `GET /api/settings` serves them. */
export interface TileSettings {
  /** Leaflet URL template: {z}, {x}, {y} and optionally {s} (a subdomain) */
  tileUrl: string;
  /** HTML shown in the map's corner */
  tileAttribution: string;
}

export const DEFAULT_TILES: Readonly<TileSettings> = {
  tileUrl: DEFAULT_TILE_URL,
  tileAttribution: DEFAULT_TILE_ATTRIBUTION,
};

/** OpenStreetMap's hosts: tile.openstreetmap.org and its older a./b./c. subdomains. */
const OSM_HOST = 'tile.openstreetmap.org';

export type TileTemplateCheck =
  | { ok: true; /** the Content-Security-Policy sources that let browsers load the tiles */ imgSrc: string[] }
  | { ok: false; /** what is wrong, to follow the variable's name in an error */ problem: string };

const EXAMPLE = 'https://tiles.example.org/{z}/{x}/{y}.png';

/**
 * Checks a tile URL template: http(s), a host, {z}, {x} and {y}, no placeholder other than those and {s}, and {s}
 * in the host only as its first label (`https://{s}.tiles.example.org/…`, allowed as `https://*.tiles.example.org`).
 */
export function checkTileTemplate(template: string): TileTemplateCheck {
  const fail = (problem: string): TileTemplateCheck => ({ ok: false, problem });
  const start = /^(https?):\/\/([^/?#]*)/i.exec(template);
  if (!start) return fail(`must be an http(s) URL template such as ${EXAMPLE}`);
  if (/\s/.test(template)) return fail('must not contain spaces');
  for (const [placeholder] of template.matchAll(/\{[^{}]*\}/g)) {
    if (!/^\{[zxys]\}$/.test(placeholder))
      return fail(`has the unknown placeholder ${placeholder} (use {z}, {x}, {y} and optionally {s})`);
  }
  if (/[{}]/.test(template.replace(/\{[zxys]\}/g, ''))) return fail('has an unmatched { or }');
  const missing = ['{z}', '{x}', '{y}'].filter((p) => !template.includes(p));
  if (missing.length > 0) return fail(`lacks ${missing.join(', ')} (for example ${EXAMPLE})`);

  const scheme = start[1]!.toLowerCase();
  let authority = start[2]!;
  const anySubdomain = authority.startsWith('{s}.');
  if (anySubdomain) authority = authority.slice('{s}.'.length);
  if (/[{}]/.test(authority))
    return fail('may have {s} in its host only as the first label, as in https://{s}.tiles.example.org/…');
  if (authority.includes('@')) return fail('must not contain a user name or password');
  let host: string;
  try {
    host = new URL(`${scheme}://${authority}/`).host;
  } catch {
    return fail('has an invalid host');
  }
  if (!host) return fail('has no host');
  if (anySubdomain && /^(\[|[\d.]+(:\d+)?$)/.test(host))
    return fail('cannot put {s} before an IP address (a subdomain needs a host name)');
  if (scheme === 'https' && host === OSM_HOST) {
    // the host itself and the a./b./c. subdomains that older templates use
    return { ok: true, imgSrc: [`https://*.${OSM_HOST}`, `https://${OSM_HOST}`] };
  }
  return { ok: true, imgSrc: [anySubdomain ? `${scheme}://*.${host}` : `${scheme}://${host}`] };
}
