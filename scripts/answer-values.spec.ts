/**
 * The service and the answer form judge a value by one rule (`valueSchema`, `shapesProblem` in contracts): for
 * every kind, generated options and values (valid ones, bounds, empty and blank texts, texts too long, unknown
 * choice ids, duplicates, values of the wrong type, coordinates with 8 decimals and heights), the service's
 * `typedValue` (with its required check) accepts exactly the drafts the form's `checkValue` lets through.
 * It reads the form's sources (bundler resolution), so tsconfig.web.json type-checks it, not tsconfig.test.json.
 */
import fc from 'fast-check';
import { AppError } from '@agora/common';
import {
  CRS_RANGES,
  type GeoJsonGeometry,
  type GeometryValueType,
  type VariableOptions,
} from '@agora/contracts';
import { typedValue } from '../services/consultation/src/answer/answer.rules.js';
import { checkValue, wireOf, type Draft, type AnswerKind } from '../mf-consultation/src/answers/values';

const PROJECT_MAX_BYTES = 10 * 1024 * 1024;

/**
 * The service's verdict on the text the form sends: `typedValue`, and the one check the service adds to it (a
 * required kind must not be empty). Only a client error is a refusal: anything else fails the test.
 */
function serverAccepts(kind: AnswerKind, options: VariableOptions, draft: Draft): boolean {
  const { value, location, file } = wireOf(kind, draft);
  try {
    const typed = typedValue(
      0,
      kind,
      { value, ...(location !== undefined ? { location } : {}) },
      options,
      !!file,
    );
    return !(typed.empty && options.required);
  } catch (e) {
    if (e instanceof AppError && e.status >= 400 && e.status < 500) return false;
    throw e;
  }
}

const formAccepts = (kind: AnswerKind, options: VariableOptions, draft: Draft) =>
  checkValue(kind, options, draft, PROJECT_MAX_BYTES) === null;

// ---------------------------------------------------------------------------------------------- generators

const required = fc.option(fc.boolean(), { nil: undefined });
const blank = fc.constantFrom('', ' ', '   ', '\t', ' \n ');
/** A text padded with blanks on either side, or not. */
const padded = (text: fc.Arbitrary<string>) =>
  fc
    .tuple(fc.constantFrom('', ' ', '  '), text, fc.constantFrom('', ' ', '\t'))
    .map(([a, t, b]) => a + t + b);

const choiceId = fc.stringMatching(/^[a-z0-9_-]{1,6}$/);
const choices = fc
  .uniqueArray(choiceId, { maxLength: 4 })
  .map((ids) => ids.map((id) => ({ id, label: `L ${id}` })));

/** An id of the choices, an unknown one, a padded one or a blank. */
const pickFrom = (ids: readonly string[]) =>
  fc.oneof(
    ids.length > 0 ? fc.constantFrom(...ids) : choiceId,
    choiceId,
    ids.length > 0 ? padded(fc.constantFrom(...ids)) : blank,
    blank,
  );

const textKind = fc.constantFrom<'string' | 'text'>('string', 'text');
const bound = fc.option(fc.integer({ min: 0, max: 12 }), { nil: undefined });
const text = fc.oneof(
  fc.string({ maxLength: 14 }),
  fc.string({ unit: 'grapheme', maxLength: 14 }),
  padded(fc.string({ maxLength: 10 })),
  blank,
  // about the default maxima: 1 000 code points for a string, 20 000 for a text
  fc.integer({ min: 995, max: 1_005 }).map((n) => 'x'.repeat(n)),
  fc.integer({ min: 19_998, max: 20_002 }).map((n) => 'é'.repeat(n)),
  fc.integer({ min: 0, max: 13 }).map((n) => '😀'.repeat(n)),
);

const numberBound = fc.option(fc.oneof(fc.integer({ min: -100, max: 100 }), fc.constantFrom(-0.5, 2.25)), {
  nil: undefined,
});
const numberText = fc.oneof(
  fc.integer({ min: -150, max: 150 }).map(String),
  fc.double({ min: -200, max: 200, noNaN: true }).map(String),
  fc.double({ noNaN: true }).map(String),
  padded(fc.integer({ min: -150, max: 150 }).map(String)),
  fc.constantFrom('-100', '100', '100.0000000001', '-0', '1e3', '12.', '.5', '+1', '1,5', 'abc', '0x10'),
  fc.constantFrom('1234567890123456', '123456789012345', '1.12345678901', '1.1234567890'),
  blank,
);

