import { AppError, formFields, parseWith } from '@agora/common';
import {
  NewProfileQuestionBody,
  NewThreadBody,
  ProfileChoiceChangeBody,
  ProfileChoiceOrderBody,
  ProfileQuestionOrderBody,
  ReactBody,
} from '@agora/contracts/api';
import type { z } from 'zod';
import { FIELD_REFUSAL } from '../http/refusals.js';
import { choiceChange, questionInput } from './profile.input.js';

const CATEGORY = '00000000-0000-4000-8000-0000000000C1';
const QUESTION = {
  question: ' Πώς μετακινείστε; ',
  category: CATEGORY,
  role: 'normal',
  weight: '3',
  choices: [
    { content: 'Με τα πόδια', icon: '/markers/walk.svg', weight: 1 },
    { content: 'Με ποδήλατο', icon: 'https://example.org/bike.svg', weight: '-2' },
  ],
};

/** The refusal's body members (what the error filter sends), or the parsed value. */
function refusal(run: () => unknown): unknown {
  try {
    return { value: run() };
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    return { status: e.status, code: e.code, Error: e.message, ...e.failure };
  }
}

/** As `ZodBody` reads a body: a form's (or JSON object's) text fields into the schema's types, then the schema. */
function read(schema: z.ZodType, body: unknown): unknown {
  const fields =
    body !== null && typeof body === 'object' && !Array.isArray(body)
      ? formFields(schema, body as Record<string, unknown>)
      : body;
  return refusal(() => parseWith(schema, fields, FIELD_REFUSAL));
}

const invalid = (field: string, message: string, rule: string, values?: object) => ({
  status: 400,
  code: 'CONSULTATION.INVALID_FIELD',
  Error: `${field}: ${message}`,
  field,
  rule,
  ...(values && { values }),
});

