import { AppError } from '@agora/common';
import { PagePipe, parseToken, TokenPipe } from './params.js';

function statusAndCode(fn: () => unknown): [number, string] {
  try {
    fn();
  } catch (e) {
    if (e instanceof AppError) return [e.status, e.code];
    throw e;
  }
  throw new Error('accepted');
}

describe('path parameters', () => {
  it('reads pages from 1', () => {
    const pipe = new PagePipe();
    expect(pipe.transform(undefined)).toBe(1);
    expect(pipe.transform('3')).toBe(3);
  });

  it.each(['abc', '0', '-2', '2.5', '1e2', '', '0x10'])('rejects page %p with 400 REQUEST.PAGE', (raw) => {
    expect(statusAndCode(() => new PagePipe().transform(raw))).toEqual([400, 'REQUEST.PAGE']);
  });

  it('reads tokens as lower-case uuids', () => {
    expect(parseToken('0B0C6A3E-3F59-4A4E-8D7E-1D7A1C0F0A01')).toBe('0b0c6a3e-3f59-4a4e-8d7e-1d7a1c0f0a01');
    expect(new TokenPipe().transform('0b0c6a3e-3f59-4a4e-8d7e-1d7a1c0f0a01')).toBe(
      '0b0c6a3e-3f59-4a4e-8d7e-1d7a1c0f0a01',
    );
  });

  it.each(['urban-mobility', '1', "x' OR 1=1", '0b0c6a3e3f594a4e8d7e1d7a1c0f0a01'])(
    'rejects token %p with 400 REQUEST.TOKEN',
    (raw) => {
      expect(statusAndCode(() => parseToken(raw))).toEqual([400, 'REQUEST.TOKEN']);
    },
  );
});