const day = fc
  .date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const dateBound = fc.option(fc.constantFrom('2020-01-01', '2026-05-01', '2026-12-31'), { nil: undefined });
const dateText = fc.oneof(
  day,
  padded(day),
  fc.constantFrom('2020-01-01', '2026-05-01', '2026-12-31', '2026-02-29', '2024-02-29', '2026-13-01'),
  fc.constantFrom('0000-01-01', '0001-01-01', '2026-5-1', '01/05/2026', '2026-05-01T00:00', 'soon'),
  blank,
);

const uuid = fc.uuid();
const libraryOptions = fc.record({
  required,
  items: fc.uniqueArray(uuid, { maxLength: 4 }),
  allowMultiple: fc.option(fc.boolean(), { nil: undefined }),
});

/** Mostly a valid part, sometimes one the pattern refuses or a missing one. */
const part = (valid: string[], invalid: string[]) =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...valid), weight: 6 },
    { arbitrary: fc.constantFrom(...invalid, ''), weight: 1 },
  );
const addressPart = {
  street: part(['Ermou', 'Ερμού', 'Ag. Pavlou', ' Ερμού ', 'Ermou+x', 'Ermou'], ['Ermou 3', 'Ermou_x']),
  house_number: part(['12', '12Α', '12a', '12 ', '7'], ['12G', 'x', '1 2']),
  town: part(['Athens', 'Αθήνα', 'Nea Smyrni'], ['Thessaloniki2', 'Ath/ens']),
  zip: part(['105 63', '10563'], ['1056', '105  63', '105-63']),
};
/** A coordinate of one axis with 8 decimals: mostly within the EPSG:4326 range, its bounds, just outside. */
const coordinate = ({ min, max }: { min: number; max: number }) =>
  fc
    .oneof(
      { arbitrary: fc.double({ min, max, noNaN: true }), weight: 6 },
      { arbitrary: fc.constantFrom(min, max, min - 1e-8, max + 1e-8), weight: 2 },
      { arbitrary: fc.double({ min: -180, max: 180, noNaN: true }), weight: 1 },
    )
    .map((n) => Number(n.toFixed(8)));
const location = fc.oneof(
  fc
    .tuple(coordinate(CRS_RANGES['EPSG:4326'].y), coordinate(CRS_RANGES['EPSG:4326'].x))
    .map(([lat, lon]) => `${lat.toFixed(8)};${lon.toFixed(8)}`),
  fc.constantFrom(
    '37.9838;23.7275',
    ' 37.9 ; 23.7 ',
    '41.77;29.97',
    '33.23;18.27',
    '90;180',
    '37.9,23.7',
    'x',
  ),
  fc.constant(''),
);

/** A position, some with a height. */
const position = fc
  .tuple(
    coordinate(CRS_RANGES['EPSG:4326'].x),
    coordinate(CRS_RANGES['EPSG:4326'].y),
    fc.option(fc.double({ min: -100, max: 3000, noNaN: true }), { nil: undefined }),
  )
  .map(([x, y, z]) => (z === undefined ? [x, y] : [x, y, Number(z.toFixed(2))]));
const geometry: fc.Arbitrary<GeoJsonGeometry> = fc.oneof(
  position.map((p) => ({ type: 'Point' as const, coordinates: p })),
  fc
    .array(position, { minLength: 2, maxLength: 4 })
    .map((ps) => ({ type: 'LineString' as const, coordinates: ps })),
  fc
    .array(position, { minLength: 3, maxLength: 4 })
    .map((ps) => ({ type: 'Polygon' as const, coordinates: [[...ps, ps[0]!]] })),
  fc
    .array(position, { minLength: 1, maxLength: 2 })
    .map((ps) => ({ type: 'MultiPoint' as const, coordinates: ps })),
);
const geometryKind = fc.constantFrom<GeometryValueType>(
  'geom_point',
  'geom_line',
  'geom_polygon',
  'geom_radio',
  'geom_select',
);

interface Case {
  kind: AnswerKind;
  options: VariableOptions;
  draft: Draft;
}

