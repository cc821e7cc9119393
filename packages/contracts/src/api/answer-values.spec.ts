import { shapesProblem, valueSchema } from './answer-values.js';

const parse = (kind: string, value: string, options = {}, location?: string) =>
  valueSchema(kind, options).parse({ value, ...(location !== undefined ? { location } : {}) });

describe('valueSchema', () => {
  it('trims the text; a blank one is no value, whatever the kind', () => {
    expect(parse('radio', ' a ', { choices: [{ id: 'a', label: 'A' }] })).toEqual({
      ok: true,
      value: { empty: false, text: 'a' },
    });
    expect(parse('number', '  ')).toEqual({ ok: true, value: { empty: true } });
    expect(parse('nonsense', '')).toEqual({ ok: true, value: { empty: true } });
    expect(parse('nonsense', 'x')).toEqual({ ok: false, problem: { rule: 'kind' } });
  });

  it('refuses an empty entry and a duplicate before unknown ids; library ids are read in lower case', () => {
    const choices = [{ id: 'a', label: 'A' }];
    expect(parse('checkbox', 'a;;zz', { choices })).toEqual({ ok: false, problem: { rule: 'entry' } });
    expect(parse('checkbox', 'zz; zz', { choices })).toEqual({ ok: false, problem: { rule: 'duplicate' } });
    const item = '0a1b2c3d-0000-4000-8000-00000000000a';
    expect(parse('library', item.toUpperCase(), { items: [item] })).toEqual({
      ok: true,
      value: { empty: false, list: [item] },
    });
    expect(parse('library', 'x', { items: [] })).toEqual({ ok: false, problem: { rule: 'choice' } });
  });

  it('takes days from year 1 on, bounds of numbers and lengths in code points', () => {
    expect(parse('date', '0000-01-01')).toEqual({ ok: false, problem: { rule: 'date' } });
    expect(parse('date', '2026-05-01', { minDate: '2026-05-02' })).toEqual({
      ok: false,
      problem: { rule: 'minDate', n: '2026-05-02' },
    });
    expect(parse('number', '10.5', { maxLength: 10 })).toEqual({
      ok: false,
      problem: { rule: 'range', max: 10 },
    });
    expect(parse('number', '1e3')).toEqual({ ok: false, problem: { rule: 'decimal' } });
    expect(parse('string', '😀😀', { maxLength: 2 }).ok).toBe(true);
    expect(parse('string', 'x'.repeat(1_001))).toEqual({
      ok: false,
      problem: { rule: 'maxLength', n: 1_000 },
    });
  });

  it('names the address part that is missing or wrong, then the location', () => {
    expect(parse('resource', 'Ermou++Athens+105 63')).toEqual({
      ok: false,
      problem: { rule: 'address', part: 'house_number', missing: true },
    });
    expect(parse('resource', 'Ermou+12+Athens+105 63+x')).toEqual({
      ok: false,
      problem: { rule: 'address', part: 'zip', missing: false },
    });
    expect(parse('resource', 'Ermou+12+Athens+105 63', {}, '37.9;23.7')).toEqual({
      ok: true,
      value: { empty: false, text: 'Ermou+12+Athens+105 63', location: { lat: 37.9, lon: 23.7 } },
    });
    expect(parse('resource', 'Ermou+12+Athens+105 63', {}, '51.5;0')).toEqual({
      ok: false,
      problem: { rule: 'location' },
    });
  });

  it('takes a file kind by its file alone', () => {
    expect(valueSchema('photo', {}).parse({ value: 'a.png' })).toEqual({ ok: true, value: { empty: true } });
    expect(valueSchema('document', {}).parse({ file: true })).toEqual({
      ok: true,
      value: { empty: false, file: true },
    });
  });
});

describe('shapesProblem', () => {
  const point = (x: number, y: number, z?: number) => ({
    type: 'Point' as const,
    coordinates: z === undefined ? [x, y] : [x, y, z],
  });
  const choices = { geometricChoices: [{ id: 'tree', label: 'Tree' }], numberOfGeometries: 2 };

  it('judges types, then the count, then the choices, then the ranges; a height does not count', () => {
    const line = {
      type: 'LineString' as const,
      coordinates: [
        [23.7, 37.9],
        [23.8, 38],
      ],
    };
    expect(shapesProblem('geom_point', choices, [{ geometry: line, choice: 'tree' }])).toEqual({
      rule: 'shapeType',
      index: 0,
    });
    const three = [1, 2, 3].map(() => ({ geometry: point(23.7, 37.9), choice: 'x' }));
    expect(shapesProblem('geom_point', choices, three)).toEqual({ rule: 'tooMany', n: 2 });
    expect(
      shapesProblem('geom_point', choices, [
        { geometry: point(0, 0), choice: 'tree' },
        { geometry: point(23.7, 37.9), choice: 0 },
      ]),
    ).toEqual({ rule: 'shapeChoice', index: 1 });
    expect(shapesProblem('geom_point', choices, [{ geometry: point(0, 0), choice: 'tree' }])).toEqual({
      rule: 'shapeRange',
      index: 0,
    });
    expect(
      shapesProblem('geom_point', choices, [
        { geometry: point(23.71234567, 37.91234567, 900), choice: 'tree' },
      ]),
    ).toBeNull();
  });
});
