import {
  ADDRESS_PARTS,
  isValidAddressPart,
  joinAddress,
  splitAddress,
  type AddressPart,
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

export { ADDRESS_PARTS, splitAddress };