const cases: Record<string, fc.Arbitrary<Case>> = {
  'string and text': fc
    .record({ kind: textKind, required, minLength: bound, maxLength: bound, draft: text })
    .map(({ kind, draft, ...o }) => ({ kind, options: defined(o), draft })),
  number: fc
    .record({ required, minLength: numberBound, maxLength: numberBound, draft: numberText })
    .map(({ draft, ...o }) => ({ kind: 'number' as const, options: defined(o), draft })),
  date: fc
    .record({ required, minDate: dateBound, maxDate: dateBound, draft: dateText })
    .map(({ draft, ...o }) => ({ kind: 'date' as const, options: defined(o), draft })),
  radio: fc.record({ required, choices }).chain((o) =>
    pickFrom(o.choices.map((c) => c.id)).map((draft) => ({
      kind: 'radio' as const,
      options: defined(o),
      draft,
    })),
  ),
  checkbox: fc
    .record({ required, choices })
    .chain((o) =>
      fc
        .array(pickFrom(o.choices.map((c) => c.id)), { maxLength: 4 })
        .map((draft) => ({ kind: 'checkbox' as const, options: defined(o), draft })),
    ),
  library: libraryOptions.chain((o) =>
    fc
      .array(
        fc.oneof(
          o.items.length > 0 ? fc.constantFrom(...o.items) : uuid,
          o.items.length > 0 ? fc.constantFrom(...o.items).map((id) => id.toUpperCase()) : uuid,
          uuid,
          fc.constantFrom('not-a-uuid', ''),
        ),
        { maxLength: 3 },
      )
      .map((draft) => ({ kind: 'library' as const, options: defined(o), draft })),
  ),
  resource: fc
    .record({ required, ...addressPart, location })
    .map(({ required: r, location: at, ...address }) => ({
      kind: 'resource' as const,
      options: defined({ required: r }),
      // a location without an address is the form's own refusal (below): the service drops such a location
      draft: { address, location: Object.values(address).every((p) => p.trim() === '') ? '' : at },
    })),
  geometric: fc
    .record({
      kind: geometryKind,
      required,
      numberOfGeometries: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
      geometricChoices: choices,
    })
    .chain(({ kind, ...o }) =>
      fc
        .array(
          fc.record({
            geometry,
            choice: fc.oneof(
              o.geometricChoices.length > 0
                ? fc.constantFrom(...o.geometricChoices.map((c) => c.id))
                : choiceId,
              choiceId,
              fc.constant(null),
            ),
          }),
          { maxLength: 4 },
        )
        .map((shapes) => ({ kind, options: defined(o), draft: { shapes } })),
    ),
  'photo and document': fc
    .record({
      kind: fc.constantFrom<'photo' | 'document'>('photo', 'document'),
      required,
      file: fc.boolean(),
    })
    .map(({ kind, file, ...o }) => ({
      kind,
      options: defined(o),
      draft: {
        stored: null,
        storedName: '',
        file: file
          ? new File(['%PDF-1.4'], kind === 'photo' ? 'a.png' : 'a.pdf', { type: 'image/png' })
          : null,
      },
    })),
};

/** The options without their unset members (as a variable stores them). */
function defined<T extends object>(o: T): VariableOptions {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as VariableOptions;
}

describe('one rule per answer value: the service and the form', () => {
  it.each(Object.keys(cases))('accept and refuse the same %s values', (name) => {
    const seen = { accepted: 0, refused: 0 };
    fc.assert(
      fc.property(cases[name]!, ({ kind, options, draft }) => {
        const server = serverAccepts(kind, options, draft);
        expect({ kind, options, draft, form: formAccepts(kind, options, draft) }).toEqual({
          kind,
          options,
          draft,
          form: server,
        });
        seen[server ? 'accepted' : 'refused'] += 1;
      }),
      { numRuns: 400 },
    );
    // the generators reach both sides of the rule
    expect(seen.accepted).toBeGreaterThan(20);
    expect(seen.refused).toBeGreaterThan(20);
  });

  it('the form keeps a location without an address from being dropped: it asks for the street', () => {
    const draft = { address: { street: '', house_number: '', town: '', zip: '' }, location: '37.9;23.7' };
    expect(serverAccepts('resource', {}, draft)).toBe(true);
    expect(checkValue('resource', {}, draft, PROJECT_MAX_BYTES)).toEqual({
      id: 'platform.validation.required',
      part: 'street',
    });
  });
});
