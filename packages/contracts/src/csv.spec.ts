import { neutralizeCsvCell } from './csv.js';

describe('neutralizeCsvCell', () => {
  it.each([
    ['=1+2', "'=1+2"],
    ['=HYPERLINK("http://evil.example","x")', '\'=HYPERLINK("http://evil.example","x")'],
    ['+30 210 0000000', "'+30 210 0000000"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
  ])('prefixes %j with a quote', (text, safe) => {
    expect(neutralizeCsvCell(text)).toBe(safe);
  });

  it('leaves other text and numbers as they are', () => {
    for (const text of ['Αθήνα', 'a=b', ' =1', '', "'already", '1-2', 'x@y.org'])
      expect(neutralizeCsvCell(text)).toBe(text);
    expect(neutralizeCsvCell(-5)).toBe('-5');
    expect(neutralizeCsvCell(2.5)).toBe('2.5');
  });
});
