import type { VariableKind } from '@agora/contracts';
import { featureProperties, propertiesOf } from './open-data.plan.js';

const variable = (token: string, mname: string, ...variable_type: VariableKind[]) => ({
  token,
  mname,
  variable_type,
});

describe('the properties of the open data', () => {
  const variables = [
    variable(
      'v1',
      'rating',
      { kind: 'radio', options: { label: 'Βαθμός', choices: [{ id: 'a', label: 'Καλό' }] } },
      { kind: 'text', options: {} },
      { kind: 'photo', options: {} },
    ),
    variable('v2', 'topic', { kind: 'number', options: {} }),
    variable('v3', 'address', { kind: 'resource', options: {} }),
    variable('v4', 'note', { kind: 'string', options: {} }),
  ];

  it('publishes numbers, dates, choices and library items; free texts only when allowed; never files or places', () => {
    expect(propertiesOf(variables, false).map((p) => [p.key, p.source])).toEqual([
      ['rating_radio', 'v1:radio'],
      ['topic_2', 'v2:number'],
    ]);
    expect(propertiesOf(variables, true).map((p) => p.key)).toEqual([
      'rating_radio',
      'rating_text',
      'topic_2',
      'note',
    ]);
    expect(propertiesOf(variables, false)[0]!.schema).toEqual({
      type: 'string',
      enum: ['Καλό'],
      title: 'Βαθμός',
    });
  });

  it('gives every feature every property, null where the answer has no value', () => {
    const properties = propertiesOf(variables, false);
    expect(
      featureProperties({ topic: 'Τ', answered_on: '2026-03-02', drawn_as: 'point' }, properties, {
        'v1:radio': 'Καλό',
        'v1:photo': 'secret.jpg',
      }),
    ).toEqual({
      topic: 'Τ',
      answered_on: '2026-03-02',
      drawn_as: 'point',
      rating_radio: 'Καλό',
      topic_2: null,
    });
  });
});
