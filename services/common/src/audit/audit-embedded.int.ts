// The audit log on the embedded database of `npm start` (PGlite): its migration (PL/pgSQL triggers and function),
// the advisory lock of an append, the refusals of the triggers, the retention and the chain's check.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { dataSourceOptions, migrateService, type ServiceStorage } from '../database/database.js';
import { createInfra, type Infra } from '../infra/infra.js';
import { GENESIS_HASH } from './audit-hash.js';
import { AuditLog, type AuditActor } from './audit-log.js';
import { auditLogMigration } from './audit-schema.js';

const STORAGE: ServiceStorage = {
  schema: 'library',
  entities: [],
  migrations: [auditLogMigration('library', 1801100000000)],
};
const ACTOR: AuditActor = { uuid: null, username: 'admin', role: 'admin', ip: '127.0.0.1', requestId: null };

describe('the audit log on the embedded database', () => {
  let dataDir: string;
  let infra: Infra;
  let ds: DataSource;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'agora-embedded-audit-'));
    infra = await createInfra({ dataDir, queuePrefix: 'test' });
    await migrateService(infra, STORAGE);
    ds = await new DataSource(dataSourceOptions(infra, STORAGE)).initialize();
  }, 120_000);
  afterAll(async () => {
    await ds?.destroy();
    await infra?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('appends chained entries, refuses changing them, prunes the oldest and checks from the anchor', async () => {
    const log = new AuditLog(ds, 'library', 730);
    for (let i = 1; i <= 3; i++) {
      await log.recordRead(ACTOR, {
        action: 'library.update',
        object: { type: 'library_item', id: `i${i}` },
      });
    }
    expect(await log.verify()).toMatchObject({ anchor: GENESIS_HASH, entries: 3, broken: null });
    await expect(ds.query(`UPDATE library.audit_log SET ip = NULL`)).rejects.toThrow(/append-only/);
    await expect(ds.query(`DELETE FROM library.audit_log`)).rejects.toThrow(/append-only/);
    expect(await log.prune(new Date(Date.now() + 731 * 86_400_000))).toBe(3);
    await log.recordRead(ACTOR, { action: 'library.delete', object: { type: 'library_item', id: 'i1' } });
    expect(await log.verify()).toMatchObject({ entries: 1, broken: null });
  });
});
