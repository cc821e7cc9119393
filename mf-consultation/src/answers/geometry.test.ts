import type { GeoJsonGeometry, VariableOptions } from '@agora/contracts';
import {
  addShape,
  assignChoice,
  checkGeometry,
  geometryText,
  isFull,
  pointAt,
  removeShape,
  replaceShape,
  shapesOf,
  styleOfChoice,
  type GeometryDraft,
} from './geometry';
import { checkValue, draftOf, isChanged, isEmptyDraft, wireOf } from './values';

const P1: GeoJsonGeometry = { type: 'Point', coordinates: [23.73, 37.97] };
const P2: GeoJsonGeometry = { type: 'Point', coordinates: [22.94, 40.64] };
const LINE: GeoJsonGeometry = {
  type: 'LineString',
  coordinates: [
    [23.7, 37.9],
    [23.8, 38],
  ],
};
const CHOICES: NonNullable<VariableOptions['geometricChoices']> = [
  { id: 'bench', label: 'Bench', color: '#00ff00', transparency: 0.4 },
  { id: 'tree', label: 'Tree', marker: '/tree.png' },
];

describe('geometric values', () => {
  it('writes the shapes as a FeatureCollection with each choice, and reads it back', () => {
    const draft: GeometryDraft = {
      shapes: [
        { geometry: P1, choice: 'tree' },
        { geometry: LINE, choice: null },
      ],
    };
    const text = geometryText(draft);
    expect(JSON.parse(text)).toEqual({
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', geometry: P1, properties: { choice: 'tree' } },
        { type: 'Feature', geometry: LINE, properties: {} },
      ],
    });
    expect(shapesOf(text)).toEqual(draft);
    expect(geometryText({ shapes: [] })).toBe('');
    expect(shapesOf('')).toEqual({ shapes: [] });
    expect(shapesOf('not json')).toEqual({ shapes: [] });
  });

  it('goes through the form values: draft, wire text, emptiness and changes', () => {
    const text = geometryText({ shapes: [{ geometry: P1, choice: 'bench' }] });
    const draft = draftOf('geom_point', {
      variable_type: 'geom_point',
      value: text,
      label: null,
      location: null,
      file: null,
    });
    expect(wireOf('geom_point', draft)).toEqual({ value: text });
    expect(isEmptyDraft('geom_point', draftOf('geom_point', undefined))).toBe(true);
    expect(isChanged('geom_point', draft, draftOf('geom_point', undefined))).toBe(true);
    expect(isChanged('geom_point', draft, shapesOf(text))).toBe(false);
  });

  it('adds shapes up to numberOfGeometries (one when unset), removes and replaces them', () => {
    const options: VariableOptions = { numberOfGeometries: 2 };
    let draft = addShape('geom_point', options, { shapes: [] }, P1);
    expect(isFull(options, draft)).toBe(false);
    draft = addShape('geom_point', options, draft, P2);
    expect(isFull(options, draft)).toBe(true);
    expect(addShape('geom_point', options, draft, P1)).toBe(draft);
    expect(isFull({}, { shapes: [{ geometry: P1, choice: null }] })).toBe(true);
    expect(removeShape(draft, 0).shapes.map((s) => s.geometry)).toEqual([P2]);
    expect(replaceShape(draft, 1, P1).shapes.map((s) => s.geometry)).toEqual([P1, P1]);
    expect(pointAt({ lat: 37.97, lng: 23.73 })).toEqual(P1);
  });

  it('assigns one choice to every shape of a geom_radio and one per shape of the others', () => {
    const options: VariableOptions = { numberOfGeometries: 3, geometricChoices: CHOICES };
    let radio = addShape('geom_radio', options, { shapes: [] }, P1);
    radio = addShape('geom_radio', options, radio, LINE);
    radio = assignChoice('geom_radio', radio, null, 'tree');
    expect(radio.shapes.map((s) => s.choice)).toEqual(['tree', 'tree']);
    // a new shape takes the shared choice
    expect(addShape('geom_radio', options, radio, P2).shapes.map((s) => s.choice)).toEqual([
      'tree',
      'tree',
      'tree',
    ]);
    let select = addShape('geom_select', options, { shapes: [] }, P1);
    select = addShape('geom_select', options, select, P2);
    select = assignChoice('geom_select', select, 1, 'bench');
    expect(select.shapes.map((s) => s.choice)).toEqual([null, 'bench']);
    // a single choice is taken at once
    const one: VariableOptions = { geometricChoices: [{ id: 'only', label: 'Only' }] };
    expect(addShape('geom_point', one, { shapes: [] }, P1).shapes[0]!.choice).toBe('only');
  });

  it("makes the server's checks: required, the most shapes, the types, the ranges, the choices", () => {
    const shape = (geometry: GeoJsonGeometry, choice: string | null = null) => ({ geometry, choice });
    expect(checkGeometry('geom_point', { required: true }, { shapes: [] })).toEqual({
      id: 'platform.validation.required',
    });
    expect(checkGeometry('geom_point', {}, { shapes: [] })).toBeNull();
    expect(
      checkGeometry('geom_point', { numberOfGeometries: 1 }, { shapes: [shape(P1), shape(P2)] }),
    ).toEqual({
      id: 'consultation.answers.geometry.tooMany',
      values: { n: 1 },
    });
    expect(checkGeometry('geom_point', {}, { shapes: [shape(LINE)] })).toEqual({
      id: 'consultation.answers.geometry.type',
    });
    expect(checkGeometry('geom_select', {}, { shapes: [shape(LINE)] })).toBeNull();
    expect(
      checkGeometry('geom_point', {}, { shapes: [shape({ type: 'Point', coordinates: [2.35, 48.85] })] }),
    ).toEqual({ id: 'consultation.answers.geometry.range' });
    const options: VariableOptions = { numberOfGeometries: 2, geometricChoices: CHOICES };
    expect(checkGeometry('geom_select', options, { shapes: [shape(P1, 'bench'), shape(P2)] })).toEqual({
      id: 'consultation.answers.geometry.choiceOf',
      values: { n: 2 },
    });
    expect(checkGeometry('geom_radio', options, { shapes: [shape(P1)] })).toEqual({
      id: 'consultation.answers.geometry.choiceAll',
    });
    // an id that is no choice (any more)
    expect(checkGeometry('geom_select', options, { shapes: [shape(P1, 'gone')] })).toEqual({
      id: 'consultation.answers.geometry.choiceOf',
      values: { n: 1 },
    });
    expect(
      checkGeometry('geom_select', options, { shapes: [shape(P1, 'tree'), shape(P2, 'bench')] }),
    ).toBeNull();
    // the form's checkValue hands geometric drafts to these checks
    expect(checkValue('geom_point', { required: true }, { shapes: [] }, 0)).toEqual({
      id: 'platform.validation.required',
    });
  });

  it("paints a shape by its choice's colour, transparency and marker", () => {
    expect(styleOfChoice(CHOICES[0], '#000')).toEqual({ color: '#00ff00', fillOpacity: 0.6 });
    expect(styleOfChoice(CHOICES[1], '#000')).toEqual({
      color: '#000',
      fillOpacity: 0.25,
      marker: '/tree.png',
    });
    expect(styleOfChoice(undefined, '#123456')).toEqual({ color: '#123456', fillOpacity: 0.25 });
  });
});
