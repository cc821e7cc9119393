import { ownEntry } from './own.js';

describe('ownEntry', () => {
  const table: Readonly<Record<string, number>> = { users: 1, settings: 2 };

  it('answers own entries', () => {
    expect(ownEntry(table, 'users')).toBe(1);
    expect(ownEntry(table, 'nothing')).toBeUndefined();
  });

  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf'])(
    'answers undefined for the inherited name %s',
    (key) => {
      expect(ownEntry(table, key)).toBeUndefined();
    },
  );
});
