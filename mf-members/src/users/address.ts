import {
  ADDRESS_PARTS,
  formatLocation,
  isValidAddressPart,
  joinAddress,
  splitAddress,
  type AddressPart,
  type LatLng,
} from '@agora/contracts';

/** The address as stored ('street+number+town+zip') shown as one line. */
export function addressText(address: string | null): string {
  if (!address) return '';
  const a = splitAddress(address);
  return [`${a.street} ${a.house_number}`.trim(), `${a.zip} ${a.town}`.trim()].filter(Boolean).join(', ');
}

/** The four address parts of the form, joined back; all empty → null (no address). */
export function addressOf(values: Readonly<Record<string, unknown>>): string | null {
  const parts = { street: '', house_number: '', town: '', zip: '' };
  for (const p of ADDRESS_PARTS) parts[p] = String(values[p] ?? '').trim();
  return ADDRESS_PARTS.every((p) => parts[p] === '') ? null : joinAddress(parts);
}

/** A filled part that does not match its pattern. */
export function badAddressPart(part: AddressPart, value: unknown): boolean {
  const text = String(value ?? '').trim();
  return text !== '' && !isValidAddressPart(part, text);
}

/** The spec's location text 'lat;lon' (6 decimals, about 10 cm); empty without a point. */
export function locationText(location: LatLng | null): string {
  if (!location) return '';
  const round = (n: number) => Math.round(n * 1e6) / 1e6;
  return formatLocation({ lat: round(location.lat), lng: round(location.lng) });
}

export { ADDRESS_PARTS, splitAddress };
