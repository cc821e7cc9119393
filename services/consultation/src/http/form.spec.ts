import { AppError } from '@agora/common';
import { integer, json, readForm, readSortOrder, text, token } from './form.js';

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
  const readers = { title: text, zoom: integer(0, 22) };

  it('answers only the fields sent, read from JSON or from their text in a form', () => {
    expect(readForm({ title: ' Τίτλος ', zoom: 3 }, readers)).toEqual({
      title: 'Τίτλος',
      zoom: 3,
    });
    expect(readForm({ title: null, zoom: '15', _method: 'put' }, readers)).toEqual({
      title: '',
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
