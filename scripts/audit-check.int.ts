import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { DataSource } from 'typeorm';
import {
  auditLogMigration,
  AuditLog,
  createInfra,
  dataSourceOptions,
  migrateService,
  type AuditActor,
  type Infra,
  type ServiceStorage,
} from '@agora/common';
import { createTestDatabase, type TestDatabase } from '@agora/common/testing';

// `npm run audit:check` as an operator runs it, on a database where an attacker with database access changes an
// entry and removes another (the append-only triggers turned off first): the check names the first broken entry
// and fails, and passes again once the log is as it was written.

const run = promisify(execFile);
const ROOT = process.cwd(); // jest runs from the repository root

const storage = (schema: string): ServiceStorage => ({
  schema,
  entities: [],
  migrations: [auditLogMigration(schema, 1801100000000)],
});

const actor: AuditActor = {
  uuid: '6f1c7a52-6a43-4d8f-9f0e-1f2b3c4d5e6f',
  username: 'admin',
  role: 'admin',
  ip: '203.0.113.9',
  requestId: 'check-1',
};

describe('npm run audit:check', () => {
  let db: TestDatabase;
  let infra: Infra;
  let ds: DataSource;

  beforeAll(async () => {
    db = await createTestDatabase('agora_audit_check');
    infra = await createInfra({ databaseUrl: db.url, dataDir: 'data', queuePrefix: 'test' });
    for (const schema of ['accounts', 'library']) await migrateService(infra, storage(schema));
    ds = await new DataSource(dataSourceOptions(infra, storage('accounts'))).initialize();
    const accounts = new AuditLog(ds, 'accounts', 730);
    for (let i = 1; i <= 6; i++) {
      await accounts.recordRead(actor, {
        action: 'users.update',
        object: { type: 'user', id: `user-${i}` },
        before: { role: 'authorized' },
        after: { role: 'editor', n: i },
      });
    }
    await new AuditLog(ds, 'library', 730).recordRead(actor, {
      action: 'library.delete',
      object: { type: 'library_item', id: 'x' },
      before: { title: 'Χάρτης' },
    });
  });

  afterAll(async () => {
    await ds?.destroy();
    await infra?.close();
    await db?.drop();
  });

  /** The check's exit code and output. */
  async function check(): Promise<{ code: number; out: string }> {
    try {
      const { stdout } = await run(process.execPath, [path.join(ROOT, 'scripts/audit-check.mjs')], {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', DATABASE_URL: db.url },
      });
      return { code: 0, out: stdout };
    } catch (e) {
      const err = e as { code: number; stdout: string; stderr: string };
      return { code: err.code, out: `${err.stdout}${err.stderr}` };
    }
  }

  /** Runs `sql` with the append-only triggers of accounts.audit_log off, as someone with database access can. */
  async function tamper(sql: string): Promise<void> {
    await ds.transaction(async (m) => {
      await m.query(`ALTER TABLE accounts.audit_log DISABLE TRIGGER audit_log_append_only`);
      await m.query(sql);
      await m.query(`ALTER TABLE accounts.audit_log ENABLE TRIGGER audit_log_append_only`);
    });
  }

  it('passes on the logs as written, and says which services have none', async () => {
    const { code, out } = await check();
    expect(code).toBe(0);
    expect(out).toMatch(/^accounts: 6 entries sound, head [0-9a-f]{64}$/m);
    expect(out).toMatch(/^library: 1 entries sound/m);
    expect(out).toMatch(/^consultation: no audit log/m);
  });

  it('fails at an entry whose values were changed, and passes again once they are back', async () => {
    const [{ after }] = (await ds.query(`SELECT after FROM accounts.audit_log WHERE id = 3`)) as [
      { after: object },
    ];
    await tamper(`UPDATE accounts.audit_log SET after = '{"role": "admin", "n": 3}' WHERE id = 3`);
    const broken = await check();
    expect(broken.code).toBe(1);
    expect(broken.out).toMatch(
      /^accounts: BROKEN at entry 3 \(users\.update, .*\): its fields are not those/m,
    );
    expect(broken.out).toMatch(/2 entries before it are sound/);
    expect(broken.out).toMatch(/^library: 1 entries sound/m);

    await tamper(`UPDATE accounts.audit_log SET after = '${JSON.stringify(after)}' WHERE id = 3`);
    expect((await check()).code).toBe(0);
  });

  it('fails at the entry after one removed from the middle', async () => {
    await tamper(`DELETE FROM accounts.audit_log WHERE id = 4`);
    const { code, out } = await check();
    expect(code).toBe(1);
    expect(out).toMatch(
      /^accounts: BROKEN at entry 5 \(users\.update, .*\): it does not chain to the entry before it/m,
    );
  });
});
