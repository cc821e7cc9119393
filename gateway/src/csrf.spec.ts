import { generateKeyPairSync } from 'node:crypto';
import type { Request } from 'express';
import { csrfKeyOf, csrfTokenFor, csrfTokenMatches, csrfTokenValid, isSafeMethod } from './csrf.js';

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

describe('csrfTokenValid: the token is bound to the session, or to the visitor id without one', () => {
  const key = csrfKeyOf(generateKeyPairSync('ed25519').privateKey);
  const request = (cookies: Record<string, string>, header?: string) =>
    ({ cookies, headers: header === undefined ? {} : { 'x-csrf-token': header } }) as unknown as Request;
  const sid = 'session-of-maria-0123456789abcdefghijklmn';
  const visitor = 'visitor-of-this-browser-0123456789abcdefgh';
  const ofSession = csrfTokenFor(key, { kind: 'session', id: sid });
  const ofVisitor = csrfTokenFor(key, { kind: 'visitor', id: visitor });

  it("accepts the session's token with a session, the visitor's without one", () => {
    expect(csrfTokenValid(key, request({ agora_sid: sid, token: ofSession }, ofSession))).toBe(true);
    expect(csrfTokenValid(key, request({ agora_visitor: visitor, token: ofVisitor }, ofVisitor))).toBe(true);
    expect(
      csrfTokenValid(key, request({ agora_visitor: visitor, agora_sid: sid, token: ofSession }, ofSession)),
    ).toBe(true);
  });

  it('refuses an equal pair that is not the gateway token of this session or visitor', () => {
    const forged = 'q0yPq2bHn3W2J9n3VtqH1x0ZC0bz7K3uJxk2gP1JY5Q';
    expect(csrfTokenValid(key, request({ agora_sid: sid, token: forged }, forged))).toBe(false);
    expect(csrfTokenValid(key, request({ agora_visitor: visitor, token: forged }, forged))).toBe(false);
    expect(csrfTokenValid(key, request({ token: ofVisitor }, ofVisitor))).toBe(false); // bound to nothing
    const otherSession = csrfTokenFor(key, { kind: 'session', id: `${sid}x` });
    expect(csrfTokenValid(key, request({ agora_sid: sid, token: otherSession }, otherSession))).toBe(false);
    // the visitor's token once there is a session; a session's id used as a visitor id
    expect(
      csrfTokenValid(key, request({ agora_visitor: visitor, agora_sid: sid, token: ofVisitor }, ofVisitor)),
    ).toBe(false);
    const sidAsVisitor = csrfTokenFor(key, { kind: 'visitor', id: sid });
    expect(csrfTokenValid(key, request({ agora_sid: sid, token: sidAsVisitor }, sidAsVisitor))).toBe(false);
  });

  it('still needs the header equal to the cookie', () => {
    expect(csrfTokenValid(key, request({ agora_sid: sid, token: ofSession }))).toBe(false);
    expect(csrfTokenValid(key, request({ agora_sid: sid }, ofSession))).toBe(false);
    expect(csrfTokenValid(key, request({ agora_sid: sid, token: ofSession }, `${ofSession}x`))).toBe(false);
  });

  it('tokens depend on the key: another deployment cannot make them', () => {
    const other = csrfKeyOf(generateKeyPairSync('ed25519').privateKey);
    expect(csrfTokenFor(other, { kind: 'session', id: sid })).not.toBe(ofSession);
    expect(ofSession).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
