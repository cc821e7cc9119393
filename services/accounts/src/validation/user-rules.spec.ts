import {
  ADDRESS_PARTS,
  checkField,
  invalidAddressParts,
  isAddressComplete,
  joinAddress,
  type AddressParts,
} from '@agora/contracts';
import { USER_RULES } from './user-rules.js';

/** What the browser's address form lets through: all four parts filled, none failing its pattern. */
function formAccepts(address: AddressParts): boolean {
  return isAddressComplete(address) && invalidAddressParts(address).length === 0;
}

function serverAccepts(address: AddressParts): boolean {
  return checkField(USER_RULES.address, joinAddress(address)) === null;
}

const SAMPLES: AddressParts[] = [
  { street: 'Ermou', house_number: '12', town: 'Athens', zip: '105 63' },
  { street: 'Λεωφ. Κηφισίας', house_number: '7Α', town: 'Μαρούσι', zip: '15124' },
  { street: 'Αγίας Σοφίας', house_number: '3δ', town: 'Άνω Πόλη', zip: '546 22' },
  { street: 'St. Paul', house_number: '9f', town: 'Ψυχικό', zip: '154 52' },
  // accented or other Latin letters: the form refuses them, so must the server
  { street: 'Café', house_number: '1', town: 'Athens', zip: '10563' },
  { street: 'Ermou', house_number: '1', town: 'Zürich', zip: '10563' },
  { street: 'Straße', house_number: '1', town: 'Athens', zip: '10563' },
  // other scripts, digits and punctuation in the names
  { street: 'Привет', house_number: '1', town: 'Athens', zip: '10563' },
  { street: '25ης Μαρτίου', house_number: '1', town: 'Athens', zip: '10563' },
  { street: 'Οδός-Α', house_number: '1', town: 'Athens', zip: '10563' },
  { street: 'Ermou,', house_number: '1', town: 'Athens', zip: '10563' },
  // house numbers and zips
  { street: 'Ermou', house_number: '12G', town: 'Athens', zip: '10563' },
  { street: 'Ermou', house_number: '12Ε', town: 'Athens', zip: '10563' },
  { street: 'Ermou', house_number: 'Α', town: 'Athens', zip: '10563' },
  { street: 'Ermou', house_number: '12', town: 'Athens', zip: '1056' },
  { street: 'Ermou', house_number: '12', town: 'Athens', zip: '105  63' },
  { street: 'Ermou', house_number: '12', town: 'Athens', zip: '105-63' },
  // a missing part
  { street: 'Ermou', house_number: '', town: 'Athens', zip: '10563' },
  { street: 'Ermou', house_number: '12', town: 'Athens', zip: '' },
];

describe('users address rule', () => {
  it('accepts exactly the addresses the browser form accepts', () => {
    for (const address of SAMPLES) {
      expect([address, serverAccepts(address)]).toEqual([address, formAccepts(address)]);
    }
    expect(SAMPLES.filter(formAccepts)).toHaveLength(4);
  });

  it('agrees part by part with every character the form judges', () => {
    const base: AddressParts = { street: 'Ermou', house_number: '12', town: 'Athens', zip: '10563' };
    // ('+' is the separator: `joinAddress` never lets it into a part)
    const probes = [...'aZéßάςΩΐж. -7ΑεFg΄;·'];
    for (const part of ADDRESS_PARTS) {
      for (const probe of probes) {
        const address = { ...base, [part]: `${base[part]}${probe}` };
        expect([part, probe, serverAccepts(address)]).toEqual([part, probe, formAccepts(address)]);
      }
    }
  });

  it('refuses text that is not street+number+town+zip', () => {
    for (const text of ['Ermou 12 Athens 10563', 'Ermou+12+Athens', 'Ermou+12+Athens+10563+extra']) {
      expect([text, checkField(USER_RULES.address, text)?.rule]).toEqual([text, 'pattern']);
    }
  });
});
