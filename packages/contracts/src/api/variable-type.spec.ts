import { GEOMETRY_VALUE_TYPES, VALUE_TYPES } from '../consultation.js';
import { parseVariableType, VariableTypeFault } from './variable-type.js';

/** The refusal as the service words it: "variable_type[0].options.x: message". */
const error = (raw: unknown): string => {
  try {
    parseVariableType(raw);
  } catch (e) {
    expect(e).toBeInstanceOf(VariableTypeFault);
    return `variable_type${(e as VariableTypeFault).at}: ${(e as VariableTypeFault).message}`;
  }
  throw new Error('accepted');
};

describe('parseVariableType', () => {
  it('accepts every kind with every option it takes, normalising defaults', () => {
    const all = [
      { kind: 'radio', options: { required: true, label: 'Επιλογή', choices: ['Ναι', 'Όχι'] } },
      { kind: 'checkbox', options: { choices: ['α', 'β', 'γ'] } },
      {
        kind: 'document',
        options: { label: 'Έγγραφο', placeholder: 'p', maxSize: 0, accepts: ['pdf', 'docx'] },
      },
      { kind: 'date', options: { minDate: '2026-01-01', maxDate: '2026-01-01' } },
      { kind: 'text', options: { placeholder: '', minLength: 0, maxLength: 500 } },
      { kind: 'string', options: { minLength: 2, maxLength: 2 } },
      { kind: 'photo', options: { maxSize: 1048576, placeholder: 'φωτογραφία' } },
      { kind: 'number', options: { minLength: 1, maxLength: 3 } },
      { kind: 'resource', options: { required: false, label: '' } },
      { kind: 'library', options: { items: ['3F1C6A52-2B1E-4C1A-9D3E-7A0B8C9D0E1F'] } },
      {
        kind: 'geom_point',
        options: { numberOfGeometries: 1, geometricChoices: [{ label: 'Σημείο', marker: '/m.svg' }] },
      },
      {
        kind: 'geom_line',
        options: { geometricChoices: [{ label: 'Γραμμή' }, { label: 'Κόκκινη', color: '#FF0000' }] },
      },
      { kind: 'geom_polygon', options: { geometricChoices: [{ label: 'Π', transparency: 0.34 }] } },
      {
        kind: 'geom_radio',
        options: {
          numberOfGeometries: 3,
          geometricChoices: [{ label: 'Ρ', marker: '/r.svg', color: '#000000', transparency: 0 }],
        },
      },
      { kind: 'geom_select', options: {} },
    ];
    expect(all.map((k) => k.kind).sort()).toEqual([...VALUE_TYPES, ...GEOMETRY_VALUE_TYPES].sort());
    const parsed = parseVariableType(all);
    expect(parsed[9]).toEqual({
      kind: 'library',
      options: { items: ['3f1c6a52-2b1e-4c1a-9d3e-7a0b8c9d0e1f'], allowMultiple: false },
    });
    expect(parsed[11]!.options.geometricChoices).toEqual([
      { label: 'Γραμμή', color: '#ffffff' },
      { label: 'Κόκκινη', color: '#ff0000' },
    ]);
    expect(parsed[12]!.options.geometricChoices).toEqual([
      { label: 'Π', color: '#ffffff', transparency: 0.34 },
    ]);
    expect(parsed[14]).toEqual({ kind: 'geom_select', options: {} });
    expect(parseVariableType([{ kind: 'resource' }])).toEqual([{ kind: 'resource', options: {} }]);
  });

  it.each<[unknown, string]>([
    [null, 'variable_type: a list of at least one {kind, options}'],
    [[], 'variable_type: a list of at least one {kind, options}'],
    [{ kind: 'text' }, 'variable_type: a list of at least one {kind, options}'],
    [['text'], 'variable_type[0]: an object of kind and options'],
    [
      [{ kind: 'video' }],
      'variable_type[0].kind: one of radio, checkbox, document, date, text, string, photo, number, resource, library, geom_point, geom_line, geom_polygon, geom_radio, geom_select',
    ],
    [[{ kind: 'text', type: 'x' }], 'variable_type[0].type: unknown'],
    [[{ kind: 'text', options: [] }], 'variable_type[0].options: an object'],
    [[{ kind: 'text' }, { kind: 'text' }], 'variable_type[1].kind: text is listed twice'],
    [
      [{ kind: 'text', options: { choices: ['a'] } }],
      'variable_type[0].options.choices: not an option of text',
    ],
    [
      [{ kind: 'radio', options: { placeholder: 'x', choices: ['a'] } }],
      'variable_type[0].options.placeholder: not an option of radio',
    ],
    [
      [{ kind: 'resource', options: { maxSize: 1 } }],
      'variable_type[0].options.maxSize: not an option of resource',
    ],
    [[{ kind: 'text', options: { required: 'yes' } }], 'variable_type[0].options.required: true or false'],
    [
      [{ kind: 'text', options: { label: 5 } }],
      'variable_type[0].options.label: text of at most 500 characters',
    ],
    [
      [{ kind: 'text', options: { label: 'x'.repeat(501) } }],
      'variable_type[0].options.label: text of at most 500 characters',
    ],
    [
      [{ kind: 'photo', options: { maxSize: -1 } }],
      'variable_type[0].options.maxSize: a whole number, at least 0',
    ],
    [
      [{ kind: 'photo', options: { maxSize: '10' } }],
      'variable_type[0].options.maxSize: a whole number, at least 0',
    ],
    [
      [{ kind: 'string', options: { minLength: 1.5 } }],
      'variable_type[0].options.minLength: a whole number, at least 0',
    ],
    [
      [{ kind: 'text', options: { minLength: 5, maxLength: 4 } }],
      'variable_type[0].options.maxLength: must not be below minLength',
    ],
    [
      [{ kind: 'date', options: { minDate: '2026-02-30' } }],
      'variable_type[0].options.minDate: a date yyyy-MM-dd',
    ],
    [
      [{ kind: 'date', options: { maxDate: '1/2/2026' } }],
      'variable_type[0].options.maxDate: a date yyyy-MM-dd',
    ],
    [
      [{ kind: 'date', options: { minDate: '2026-03-02', maxDate: '2026-03-01' } }],
      'variable_type[0].options.maxDate: must not be before minDate',
    ],
    [[{ kind: 'radio', options: {} }], 'variable_type[0].options.choices: This value is required.'],
    [
      [{ kind: 'radio', options: { choices: [] } }],
      'variable_type[0].options.choices: a list of 1 to 200 entries',
    ],
    [
      [{ kind: 'checkbox', options: { choices: ['a', ' '] } }],
      'variable_type[0].options.choices[1]: This value is required.',
    ],
    [
      [{ kind: 'checkbox', options: { choices: ['a', 'a'] } }],
      'variable_type[0].options.choices: repeated entries',
    ],
    [
      [{ kind: 'document', options: { accepts: ['exe'] } }],
      'variable_type[0].options.accepts[0]: doc, docx or pdf',
    ],
    [
      [{ kind: 'document', options: { accepts: 'pdf' } }],
      'variable_type[0].options.accepts: a list of 1 to 200 entries',
    ],
    [
      [{ kind: 'library', options: { items: ['not-a-uuid'] } }],
      'variable_type[0].options.items[0]: a library item uuid',
    ],
    [
      [{ kind: 'library', options: { allowMultiple: 'true' } }],
      'variable_type[0].options.allowMultiple: true or false',
    ],
    [
      [{ kind: 'geom_point', options: { numberOfGeometries: 0 } }],
      'variable_type[0].options.numberOfGeometries: a whole number, at least 1',
    ],
    [
      [{ kind: 'geom_point', options: { geometricChoices: [{ label: 'a', color: '#ffffff' }] } }],
      'variable_type[0].options.geometricChoices[0].color: not a geom_point choice option',
    ],
    [
      [{ kind: 'geom_line', options: { geometricChoices: [{ label: 'a', transparency: 1 }] } }],
      'variable_type[0].options.geometricChoices[0].transparency: not a geom_line choice option',
    ],
    [
      [{ kind: 'geom_line', options: { geometricChoices: [{ label: '' }] } }],
      'variable_type[0].options.geometricChoices[0].label: This value is required.',
    ],
    [
      [{ kind: 'geom_polygon', options: { geometricChoices: [{ label: 'a', color: 'red' }] } }],
      'variable_type[0].options.geometricChoices[0].color: a colour #rrggbb',
    ],
    [
      [{ kind: 'geom_polygon', options: { geometricChoices: [{ label: 'a', transparency: 0.33 }] } }],
      'variable_type[0].options.geometricChoices[0].transparency: from 0 to 1 in steps of 0.02',
    ],
    [
      [{ kind: 'geom_polygon', options: { geometricChoices: [{ label: 'a', transparency: 1.02 }] } }],
      'variable_type[0].options.geometricChoices[0].transparency: from 0 to 1 in steps of 0.02',
    ],
    [
      [{ kind: 'geom_radio', options: { geometricChoices: ['a'] } }],
      'variable_type[0].options.geometricChoices[0]: a choice object',
    ],
  ])('refuses %j', (raw, message) => {
    expect(error(raw)).toBe(message);
  });
});
