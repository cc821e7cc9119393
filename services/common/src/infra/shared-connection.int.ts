// The turns on the one connection that the one-process mode shares (createSharedConnection), on a real PostgreSQL
// database of its own: reads that a person waits for go before the writers waiting, never for ever; a caller
// that waits too long fails alone, and a turn is never lost.
import type pg from 'pg';
import { createTestDatabase, type TestDatabase } from '@agora/common/testing';
import {
  asWaitedRead,
  createSharedConnection,
  READ_TURNS_IN_A_ROW,
  type SharedConnection,
} from './shared-connection.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase('agora_shared_connection');
});
afterAll(async () => {
  await database?.drop();
});

/** Runs `use` with a shared connection to the test database, ended afterwards. */
async function withShared(
  options: { waitTimeoutMs?: number; idleTimeoutMs?: number },
  use: (shared: SharedConnection) => Promise<void>,
): Promise<void> {
  const shared = createSharedConnection(database.url, {
    waitTimeoutMs: options.waitTimeoutMs ?? 0,
    idleTimeoutMs: options.idleTimeoutMs ?? 0,
    sessionSetup: [],
    log: () => undefined,
  });
  try {
    await use(shared);
  } finally {
    await shared.end();
  }
}

interface Waiting {
  name: string;
  lease: Promise<{ name: string; client: pg.PoolClient }>;
}

/** Asks for the connection as `name`: a read a person waits for, or a write. */
function ask(shared: SharedConnection, name: string, kind: 'read' | 'write'): Waiting {
  const connect = () => shared.connect();
  const lease = (kind === 'read' ? asWaitedRead(connect) : connect()).then((client) => ({ name, client }));
  return { name, lease };
}

/** Releases `holder`, then each next holder in turn: the names in the order the connection went to them. */
async function turnsAfter(holder: pg.PoolClient, waiting: Waiting[]): Promise<string[]> {
  const order: string[] = [];
  const pending = new Map(waiting.map((w) => [w.name, w.lease]));
  holder.release();
  while (pending.size > 0) {
    const next = await Promise.race(pending.values());
    order.push(next.name);
    pending.delete(next.name);
    // the holder runs a statement on its turn, as every lease does
    await next.client.query('SELECT 1');
    next.client.release();
  }
  return order;
}

describe('the shared connection', () => {
  it('gives its next turn to a waiting read before the writes that waited longer', () =>
    withShared({}, async (shared) => {
      const holder = await shared.connect();
      const waiting = [
        ask(shared, 'write 1', 'write'),
        ask(shared, 'write 2', 'write'),
        ask(shared, 'read', 'read'),
        ask(shared, 'write 3', 'write'),
      ];
      expect(await turnsAfter(holder, waiting)).toEqual(['read', 'write 1', 'write 2', 'write 3']);
    }));

  it(`lets at most ${READ_TURNS_IN_A_ROW} reads go in a row while a write waits`, () =>
    withShared({}, async (shared) => {
      const holder = await shared.connect();
      const reads = READ_TURNS_IN_A_ROW + 2;
      const waiting = [
        ask(shared, 'write', 'write'),
        ...Array.from({ length: reads }, (_, i) => ask(shared, `read ${i + 1}`, 'read')),
      ];
      const order = await turnsAfter(holder, waiting);
      expect(order.indexOf('write')).toBe(READ_TURNS_IN_A_ROW);
      expect(order.filter((n) => n.startsWith('read'))).toEqual(
        Array.from({ length: reads }, (_, i) => `read ${i + 1}`),
      );
    }));

  it('fails a caller that waited longer than its limit alone, and the connection goes on to the others', () =>
    withShared({ waitTimeoutMs: 300 }, async (shared) => {
      const holder = await shared.connect();
      await expect(shared.connect()).rejects.toThrow(/timeout/);
      const after = ask(shared, 'after', 'write');
      expect(await turnsAfter(holder, [after])).toEqual(['after']);
      // and the connection is free again: a plain query runs at once
      expect((await shared.query('SELECT 2 AS n')).rows).toEqual([{ n: 2 }]);
    }));

  it('passes the turn on when it ends a hold that ran no statement for too long', () =>
    withShared({ idleTimeoutMs: 300 }, async (shared) => {
      const holder = await shared.connect();
      await holder.query('BEGIN');
      // the holder never releases: the watchdog ends its hold, rolls back, and the read waiting gets the connection
      const read = await asWaitedRead(() => shared.connect());
      expect((await read.query('SELECT 3 AS n')).rows).toEqual([{ n: 3 }]);
      read.release();
      await expect(holder.query('SELECT 1')).rejects.toThrow(/held for more than/);
    }));
});
