import { AppError } from '@agora/common';
import type { GeoJsonGeometry, SessionUser } from '@agora/contracts';
import {
  accessOf,
  answerGeomType,
  drawnGeometry,
  fileLimit,
  isTranslation,
  latLon,
  typedValue,
  writerRole,
} from './answer.rules.js';

const ring = (x: number, y: number, d: number) => [
  [x - d, y - d],
  [x + d, y - d],
  [x + d, y + d],
  [x - d, y + d],
  [x - d, y - d],
];
const poly = (x: number, y: number, d: number): GeoJsonGeometry => ({
  type: 'Polygon',
  coordinates: [ring(x, y, d)],
});

/** The code, field and rule of what `run` throws. */
function refusal(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { status: error.status, code: error.code, field: error.failure?.field, rule: error.failure?.rule };
  }
  throw new Error('not refused');
}

describe('answer rules', () => {
  it('tells a translation from a reshape', () => {
    expect(isTranslation(poly(23.7, 37.9, 0.01), poly(23.71, 37.92, 0.01))).toBe(true);
    expect(isTranslation(poly(23.7, 37.9, 0.01), poly(23.7, 37.9, 0.02))).toBe(false);
    expect(
      isTranslation({ type: 'Point', coordinates: [23.7, 37.9] }, { type: 'Point', coordinates: [23.8, 38] }),
    ).toBe(true);
    expect(isTranslation(poly(23.7, 37.9, 0.01), { type: 'Point', coordinates: [23.7, 37.9] })).toBe(false);
    const holed: GeoJsonGeometry = {
      type: 'Polygon',
      coordinates: [ring(23.7, 37.9, 0.02), ring(23.7, 37.9, 0.01)],
    };
    expect(isTranslation(holed, poly(23.7, 37.9, 0.01))).toBe(false);
  });

  it("takes the attribute's geometry type, else its topic's", () => {
    const none = { has_geometry: false, geom_type: null };
    expect(
      answerGeomType({ has_geometry: true, geom_type: 'line' }, { has_geometry: true, geom_type: 'point' }),
    ).toBe('line');
    expect(answerGeomType(none, { has_geometry: true, geom_type: 'polygon' })).toBe('polygon');
    expect(answerGeomType(none, none)).toBeNull();
  });

  it('accepts a drawn geometry of the type only, within the ranges', () => {
    expect(drawnGeometry({ type: 'Point', coordinates: [23.7, 37.9, 12] }, 'point')).toEqual({
      type: 'Point',
      coordinates: [23.7, 37.9],
    });
    expect(
      refusal(() => drawnGeometry({ type: 'MultiPoint', coordinates: [[23.7, 37.9]] }, 'point')),
    ).toMatchObject({
      status: 400,
      code: 'CONSULTATION.GEOMETRY_TYPE',
    });
    expect(
      refusal(() => drawnGeometry({ type: 'Point', coordinates: [2.35, 48.85] }, 'point')),
    ).toMatchObject({
      code: 'CONSULTATION.GEOMETRY',
      rule: 'coordinates',
    });
  });

  it('reads staff, enrolled experts and normal users; writers must be enrolled', () => {
    const category = '00000000-0000-4000-8000-0000000000c1';
    const user = (role: SessionUser['role'], enrolled?: 'expert' | 'normal'): SessionUser => ({
      uuid: '00000000-0000-4000-8000-000000000001',
      username: 'u',
      firstname: 'f',
      lastname: 'l',
      email: 'u@example.org',
      role,
      ...(enrolled ? { enrolments: [{ category, role: enrolled }] } : {}),
    });
    expect(accessOf(user('authorized', 'normal'), category)).toBe('normal');
    expect(accessOf(user('authorized', 'expert'), category.toUpperCase())).toBe('expert');
    expect(accessOf(user('reviewer'), category)).toBe('staff');
    expect(accessOf(user('admin', 'normal'), category)).toBe('staff');
    expect(accessOf(user('authorized'), category)).toBeNull();
    expect(accessOf(null, category)).toBeNull();
    expect(writerRole(user('admin'), category)).toBeNull();
    expect(writerRole(user('admin', 'normal'), category)).toBe('normal');
  });

  it('reads lat;lon within Greece', () => {
    expect(latLon('l', ' 37.9 ; 23.7 ')).toEqual({ lat: 37.9, lon: 23.7 });
    expect(refusal(() => latLon('l', '23.7;37.9'))).toMatchObject({ field: 'l', rule: 'pattern' });
    expect(refusal(() => latLon('l', 'x'))).toMatchObject({ rule: 'pattern' });
  });

  it('limits a file to min(maxSize MB, max_bytes)', () => {
    expect(fileLimit({ maxSize: 2 }, 10 * 1024 * 1024)).toBe(2 * 1024 * 1024);
    expect(fileLimit({ maxSize: 20 }, 1000)).toBe(1000);
    expect(fileLimit({}, 1000)).toBe(1000);
    expect(fileLimit({ maxSize: 0 }, 1000)).toBe(1000);
  });

  it('reads each value kind into its column', () => {
    const choices = [
      { id: 'a', label: 'α' },
      { id: 'b', label: 'β' },
    ];
    expect(typedValue(0, 'checkbox', { value: 'a; b' }, { choices }, false)).toEqual({
      kind: 'checkbox',
      list_value: ['a', 'b'],
      empty: false,
    });
    expect(typedValue(0, 'radio', { value: 'b' }, { choices }, false)).toEqual({
      kind: 'radio',
      text_value: 'b',
      empty: false,
    });
    // the label is not the value: an answer names the choice by its id
    expect(refusal(() => typedValue(0, 'radio', { value: 'β' }, { choices }, false))).toMatchObject({
      field: 'values[0][value]',
      rule: 'choice',
    });
    expect(refusal(() => typedValue(0, 'checkbox', { value: 'a;α' }, { choices }, false))).toMatchObject({
      rule: 'choice',
    });
    expect(typedValue(0, 'number', { value: '-0.25' }, {}, false)).toMatchObject({ number_value: '-0.25' });
    expect(typedValue(0, 'text', { value: '   ' }, { required: true }, false)).toEqual({
      kind: 'text',
      empty: true,
    });
    expect(typedValue(3, 'photo', {}, {}, true)).toEqual({ kind: 'photo', file: 3, empty: false });
    expect(typedValue(3, 'photo', { value: 'x.jpg' }, {}, false)).toEqual({ kind: 'photo', empty: true });
    expect(refusal(() => typedValue(2, 'number', { value: 'NaN' }, {}, false))).toMatchObject({
      field: 'values[2][value]',
      rule: 'type',
    });
    expect(refusal(() => typedValue(1, 'geom_line', { value: '[' }, {}, false))).toMatchObject({
      status: 400,
      code: 'CONSULTATION.GEOMETRY',
    });
  });
});
