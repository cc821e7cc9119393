import type { AddressParts, LatLng } from '@agora/contracts';

/** Address lookup 700 ms after the last change (spec part 1 §7, §9). */
export const GEOCODE_DEBOUNCE_MS = 700;

function base(url: string): string {
  return url.replace(/\/+$/, '');
}

/** `GET {base}/search?format=json&street=…&city=…&postalcode=…&countrycodes=gr&accept-language=el` */
export function searchUrl(geocoderUrl: string, address: AddressParts): string {
  const q = new URLSearchParams({
    format: 'json',
    street: `${address.house_number.trim()} ${address.street.trim()}`,
    city: address.town.trim(),
    postalcode: address.zip.replace(/\s+/g, ''),
    countrycodes: 'gr',
    'accept-language': 'el',
  });
  return `${base(geocoderUrl)}/search?${q.toString()}`;
}

/** `GET {base}/reverse?format=json&lat=…&lon=…&addressdetails=1` */
export function reverseUrl(geocoderUrl: string, point: LatLng): string {
  const q = new URLSearchParams({
    format: 'json',
    lat: String(point.lat),
    lon: String(point.lng),
    addressdetails: '1',
    'accept-language': 'el',
  });
  return `${base(geocoderUrl)}/reverse?${q.toString()}`;
}

/** `GET {base}/search?format=json&q=…&limit=1&countrycodes=gr`: a place named in free text (a street, a square, a landmark). */
export function placeUrl(geocoderUrl: string, text: string): string {
  const q = new URLSearchParams({
    format: 'json',
    q: text.trim(),
    limit: '1',
    countrycodes: 'gr',
    'accept-language': 'el',
  });
  return `${base(geocoderUrl)}/search?${q.toString()}`;
}

/** The first hit of a search answer (`[{lat, lon}]`), or null. */
async function firstHit(res: Response): Promise<LatLng | null> {
  if (!res.ok) throw new Error(`geocoder answered ${res.status}`);
  const hits = (await res.json()) as Array<{ lat?: string; lon?: string }>;
  const first = Array.isArray(hits) ? hits[0] : undefined;
  if (!first?.lat || !first.lon) return null;
  const lat = Number(first.lat);
  const lng = Number(first.lon);
  return Number.isFinite(lat) && Number.isFinite(lng) ? { lat, lng } : null;
}

/** Where a place named in free text is, or null. Throws when the geocoder cannot be reached. */
export async function searchPlace(
  geocoderUrl: string,
  text: string,
  signal?: AbortSignal,
): Promise<LatLng | null> {
  return firstHit(
    await fetch(placeUrl(geocoderUrl, text), { signal, headers: { Accept: 'application/json' } }),
  );
}

/** The first hit of a forward lookup, or null. Throws when the geocoder cannot be reached. */
export async function geocode(
  geocoderUrl: string,
  address: AddressParts,
  signal?: AbortSignal,
): Promise<LatLng | null> {
  return firstHit(
    await fetch(searchUrl(geocoderUrl, address), { signal, headers: { Accept: 'application/json' } }),
  );
}

interface ReverseAnswer {
  address?: {
    road?: string;
    house_number?: string;
    city?: string;
    town?: string;
    village?: string;
    postcode?: string;
  };
}

/** The address at a point (road → street, city/town/village → town, postcode → zip), or null. */
export async function reverseGeocode(
  geocoderUrl: string,
  point: LatLng,
  signal?: AbortSignal,
): Promise<AddressParts | null> {
  const res = await fetch(reverseUrl(geocoderUrl, point), {
    signal,
    headers: { Accept: 'application/json' },
  });
  if (!res.ok) throw new Error(`geocoder answered ${res.status}`);
  const body = (await res.json()) as ReverseAnswer;
  const a = body.address;
  if (!a) return null;
  return {
    street: a.road ?? '',
    house_number: a.house_number ?? '',
    town: a.city ?? a.town ?? a.village ?? '',
    zip: a.postcode ?? '',
  };
}
