/**
 * The address answer of the spec (part 1 §3 and §5, part 2 §3 and §5): street, house number, town and zip,
 * stored as one text joined by '+', and a location stored as 'lat;lon'.
 */

export interface AddressParts {
  street: string;
  house_number: string;
  town: string;
  zip: string;
}

export type AddressPart = keyof AddressParts;

export const ADDRESS_PARTS: readonly AddressPart[] = ['street', 'house_number', 'town', 'zip'];

/**
 * The patterns of each part as sources for a full match with the `u` flag (also usable as a server rule's
 * `validation`): street and town are Latin or Greek letters (accented Greek and final sigma included), dots and
 * spaces; the house number is digits and optionally one letter, Greek Α-Δ or Latin A-F (either case); the zip is
 * 3 digits, an optional space and 2 digits.
 */
export const ADDRESS_PATTERN_SOURCES: Readonly<Record<AddressPart, string>> = {
  street: '(?:[A-Za-z. ]|(?=\\p{Script=Greek})\\p{L})+',
  town: '(?:[A-Za-z. ]|(?=\\p{Script=Greek})\\p{L})+',
  house_number: '[0-9]+[ΑΒΓΔαβγδA-Fa-f]?',
  zip: '[0-9]{3} ?[0-9]{2}',
};

/**
 * The whole stored address text ('street+number+town+zip', see `joinAddress`) as one pattern source, built from
 * the part patterns above: the server's `address` rule, so that the server accepts exactly what the form does.
 */
export const ADDRESS_TEXT_PATTERN_SOURCE: string = ADDRESS_PARTS.map(
  (part) => `(?:${ADDRESS_PATTERN_SOURCES[part]})`,
).join('\\+');

export const ADDRESS_PATTERNS: Readonly<Record<AddressPart, RegExp>> = {
  street: new RegExp(`^(?:${ADDRESS_PATTERN_SOURCES.street})$`, 'u'),
  town: new RegExp(`^(?:${ADDRESS_PATTERN_SOURCES.town})$`, 'u'),
  house_number: new RegExp(`^(?:${ADDRESS_PATTERN_SOURCES.house_number})$`, 'u'),
  zip: new RegExp(`^(?:${ADDRESS_PATTERN_SOURCES.zip})$`, 'u'),
};

export function isValidAddressPart(part: AddressPart, value: string): boolean {
  return ADDRESS_PATTERNS[part].test(value);
}

/** The parts that are filled but do not match their pattern (empty parts are not judged here). */
export function invalidAddressParts(address: AddressParts): AddressPart[] {
  return ADDRESS_PARTS.filter((p) => address[p].trim() !== '' && !isValidAddressPart(p, address[p].trim()));
}

/** All four parts are filled (the spec geocodes only then). */
export function isAddressComplete(address: AddressParts): boolean {
  return ADDRESS_PARTS.every((p) => address[p].trim() !== '');
}

export const EMPTY_ADDRESS: AddressParts = { street: '', house_number: '', town: '', zip: '' };

/** 'Ermou+12+Athens+105 63' */
export function joinAddress(address: AddressParts): string {
  return ADDRESS_PARTS.map((p) => address[p].trim().replace(/\+/g, ' ')).join('+');
}

/** The inverse of `joinAddress`; missing parts are empty, an empty or null text is the empty address. */
export function splitAddress(text: string | null | undefined): AddressParts {
  if (!text) return { ...EMPTY_ADDRESS };
  const [street = '', house_number = '', town = '', zip = ''] = text.split('+');
  return { street, house_number, town, zip };
}

/** A point in EPSG:4326. */
export interface LatLng {
  lat: number;
  lng: number;
}

/** 'lat;lon', e.g. '37.9838;23.7275' */
export function formatLocation(location: LatLng): string {
  return `${location.lat};${location.lng}`;
}

/** The inverse of `formatLocation`; null for anything that is not two finite numbers in range. */
export function parseLocation(text: string | null | undefined): LatLng | null {
  if (!text) return null;
  const parts = text.split(';');
  if (parts.length !== 2) return null;
  const [latText = '', lngText = ''] = parts;
  if (latText.trim() === '' || lngText.trim() === '') return null;
  const lat = Number(latText);
  const lng = Number(lngText);
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  if (lat < -90 || lat > 90 || lng < -180 || lng > 180) return null;
  return { lat, lng };
}
