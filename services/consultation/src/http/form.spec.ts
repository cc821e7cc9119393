import { AppError } from '@agora/common';
import { boolean, integer, isLink, json, readForm, readSortOrder, rowList, text, token } from './form.js';

function failure(fn: () => unknown): [number, string] {
  try {
    fn();
  } catch (e) {
    if (e instanceof AppError) return [e.status, e.message];
    throw e;
  }
  throw new Error('accepted');
}

const T1 = '0b0c6a3e-3f59-4a4e-8d7e-1d7a1c0f0a01';
const T2 = '6a1e4f20-9c1b-4d6e-8a0f-2b3c4d5e6f70';

describe('form fields', () => {
  const readers = { title: text, active: boolean, zoom: integer(0, 22) };

  it('answers only the fields sent, read from JSON or from their text in a form', () => {
    expect(readForm({ title: ' Τίτλος ', active: false }, readers)).toEqual({
      title: 'Τίτλος',
      active: false,
    });
    expect(readForm({ active: 'true', zoom: '15', _method: 'put' }, readers)).toEqual({
      active: true,
      zoom: 15,
    });
    expect(readForm({ token: T1, zoom: 0 }, readers, ['token'])).toEqual({ zoom: 0 });
  });

  it.each([
    [null, 'the body must be a JSON object or a form'],
    [[], 'the body must be a JSON object or a form'],
    [{ colour: 'red' }, 'colour: unknown field'],
    [{ _method: 'DELETE' }, '_method: only PUT'],
    [{ title: 5 }, 'title: a text'],
    [{ active: 'yes' }, 'active: true or false'],
    [{ zoom: '23' }, 'zoom: a whole number from 0 to 22'],
    [{ zoom: 1.5 }, 'zoom: a whole number from 0 to 22'],
    [{ zoom: '1e1' }, 'zoom: a whole number from 0 to 22'],
  ])('refuses %p with 400 %p', (body, message) => {
    expect(failure(() => readForm(body, readers))).toEqual([400, message]);
  });

  it('reads tokens lower-cased', () => {
    expect(token(T1.toUpperCase(), 'category')).toBe(T1);
    expect(failure(() => token('urban-mobility', 'category'))).toEqual([400, 'category: a token']);
  });

  it('parses JSON text strictly and takes JSON values as they are', () => {
    const center = json((v) => v);
    expect(center('{"lat":40.1,"lng":22.9}', 'center')).toEqual({ lat: 40.1, lng: 22.9 });
    expect(center({ lat: 1, lng: 2 }, 'center')).toEqual({ lat: 1, lng: 2 });
    expect(failure(() => center("{lat: 40.1, 'lng': 22.9}", 'center'))).toEqual([
      400,
      'center: invalid JSON',
    ]);
  });

  it('checks every row of a list: exact fields, each required, within size and checked', () => {
    const rows = rowList(
      { title: { maxSize: 5 }, file: { maxSize: 100, check: isLink, message: 'a link' } },
      2,
    );
    expect(rows([{ title: ' Νόμος', file: '/api/x.pdf ' }], 'legislation')).toEqual([
      { title: 'Νόμος', file: '/api/x.pdf' },
    ]);
    expect(rows(null, 'legislation')).toEqual([]);
    expect(failure(() => rows({}, 'legislation'))).toEqual([400, 'legislation: a list']);
    expect(failure(() => rows([{ title: 'a' }], 'legislation'))).toEqual([
      400,
      'legislation[0].file: This value is required.',
    ]);
    expect(failure(() => rows([{ title: 'a', file: 'ftp://x' }], 'legislation'))).toEqual([
      400,
      'legislation[0].file: a link',
    ]);
    expect(failure(() => rows([{ title: 'toolong', file: '/x' }], 'legislation'))).toEqual([
      400,
      'legislation[0].title: Maximum size is 5.',
    ]);
    expect(failure(() => rows([{ title: 'a', file: '/x', size: 1 }], 'legislation'))).toEqual([
      400,
      'legislation[0].size: unknown field',
    ]);
    expect(failure(() => rows([1, 2, 3], 'legislation'))).toEqual([400, 'legislation: at most 2 entries']);
  });
});

describe('sort order maps', () => {
  it('reads token → position from JSON numbers or form text', () => {
    expect([...readSortOrder({ [T1]: 2, [T2.toUpperCase()]: '1' })]).toEqual([
      [T1, 2],
      [T2, 1],
    ]);
  });

  it.each([
    [{}, 'sort_order: This value is required.'],
    [{ 'not-a-token': 1 }, 'token: a token'],
    [{ [T1]: 0 }, `${T1}: a whole number from 1 to 100000`],
    [{ [T1]: 'first' }, `${T1}: a whole number from 1 to 100000`],
    [{ [T1]: 1, [T2]: 1 }, `${T2}: position 1 is taken by another item`],
    [{ [T1]: 1, [T1.toUpperCase()]: 2 }, `${T1.toUpperCase()}: named twice`],
  ])('refuses %p with 400 %p', (body, message) => {
    expect(failure(() => readSortOrder(body))).toEqual([400, message]);
  });
});
