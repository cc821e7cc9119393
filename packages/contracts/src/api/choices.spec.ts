import type { VariableKind } from '../consultation.js';
import { CHOICE_ID_PATTERN, choiceIdsOf, choiceLabels, withChoiceIds } from './choices.js';
import { parseVariableType, VariableTypeFault } from './variable-type.js';

const fault = (raw: unknown) => {
  try {
    parseVariableType(raw);
  } catch (error) {
    if (error instanceof VariableTypeFault) return { at: error.at, rule: error.rule };
    throw error;
  }
  return null;
};

describe('choice ids', () => {
  it('reads choices as {id, label} or as a label alone (a new choice), and checks the ids', () => {
    expect(
      parseVariableType([{ kind: 'radio', options: { choices: [{ id: 'yes', label: 'Ναι' }, 'Όχι'] } }]),
    ).toEqual([{ kind: 'radio', options: { choices: [{ id: 'yes', label: 'Ναι' }, { label: 'Όχι' }] } }]);
    expect(fault([{ kind: 'radio', options: { choices: [{ id: 'a;b', label: 'x' }] } }])).toEqual({
      at: '[0].options.choices[0].id',
      rule: 'pattern',
    });
    expect(
      fault([
        {
          kind: 'checkbox',
          options: {
            choices: [
              { id: 'a', label: 'x' },
              { id: 'a', label: 'y' },
            ],
          },
        },
      ]),
    ).toEqual({ at: '[0].options.choices', rule: 'duplicate' });
    expect(
      fault([{ kind: 'radio', options: { choices: [{ id: 'a', label: 'x', color: '#fff' }] } }]),
    ).toEqual({
      at: '[0].options.choices[0].color',
      rule: 'unknown',
    });
    expect(
      parseVariableType([
        { kind: 'geom_point', options: { geometricChoices: [{ id: 'tree', label: 'Δέντρο' }] } },
      ]),
    ).toEqual([{ kind: 'geom_point', options: { geometricChoices: [{ id: 'tree', label: 'Δέντρο' }] } }]);
  });

  it('keeps the ids sent, takes those of unchanged labels, and gives new choices new ids', () => {
    const previous: VariableKind[] = [
      {
        kind: 'radio',
        options: {
          choices: [
            { id: 'yes', label: 'Ναι' },
            { id: 'no', label: 'Όχι' },
          ],
        },
      },
      { kind: 'geom_line', options: { geometricChoices: [{ id: 'walk', label: 'Walk', color: '#ffffff' }] } },
    ];
    const [radio, line] = withChoiceIds(
      [
        {
          kind: 'radio',
          options: { choices: [{ id: 'yes', label: 'Ναι, βέβαια' }, { label: 'Όχι' }, { label: 'Ίσως' }] },
        },
        { kind: 'geom_line', options: { geometricChoices: [{ label: 'Walk', color: '#000000' }] } },
      ],
      previous,
    );
    const [renamed, kept, added] = radio!.options.choices!;
    expect(renamed).toEqual({ id: 'yes', label: 'Ναι, βέβαια' });
    expect(kept).toEqual({ id: 'no', label: 'Όχι' });
    expect(added!.id).toMatch(CHOICE_ID_PATTERN);
    expect(['yes', 'no']).not.toContain(added!.id);
    expect(line!.options.geometricChoices).toEqual([{ id: 'walk', label: 'Walk', color: '#000000' }]);
    // a label whose id another choice took gets a new one
    const [again] = withChoiceIds(
      [{ kind: 'radio', options: { choices: [{ id: 'no', label: 'Ναι' }, { label: 'Όχι' }] } }],
      previous,
    );
    const ids = again!.options.choices!.map((c) => c.id);
    expect(ids[0]).toBe('no');
    expect(ids[1]).not.toBe('no');
  });

  it('joins labels to ids and back', () => {
    const choices = [
      { id: 'a', label: 'α' },
      { id: 'c', label: 'γ' },
    ];
    expect(choiceLabels(choices, 'c;a;gone')).toBe('γ;α;gone');
    expect(choiceIdsOf(choices, 'α;γ')).toBe('a;c');
  });
});
