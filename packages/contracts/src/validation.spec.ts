import {
  changedFields,
  pickRules,
  checkField,
  checkForm,
  needsUniqueCheck,
  VALIDATION_MESSAGES,
} from './validation.js';

describe('validation engine', () => {
  const rule = {
    required: true,
    min_size: 3,
    max_size: 6,
    validation: '[a-z]+',
    message: 'only small letters',
  };

  it('checks in the spec order with its messages', () => {
    expect(checkField(rule, '')?.message).toBe('This value is required.');
    expect(checkField(rule, '   ')?.rule).toBe('required');
    expect(checkField(rule, 'AB')?.message).toBe('Minimum size is 3.');
    expect(checkField(rule, 'ABCDEFG')?.message).toBe('Maximum size is 6.');
    expect(checkField(rule, 'ABCD')?.message).toBe('only small letters');
    expect(checkField(rule, 'abcd')).toBeNull();
  });

  it('matches the pattern against the whole value', () => {
    expect(checkField({ validation: '[0-9]{3}' }, '1234')?.rule).toBe('pattern');
    expect(checkField({ validation: '[0-9]{3}' }, 'x123')?.rule).toBe('pattern');
    expect(checkField({ validation: 'a|b' }, 'ab')?.rule).toBe('pattern');
    expect(checkField({ validation: '[0-9]{3}' }, '123')).toBeNull();
  });

  it('skips empty fields that are not required', () => {
    expect(checkField({ min_size: 5, validation: '[0-9]+' }, '')).toBeNull();
    expect(checkField({ min_size: 5 }, null)).toBeNull();
  });

  it('counts list entries for lists', () => {
    expect(checkField({ max_size: 2 }, ['a', 'b', 'c'])?.rule).toBe('max');
    expect(checkField({ required: true }, [])?.rule).toBe('required');
  });

  it('asks the server about unique values only on create or change', () => {
    const u = { unique: true };
    expect(needsUniqueCheck(u, 'post', 'x', undefined)).toBe(true);
    expect(needsUniqueCheck(u, 'put', 'x', 'x')).toBe(false);
    expect(needsUniqueCheck(u, 'put', 'y', 'x')).toBe(true);
    expect(needsUniqueCheck({}, 'post', 'y', undefined)).toBe(false);
    expect(needsUniqueCheck(u, 'post', '', undefined)).toBe(false);
  });

  it('checks every ruled field in post mode and only sent fields in put mode', () => {
    const rules = { username: { required: true }, email: { required: true } };
    expect(Object.keys(checkForm(rules, { username: 'a' }, 'post'))).toEqual(['email']);
    expect(checkForm(rules, { username: 'a' }, 'put')).toEqual({});
    expect(checkForm(rules, { username: '' }, 'put').username?.message).toBe(VALIDATION_MESSAGES.required);
  });

  it('finds the changed fields', () => {
    expect(changedFields({ a: 1, b: 'x', c: [1] }, { a: 1, b: 'y', c: [1, 2] })).toEqual({
      b: 'y',
      c: [1, 2],
    });
  });

  it('picks the rules of the named fields, refusing unknown ones', () => {
    const rules = { a: { required: true }, b: { max_size: 3 } };
    expect(pickRules(rules, 'b;a')).toEqual({ b: { max_size: 3 }, a: { required: true } });
    expect(pickRules(rules, 'a;c')).toBeNull();
    expect(pickRules(rules, ';')).toBeNull();
  });
});
