import { csrfTokenMatches, isSafeMethod } from './csrf.js';

describe('csrfTokenMatches', () => {
  const token = 'q0yPq2bHn3W2J9n3VtqH1x0ZC0bz7K3uJxk2gP1JY5Q';

  it('accepts the header equal to the cookie', () => {
    expect(csrfTokenMatches(token, token)).toBe(true);
  });

  it('refuses a missing, empty, different or repeated header', () => {
    expect(csrfTokenMatches(token, undefined)).toBe(false);
    expect(csrfTokenMatches(token, '')).toBe(false);
    expect(csrfTokenMatches(token, `${token}x`)).toBe(false);
    expect(csrfTokenMatches(token, token.slice(0, -1))).toBe(false);
    expect(csrfTokenMatches(token, [token, token])).toBe(false);
  });

  it('refuses when there is no cookie, even if the header is empty too', () => {
    expect(csrfTokenMatches(undefined, token)).toBe(false);
    expect(csrfTokenMatches('', '')).toBe(false);
  });
});

describe('isSafeMethod', () => {
  it('lets only GET, HEAD and OPTIONS through without a token', () => {
    expect(['GET', 'HEAD', 'OPTIONS', 'get'].map(isSafeMethod)).toEqual([true, true, true, true]);
    expect(['POST', 'PUT', 'PATCH', 'DELETE', 'PROPFIND'].map(isSafeMethod)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
