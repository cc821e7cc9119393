import {
  checkValue,
  draftOf,
  isChanged,
  isEmptyDraft,
  isLocationText,
  maxFileBytes,
  refusedKind,
  wireOf,
  type OutgoingValue,
} from './values';

const MB = 1024 * 1024;

describe('answer values', () => {
  it('turns stored values into drafts and back into their wire texts', () => {
    const stored = (value: string, extra = {}) => ({
      variable_type: 'checkbox' as const,
      value,
      label: null,
      location: null,
      file: null,
      ...extra,
    });
    expect(draftOf('checkbox', stored('a;b'))).toEqual(['a', 'b']);
    expect(wireOf('checkbox', ['a', 'b'])).toEqual({ value: 'a;b' });
    expect(draftOf('library', stored(''))).toEqual([]);
    const address = draftOf('resource', stored('Ermou+12+Athens+105 63', { location: '37.9;23.7' }));
    expect(address).toEqual({
      address: { street: 'Ermou', house_number: '12', town: 'Athens', zip: '105 63' },
      location: '37.9;23.7',
    });
    expect(wireOf('resource', address)).toEqual({ value: 'Ermou+12+Athens+105 63', location: '37.9;23.7' });
    expect(wireOf('number', ' 7.5 ')).toEqual({ value: '7.5' });
  });

  it('knows an empty draft and a changed one (a file kind changes only with a new file)', () => {
    const photo = draftOf('photo', undefined);
    expect(isEmptyDraft('photo', photo)).toBe(true);
    const chosen = { ...(photo as object), file: new File(['x'], 'a.png', { type: 'image/png' }) };
    expect(isChanged('photo', chosen as never, photo)).toBe(true);
    expect(isChanged('text', 'same', 'same')).toBe(false);
    // a location without an address is no address
    expect(
      isEmptyDraft('resource', {
        address: { street: '', house_number: '', town: '', zip: '' },
        location: '38;23',
      }),
    ).toBe(true);
  });

  it('limits files by the kind maxSize and the project limit, whichever is smaller', () => {
    expect(maxFileBytes({ maxSize: 2 }, 10 * MB)).toBe(2 * MB);
    expect(maxFileBytes({ maxSize: 20 }, 10 * MB)).toBe(10 * MB);
    expect(maxFileBytes({}, 0)).toBe(Infinity);
  });

  it('reads a location as the server does: lat;lon within Greece', () => {
    expect(isLocationText('37.97;23.72')).toBe(true);
    expect(isLocationText(' 37.97 ; 23.72 ')).toBe(true);
    expect(isLocationText('10;10')).toBe(false);
    expect(isLocationText('37.97,23.72')).toBe(false);
  });

  it('uses the server default maxima of texts and its number format', () => {
    expect(checkValue('string', {}, 'x'.repeat(1001), 0)).toEqual({
      id: 'platform.validation.max',
      values: { n: 1000 },
    });
    expect(checkValue('text', {}, 'x'.repeat(1001), 0)).toBeNull();
    expect(checkValue('number', {}, '1.12345678901', 0)).toEqual({ id: 'platform.validation.type' });
    expect(checkValue('number', { minLength: 3 }, '2', 0)).toEqual({
      id: 'consultation.answers.rule.atLeast',
      values: { min: 3 },
    });
    expect(checkValue('date', {}, '2026-02-30', 0)).toEqual({ id: 'platform.validation.rule.date' });
    expect(checkValue('library', { items: ['a'] }, ['b'], 0)).toEqual({ id: 'platform.validation.choice' });
  });

  it('finds the kind a refused field names', () => {
    const sent: OutgoingValue[] = [
      { kind: 'string', value: 'x' },
      { kind: 'resource', value: 'a+1+b+123 45', location: '1;2' },
      { kind: 'photo', value: 'a.png' },
    ];
    expect(refusedKind('values[0][value]', sent)).toEqual({ kind: 'string' });
    expect(refusedKind('values[1][location]', sent)).toEqual({ kind: 'resource', part: 'location' });
    expect(refusedKind('resource_2', sent)).toEqual({ kind: 'photo', part: 'file' });
    expect(refusedKind('values[5][value]', sent)).toBeNull();
    expect(refusedKind('values', sent)).toBeNull();
  });
});
