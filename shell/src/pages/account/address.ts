import {
  ADDRESS_PARTS,
  formatLocation,
  joinAddress,
  splitAddress,
  type AddressParts,
  type LatLng,
} from '@agora/contracts';
import type { AddressValue } from '@agora/platform';

/** The spec's address text (street+number+town+zip); empty when no part is filled. */
export function addressText(address: AddressParts): string {
  return ADDRESS_PARTS.some((p) => address[p].trim() !== '') ? joinAddress(address) : '';
}

/** The spec's location text 'lat;lon' (6 decimals, about 10 cm); empty without a point. */
export function locationText(location: LatLng | null): string {
  if (!location) return '';
  return formatLocation({ lat: round(location.lat), lng: round(location.lng) });
}

function round(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}

/** The address picker's value from the stored text and point (`GET /api/profile` gives `{lat, lon}`). */
export function addressValue(
  address: string | null | undefined,
  location: { lat: number; lon: number } | null | undefined,
): AddressValue {
  return {
    address: splitAddress(address),
    location: location ? { lat: location.lat, lng: location.lon } : null,
  };
}
