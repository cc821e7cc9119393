import { generateKeyPairSync } from 'node:crypto';
import { signServiceIdentity, verifyIdentity } from './signing.js';
import { readTicket, signTicket, verifyTicket } from './ticket.js';

const accounts = generateKeyPairSync('ed25519');
const other = generateKeyPairSync('ed25519');
const NOW = 1_800_000_000_000;
const KIND = { typ: 'invitation-login', iss: 'accounts', aud: 'mailing' } as const;
const issue = (now = NOW, ttlMs = 120_000) =>
  signTicket(accounts.privateKey, { ...KIND, ttlMs }, { token: 't', subject: 's' }, now);

describe('tickets', () => {
  it('carry their claims, the envelope and a fresh nonce each', () => {
    const a = verifyTicket(issue(), { ...KIND, key: accounts.publicKey }, NOW + 1000);
    expect(a).toMatchObject({
      ok: true,
      ticket: { ...KIND, token: 't', subject: 's', iat: NOW, exp: NOW + 120_000 },
    });
    expect(readTicket(issue())?.nonce).not.toBe(readTicket(issue())?.nonce);
  });

  it('are refused when expired, signed by another key, altered, of another kind or audience, or not tickets', () => {
    const key = accounts.publicKey;
    expect(verifyTicket(issue(), { ...KIND, key }, NOW + 120_001)).toEqual({ ok: false, refusal: 'expired' });
    expect(verifyTicket(issue(), { ...KIND, key: other.publicKey }, NOW)).toEqual({
      ok: false,
      refusal: 'signature',
    });
    expect(verifyTicket(issue(), { ...KIND, key: undefined }, NOW)).toEqual({
      ok: false,
      refusal: 'signature',
    });
    const [payload, signature] = issue().split('.');
    const altered = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), subject: 'x' }),
    ).toString('base64url');
    expect(verifyTicket(`${altered}.${signature}`, { ...KIND, key }, NOW)).toEqual({
      ok: false,
      refusal: 'signature',
    });
    expect(verifyTicket(issue(), { ...KIND, typ: 'invitation-session', key }, NOW)).toEqual({
      ok: false,
      refusal: 'kind',
    });
    expect(verifyTicket(issue(), { ...KIND, aud: 'accounts', key }, NOW)).toEqual({
      ok: false,
      refusal: 'kind',
    });
    for (const text of [undefined, '', 'x', '.y', 'not-json.sig'])
      expect(verifyTicket(text, { ...KIND, key }, NOW)).toEqual({ ok: false, refusal: 'malformed' });
  });

  it('and identities do not pass for each other', () => {
    const identity = signServiceIdentity(accounts.privateKey, 'accounts', 'mailing', NOW);
    expect(verifyTicket(identity, { ...KIND, key: accounts.publicKey }, NOW)).toEqual({
      ok: false,
      refusal: 'malformed',
    });
    expect(
      verifyIdentity(issue(), { audience: 'mailing', keys: { accounts: accounts.publicKey } }, NOW),
    ).toBeNull();
  });
});
