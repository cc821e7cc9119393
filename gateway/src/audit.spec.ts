import { SERVICES, type ServiceName } from '@agora/contracts';
import type { AuditLogEntry, AuditQuery } from '@agora/contracts/api';
import {
  auditPage,
  compareAuditPositions,
  decodeAuditCursor,
  encodeAuditCursor,
  mergedAuditEntries,
  type AuditPageReader,
} from './audit.js';

/** An entry of `service`'s log at second `s` of a minute (several entries share an instant). */
function entry(id: number, s: number): AuditLogEntry {
  return {
    id: String(id),
    at: new Date(Date.UTC(2026, 11, 7, 1, 0, s)).toISOString(),
    actor: { uuid: null, username: 'admin', role: 'admin' },
    ip: null,
    request_id: null,
    action: 'users.update',
    object: { type: 'user', id: null },
    before: null,
    after: null,
    detail: null,
    prev_hash: '0'.repeat(64),
    hash: '1'.repeat(64),
  };
}

/** Each service's log (ids ascending with time, instants shared within and across services). */
const LOGS: Record<ServiceName, AuditLogEntry[]> = {
  accounts: [entry(1, 1), entry(2, 3), entry(3, 3), entry(4, 7)],
  library: [entry(1, 3), entry(2, 5)],
  consultation: [entry(10, 0), entry(11, 3), entry(12, 3), entry(13, 3), entry(14, 9)],
  mailing: [],
};

/** A service's internal route, as the services answer it: newest first, after the position, `limit` of them. */
const reader =
  (down: ServiceName[] = [], calls: string[] = []): AuditPageReader =>
  async (service, _filters, start, limit) => {
    calls.push(service);
    if (down.includes(service)) throw new Error(`${service} is down`);
    return LOGS[service]
      .filter(
        (e) =>
          !start ||
          e.at < start.before_at ||
          (e.at === start.before_at && BigInt(e.id) < BigInt(start.before_id)),
      )
      .sort((a, b) => (a.at !== b.at ? (a.at > b.at ? -1 : 1) : Number(BigInt(b.id) - BigInt(a.id))))
      .slice(0, limit);
  };

/** Every entry, in the merged order, by brute force. */
const EXPECTED = SERVICES.flatMap((service) => LOGS[service].map((e) => ({ ...e, service })))
  .sort(compareAuditPositions)
  .map((e) => `${e.service}:${e.id}`);

const names = (entries: Array<{ service: string; id: string }>) => entries.map((e) => `${e.service}:${e.id}`);

async function collect(iterator: AsyncIterable<{ service: string; id: string }>): Promise<string[]> {
  const out: Array<{ service: string; id: string }> = [];
  for await (const e of iterator) out.push(e);
  return names(out);
}

const query = (limit: number, cursor?: string): AuditQuery => ({ limit, cursor });

describe('the merged audit log', () => {
  it('merges the services newest first, ties by service then id, whatever the size of their pages', async () => {
    expect(EXPECTED.slice(0, 4)).toEqual(['consultation:14', 'accounts:4', 'library:2', 'library:1']);
    for (const size of [1, 2, 3, 50]) {
      expect(await collect(mergedAuditEntries(reader(), {}, null, size, 'fail'))).toEqual(EXPECTED);
    }
  });

  it('pages through all of it with the cursor, each entry once, whatever the page size', async () => {
    for (const limit of [1, 2, 3, 5, 11, 12]) {
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const after = cursor ? decodeAuditCursor(cursor) : null;
        const page = await auditPage(reader(), query(limit, cursor), after);
        expect(page.missing).toEqual([]);
        seen.push(...names(page.entries));
        cursor = page.next ?? undefined;
        pages++;
      } while (cursor);
      expect(seen).toEqual(EXPECTED);
      expect(pages).toBe(Math.max(1, Math.ceil(EXPECTED.length / limit)));
    }
  });

  it('names a service that cannot answer and leaves its entries out of the page; the CSV stream fails', async () => {
    const page = await auditPage(reader(['library']), query(50), null);
    expect(page.missing).toEqual(['library']);
    expect(names(page.entries)).toEqual(EXPECTED.filter((e) => !e.startsWith('library:')));
    await expect(collect(mergedAuditEntries(reader(['library']), {}, null, 50, 'fail'))).rejects.toThrow(
      'the audit log of library cannot be read',
    );
  });

  it('reads a service again only when its page ran out and there may be more', async () => {
    const calls: string[] = [];
    await collect(mergedAuditEntries(reader([], calls), {}, null, 50, 'fail'));
    expect(calls.sort()).toEqual([...SERVICES].sort());
  });
});

describe('the audit cursor', () => {
  it('comes back as the position it was made of', () => {
    const p = { at: '2026-12-07T01:00:03.000Z', service: 'library' as const, id: '42' };
    expect(decodeAuditCursor(encodeAuditCursor(p))).toEqual(p);
  });

  it('is refused when it is not one', () => {
    const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    for (const bad of [
      'not a cursor',
      enc({ at: '2026-12-07T01:00:03.000Z' }),
      enc(['2026-12-07', 'library', '1']),
      enc(['2026-12-07T01:00:03.000Z', 'gateway', '1']),
      enc(['2026-12-07T01:00:03.000Z', 'library', '-1']),
      enc(['2026-12-07T01:00:03.000Z', 'library', 1]),
    ]) {
      expect(decodeAuditCursor(bad)).toBeNull();
    }
  });
});
