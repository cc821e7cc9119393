import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import {
  IDENTITY_TTL_MS,
  parsePrivateKey,
  parsePublicKey,
  signServiceIdentity,
  signUserIdentity,
  verifyIdentity,
  type TrustedKeys,
} from './signing.js';
import type { SessionUser } from '@agora/contracts';

const gateway = generateKeyPairSync('ed25519');
const consultation = generateKeyPairSync('ed25519');
const accounts = generateKeyPairSync('ed25519');
/** What the library trusts: the gateway, and consultation as a caller of its internal routes. */
const LIBRARY: { audience: 'library'; keys: TrustedKeys } = {
  audience: 'library',
  keys: { gateway: gateway.publicKey, consultation: consultation.publicKey },
};
/** A user identity's user; the signature covers whatever it holds. */
const ADMIN: SessionUser = {
  uuid: 'u1',
  username: 'admin',
  firstname: 'A',
  lastname: 'B',
  email: 'a@b.org',
  role: 'admin',
};
const NOW = 1_800_000_000_000;

/** A payload of one's choosing, signed with `key`: what the holder of that key could send. */
function signed(payload: object, key: KeyObject): string {
  const text = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${text}.${sign(null, Buffer.from(text), key).toString('base64url')}`;
}

describe('signed identities', () => {
  it("accepts the gateway's user identity for its audience, until it expires", () => {
    const header = signUserIdentity(
      gateway.privateKey,
      'library',
      { user: ADMIN, sid: 's1', ip: '::1' },
      NOW,
    );
    expect(verifyIdentity(header, LIBRARY, NOW)).toEqual({
      v: 2,
      aud: 'library',
      user: ADMIN,
      sid: 's1',
      ip: '::1',
      iat: NOW,
      exp: NOW + IDENTITY_TTL_MS,
    });
    expect(verifyIdentity(header, LIBRARY, NOW + IDENTITY_TTL_MS)).not.toBeNull();
    expect(verifyIdentity(header, LIBRARY, NOW + IDENTITY_TTL_MS + 1)).toBeNull();
  });

  it('refuses an identity signed for another service', () => {
    const forAccounts = signUserIdentity(gateway.privateKey, 'accounts', { user: ADMIN, sid: 's1' }, NOW);
    expect(verifyIdentity(forAccounts, LIBRARY, NOW)).toBeNull();
    expect(verifyIdentity(forAccounts, { ...LIBRARY, audience: 'accounts' }, NOW)).not.toBeNull();
    const callForMailing = signServiceIdentity(consultation.privateKey, 'consultation', 'mailing', NOW);
    expect(verifyIdentity(callForMailing, LIBRARY, NOW)).toBeNull();
  });

  it("refuses a user identity signed with a service's key: only the gateway vouches for users", () => {
    const forged = signUserIdentity(consultation.privateKey, 'library', { user: ADMIN, sid: null }, NOW);
    expect(verifyIdentity(forged, LIBRARY, NOW)).toBeNull();
    // Nor may a service's identity carry a user or a session along.
    const withUser = {
      v: 2,
      aud: 'library',
      user: ADMIN,
      sid: null,
      sys: 'consultation',
      iat: NOW,
      exp: NOW + 1,
    };
    expect(verifyIdentity(signed(withUser, consultation.privateKey), LIBRARY, NOW)).toBeNull();
    const withSid = { ...withUser, user: null, sid: 'someone-else' };
    expect(verifyIdentity(signed(withSid, consultation.privateKey), LIBRARY, NOW)).toBeNull();
  });

  it("accepts a service identity signed with that service's own key only", () => {
    const call = signServiceIdentity(consultation.privateKey, 'consultation', 'library', NOW);
    expect(verifyIdentity(call, LIBRARY, NOW)).toMatchObject({ sys: 'consultation', user: null, sid: null });
    // Claiming to be another caller: checked against that caller's key.
    expect(
      verifyIdentity(signServiceIdentity(consultation.privateKey, 'gateway', 'library', NOW), LIBRARY, NOW),
    ).toBeNull();
    // A caller whose key the service does not know.
    expect(
      verifyIdentity(signServiceIdentity(accounts.privateKey, 'accounts', 'library', NOW), LIBRARY, NOW),
    ).toBeNull();
    const unknown = { v: 2, aud: 'library', user: null, sid: null, sys: 'stranger', iat: NOW, exp: NOW + 1 };
    expect(verifyIdentity(signed(unknown, gateway.privateKey), LIBRARY, NOW)).toBeNull();
  });

  it('checks a header it has seen before again for expiry, audience and signer; a tampered copy stays refused', () => {
    const header = signUserIdentity(gateway.privateKey, 'library', { user: ADMIN, sid: 's1' }, NOW);
    expect(verifyIdentity(header, LIBRARY, NOW)).toMatchObject({ user: ADMIN });
    expect(verifyIdentity(header, LIBRARY, NOW + 1)).toMatchObject({ user: ADMIN });
    expect(verifyIdentity(header, LIBRARY, NOW + IDENTITY_TTL_MS + 1)).toBeNull();
    expect(verifyIdentity(header, { ...LIBRARY, audience: 'accounts' }, NOW)).toBeNull();
    expect(
      verifyIdentity(header, { audience: 'library', keys: { gateway: accounts.publicKey } }, NOW),
    ).toBeNull();
    const [payload, signature] = header.split('.') as [string, string];
    const other = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sid: 's2' }),
    ).toString('base64url');
    expect(verifyIdentity(`${other}.${signature}`, LIBRARY, NOW)).toBeNull();
  });

  it('refuses tampered, malformed and old-format headers', () => {
    const header = signUserIdentity(gateway.privateKey, 'library', { user: null, sid: null }, NOW);
    const [payload, signature] = header.split('.') as [string, string];
    const admin = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), user: ADMIN }),
    ).toString('base64url');
    for (const bad of [
      undefined,
      '',
      payload,
      `${admin}.${signature}`,
      `${payload}.`,
      `${payload}.${signature.slice(2)}`,
      `${payload}.${'A'.repeat(86)}`,
      `.${signature}`,
      `bm90IGpzb24.${signature}`,
      signed({ v: 1, aud: 'library', user: null, sid: null, iat: NOW, exp: NOW + 1 }, gateway.privateKey),
      signed([1, 2], gateway.privateKey),
    ]) {
      expect(verifyIdentity(bad, LIBRARY, NOW)).toBeNull();
    }
  });

  it('reads keys as PEM or base64 DER, and refuses other kinds of key', () => {
    const pem = gateway.publicKey.export({ format: 'pem', type: 'spki' }).toString();
    expect(parsePublicKey(pem).equals(gateway.publicKey)).toBe(true);
    expect(parsePublicKey(pem.replace(/\n/g, '\\n')).equals(gateway.publicKey)).toBe(true);
    const der = gateway.privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
    expect(parsePrivateKey(der).equals(gateway.privateKey)).toBe(true);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 });
    expect(() => parsePublicKey(rsa.publicKey.export({ format: 'pem', type: 'spki' }).toString())).toThrow(
      'an rsa key, not Ed25519',
    );
    expect(() => parsePrivateKey('not a key!')).toThrow('neither PEM nor base64 DER');
  });
});