describe('participation schemas', () => {
  it('read a new question from JSON or form text: trimmed texts, whole numbers, a lower-cased token', () => {
    expect(read(NewProfileQuestionBody, QUESTION)).toEqual({
      value: {
        question: 'Πώς μετακινείστε;',
        category: CATEGORY.toLowerCase(),
        role: 'normal',
        weight: 3,
        choices: [
          { content: 'Με τα πόδια', icon: '/markers/walk.svg', weight: 1 },
          { content: 'Με ποδήλατο', icon: 'https://example.org/bike.svg', weight: -2 },
        ],
      },
    });
    const form = { ...QUESTION, choices: JSON.stringify(QUESTION.choices) };
    expect(read(NewProfileQuestionBody, form)).toEqual(read(NewProfileQuestionBody, QUESTION));
  });

  it.each([
    [{ question: null }, invalid('question', 'This value is required.', 'required')],
    [{ question: 'x'.repeat(501) }, invalid('question', 'Maximum size is 500.', 'max', { n: 500 })],
    [{ weight: undefined }, invalid('weight', 'This value is required.', 'required')],
    [
      { weight: 'heavy' },
      invalid('weight', 'a whole number from -999999 to 999999', 'range', { min: -999_999, max: 999_999 }),
    ],
    [
      { weight: 1_000_000 },
      invalid('weight', 'a whole number from -999999 to 999999', 'range', { min: -999_999, max: 999_999 }),
    ],
    [{ role: 'viewer' }, invalid('role', 'expert or normal', 'choice')],
    [{ role: undefined }, invalid('role', 'This value is required.', 'required')],
    [{ category: 'mobility' }, invalid('category', 'a token', 'type')],
    [{ choices: '[{"content":' }, invalid('choices', 'invalid JSON', 'type')],
    [{ choices: [7] }, invalid('choices[0]', '{content, icon, weight}', 'type')],
    [
      { choices: [{ content: 'x', icon: 'javascript:alert(1)', weight: 1 }] },
      invalid('choices[0].icon', 'a marker URL is expected', 'pattern', {
        message: 'a link: /… or http(s)://…',
      }),
    ],
    [
      { choices: [{ content: 'x', icon: '/a', weight: 1, x: 1 }] },
      invalid('choices[0].x', 'unknown field', 'unknown'),
    ],
    [{ _method: 'DELETE' }, invalid('_method', 'only PUT', 'choice')],
  ])('refuse a bad question field by name and rule (%#)', (change, expected) => {
    expect(read(NewProfileQuestionBody, { ...QUESTION, ...change })).toEqual(expected);
  });

  it('refuse a body that is not an object', () => {
    expect(read(NewProfileQuestionBody, [QUESTION])).toMatchObject({
      status: 400,
      Error: 'the body must be a JSON object or a form',
    });
  });

  it('leave a choice icon to its uploaded file: icons_i fills choice i, skipping the holes of a form list', () => {
    const holes: unknown[] = [];
    holes[1] = { content: 'Πράσινο', weight: '1' };
    holes[3] = { content: 'Μπλε', icon: '/b.svg', weight: '2' };
    const body = parseWith(NewProfileQuestionBody, { ...QUESTION, choices: holes }, FIELD_REFUSAL);
    const { input, slots } = questionInput(body, ['icons_1']);
    expect(input.choices).toEqual([
      { content: 'Πράσινο', icon: '', weight: 1 },
      { content: 'Μπλε', icon: '/b.svg', weight: 2 },
    ]);
    expect(slots).toEqual([0]);
    expect(refusal(() => questionInput(body))).toEqual(
      invalid('choices[1].icon', 'This value is required.', 'required'),
    );
    expect(refusal(() => questionInput(body, ['icons_1', 'icons_3']))).toEqual(
      invalid('choices[3].icon', 'send a link or a file, not both', 'invalid'),
    );
    expect(refusal(() => questionInput(body, ['icons_1', 'icons_2']))).toEqual(
      invalid('icons_2', 'there is no choice 2', 'unknown'),
    );
    expect(refusal(() => choiceChange(parseWith(ProfileChoiceChangeBody, {}), false))).toMatchObject({
      code: 'REQUEST.EMPTY',
      Error: 'nothing to change: send content, weight, icon',
    });
  });

  it('refuse sort orders by entry, with the order code', () => {
    const order = (schema: z.ZodType, body: unknown) =>
      refusal(() => parseWith(schema, body, { code: 'REQUEST.SORT_ORDER' }));
    expect(order(ProfileQuestionOrderBody, [CATEGORY, CATEGORY.toLowerCase()])).toMatchObject({
      code: 'REQUEST.SORT_ORDER',
      Error: 'an entry appears more than once',
      rule: 'duplicate',
    });
    expect(order(ProfileQuestionOrderBody, ['x'])).toMatchObject({ Error: 'invalid token', field: '[0]' });
    expect(order(ProfileChoiceOrderBody, ['5', 6])).toEqual({ value: [5, 6] });
    expect(order(ProfileChoiceOrderBody, [1.5])).toMatchObject({ Error: 'invalid id', field: '[0]' });
    expect(order(ProfileChoiceOrderBody, {})).toMatchObject({ Error: 'a non-empty JSON array is expected' });
  });

  it('refuse thread texts and reactions by name and rule', () => {
    expect(read(NewThreadBody, { raw: 'r'.repeat(20) })).toEqual(
      invalid('title', 'the title must be at least 15 characters long', 'min', { n: 15 }),
    );
    expect(read(NewThreadBody, { title: 't'.repeat(15), raw: 42 })).toEqual(invalid('raw', 'a text', 'type'));
    expect(read(NewThreadBody, { title: 't'.repeat(256), raw: 'r'.repeat(20) })).toEqual(
      invalid('title', 'Maximum size is 255.', 'max', { n: 255 }),
    );
    expect(read(ReactBody, { token: CATEGORY })).toEqual(invalid('reaction', 'like or dislike', 'choice'));
    expect(read(ReactBody, { reaction: 'like' })).toEqual(
      invalid('token', 'This value is required.', 'required'),
    );
  });
});
