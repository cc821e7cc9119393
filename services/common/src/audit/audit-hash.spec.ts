import {
  auditHash,
  canonicalJson,
  GENESIS_HASH,
  verifyAuditChain,
  type AuditChainEntry,
  type AuditHashedFields,
} from './audit-hash.js';
import { changedFields } from './audit-log.js';

/** A chain of `n` entries from `anchor`, each hashed as the log writes it. */
function chain(n: number, anchor = GENESIS_HASH): AuditChainEntry[] {
  const entries: AuditChainEntry[] = [];
  let prev = anchor;
  for (let i = 1; i <= n; i++) {
    const fields: AuditHashedFields = {
      id: String(i),
      at: new Date(Date.UTC(2026, 11, 7, 1, 0, i)).toISOString(),
      actor_uuid: '6f1c7a52-6a43-4d8f-9f0e-1f2b3c4d5e6f',
      actor_username: 'admin',
      actor_role: 'admin',
      ip: '203.0.113.7',
      request_id: `req-${i}`,
      action: 'users.update',
      object_type: 'user',
      object_id: `user-${i}`,
      before: { firstname: 'Μαρία', n: i },
      after: { firstname: 'Maria', n: i + 1 },
      detail: null,
    };
    const hash = auditHash(prev, fields);
    entries.push({ ...fields, prev_hash: prev, hash });
    prev = hash;
  }
  return entries;
}

describe('canonicalJson', () => {
  it('writes equal JSON values alike, whatever the order of their members (as jsonb gives them back)', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, 'x'], c: null } })).toBe('{"a":{"c":null,"d":[1,"x"]},"b":1}');
    expect(canonicalJson({ a: { c: null, d: [1, 'x'] }, b: 1 })).toBe(
      canonicalJson({ b: 1, a: { d: [1, 'x'], c: null } }),
    );
  });

  it('leaves out undefined members, writes dates as JSON does and keeps Greek text as it is', () => {
    expect(canonicalJson({ a: undefined, b: new Date('2026-12-07T01:00:00Z'), c: 'Αθήνα' })).toBe(
      '{"b":"2026-12-07T01:00:00.000Z","c":"Αθήνα"}',
    );
  });
});

describe('auditHash', () => {
  const [entry] = chain(1);

  it('is sha256 in hex, and changes with the previous hash and with any field', () => {
    const { prev_hash: _p, hash, ...fields } = entry!;
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(auditHash(GENESIS_HASH, fields)).toBe(hash);
    expect(auditHash('1'.repeat(64), fields)).not.toBe(hash);
    expect(auditHash(GENESIS_HASH, { ...fields, after: { firstname: 'Maria', n: 3 } })).not.toBe(hash);
    expect(auditHash(GENESIS_HASH, { ...fields, ip: null })).not.toBe(hash);
    expect(auditHash(GENESIS_HASH, { ...fields, at: '2026-12-07T01:00:02.000Z' })).not.toBe(hash);
  });

  it('covers only the entry’s fields: other members of a row leave it as it is', () => {
    const { prev_hash: _p, hash, ...fields } = entry!;
    expect(auditHash(GENESIS_HASH, { ...fields, service: 'accounts' } as AuditHashedFields)).toBe(hash);
  });
});

describe('verifyAuditChain', () => {
  it('finds a sound chain sound, from the genesis or from an anchor, and answers its head', () => {
    const entries = chain(5);
    expect(verifyAuditChain(entries)).toEqual({ entries: 5, head: entries[4]!.hash, broken: null });
    // the first two removed by the retention: the rest checks from the anchor it left
    expect(verifyAuditChain(entries.slice(2), entries[1]!.hash)).toEqual({
      entries: 3,
      head: entries[4]!.hash,
      broken: null,
    });
    expect(verifyAuditChain([])).toEqual({ entries: 0, head: GENESIS_HASH, broken: null });
  });

  it('finds an altered entry at that entry', () => {
    const entries = chain(5);
    entries[2] = { ...entries[2]!, after: { firstname: 'Eve', n: 4 } };
    expect(verifyAuditChain(entries)).toMatchObject({
      entries: 2,
      broken: { id: '3', action: 'users.update', reason: 'altered' },
    });
  });

  it('finds an entry rewritten with a hash of its own at the entry after it', () => {
    const entries = chain(5);
    const { prev_hash, hash: _h, ...fields } = entries[2]!;
    const forged = { ...fields, actor_username: 'nobody' };
    entries[2] = { ...forged, prev_hash, hash: auditHash(prev_hash, forged) };
    expect(verifyAuditChain(entries)).toMatchObject({ entries: 3, broken: { id: '4', reason: 'link' } });
  });

  it('finds a removed entry at the one after it, and oldest entries removed without their anchor at the first', () => {
    const entries = chain(5);
    expect(verifyAuditChain([...entries.slice(0, 2), ...entries.slice(3)])).toMatchObject({
      entries: 2,
      broken: { id: '4', reason: 'link' },
    });
    expect(verifyAuditChain(entries.slice(2))).toMatchObject({
      entries: 0,
      broken: { id: '3', reason: 'link' },
    });
  });
});

describe('changedFields', () => {
  it('keeps the members that differ, on both sides, and never a password', () => {
    expect(
      changedFields(
        { firstname: 'Μαρία', role: 'authorized', location: { lat: 1, lon: 2 }, passwordHash: 'x' },
        { firstname: 'Μαρία', role: 'editor', location: { lon: 2, lat: 1 }, passwordHash: 'y' },
      ),
    ).toEqual({ before: { role: 'authorized' }, after: { role: 'editor' } });
  });

  it('answers the whole snapshot where the object did not exist on the other side', () => {
    expect(changedFields(null, { a: 1, password: 'p' })).toEqual({ before: null, after: { a: 1 } });
    expect(changedFields({ a: 1 }, null)).toEqual({ before: { a: 1 }, after: null });
  });
});
