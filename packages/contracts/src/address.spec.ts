import {
  formatLocation,
  invalidAddressParts,
  isAddressComplete,
  isValidAddressPart,
  joinAddress,
  parseLocation,
  splitAddress,
} from './address.js';
import { checkField } from './validation.js';
import { ADDRESS_PATTERN_SOURCES } from './address.js';

describe('address parts', () => {
  it('accepts Latin or Greek letters, dots and spaces in street and town', () => {
    for (const ok of ['Ermou', 'Λεωφ. Κηφισίας', 'Αγίας Σοφίας', 'Άνω Πόλη', 'Ψυχικό', 'St. Paul']) {
      expect([ok, isValidAddressPart('street', ok)]).toEqual([ok, true]);
      expect([ok, isValidAddressPart('town', ok)]).toEqual([ok, true]);
    }
    for (const bad of ['Ermou 12', 'Οδός-Α', 'Ermou,', '25ης Μαρτίου', 'Привет', '·']) {
      expect([bad, isValidAddressPart('street', bad)]).toEqual([bad, false]);
    }
  });

  it('accepts digits and one optional letter (Greek Α-Δ, Latin A-F) as a house number', () => {
    for (const ok of ['1', '12', '12Α', '12δ', '7F', '7b'])
      expect(isValidAddressPart('house_number', ok)).toBe(true);
    for (const bad of ['', 'Α', '12Ε', '12G', '12AB', '12 A', '-3']) {
      expect([bad, isValidAddressPart('house_number', bad)]).toEqual([bad, false]);
    }
  });

  it('accepts 3 digits, an optional space and 2 digits as a zip', () => {
    for (const ok of ['10563', '105 63']) expect(isValidAddressPart('zip', ok)).toBe(true);
    for (const bad of ['1056', '105  63', '105-63', '1056a', '105633'])
      expect(isValidAddressPart('zip', bad)).toBe(false);
  });

  it('gives the same answers through the validation engine (server rules)', () => {
    expect(checkField({ validation: ADDRESS_PATTERN_SOURCES.street }, 'Λεωφ. Κηφισίας')).toBeNull();
    expect(checkField({ validation: ADDRESS_PATTERN_SOURCES.street }, 'Ermou 12')?.rule).toBe('pattern');
    expect(checkField({ validation: ADDRESS_PATTERN_SOURCES.zip }, '105 63')).toBeNull();
  });

  it('names the filled parts that are invalid, and knows when all four are filled', () => {
    const address = { street: 'Ermou', house_number: '12Z', town: '', zip: '105 63' };
    expect(invalidAddressParts(address)).toEqual(['house_number']);
    expect(isAddressComplete(address)).toBe(false);
    expect(isAddressComplete({ ...address, town: 'Αθήνα' })).toBe(true);
  });

  it("joins with '+' and splits back", () => {
    const address = { street: 'Ερμού', house_number: '12Α', town: 'Αθήνα', zip: '105 63' };
    expect(joinAddress(address)).toBe('Ερμού+12Α+Αθήνα+105 63');
    expect(splitAddress('Ερμού+12Α+Αθήνα+105 63')).toEqual(address);
    expect(splitAddress(null)).toEqual({ street: '', house_number: '', town: '', zip: '' });
    expect(splitAddress('Ερμού')).toEqual({ street: 'Ερμού', house_number: '', town: '', zip: '' });
  });

  it("formats and parses locations as 'lat;lon'", () => {
    expect(formatLocation({ lat: 37.9838, lng: 23.7275 })).toBe('37.9838;23.7275');
    expect(parseLocation('37.9838;23.7275')).toEqual({ lat: 37.9838, lng: 23.7275 });
    for (const bad of [null, '', '37.9;', ';23', '37.9,23.7', 'a;b', '91;0', '0;181', '1;2;3']) {
      expect([bad, parseLocation(bad)]).toEqual([bad, null]);
    }
  });
});
