import { parseThreadId, parseThreadScope } from './thread.input.js';

describe('thread input', () => {
  it('take the four scopes and positive integer ids only', () => {
    expect(parseThreadScope('attribute')).toBe('attribute');
    expect(() => parseThreadScope('Project')).toThrow('unknown thread scope');
    expect(parseThreadId('12')).toBe(12);
    for (const bad of ['0', '-1', '1.5', '2147483648', '1e3', ''])
      expect(() => parseThreadId(bad)).toThrow('invalid id');
  });
});
