// The one-process mode's embedded database (PGlite + PostGIS, no DATABASE_URL): started with Agora's own settings
// on top of PGlite's, PostGIS and the queues' schema ready.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { createInfra, EMBEDDED_DATABASE_SETTINGS, type Infra } from './infra.js';

describe('the embedded database', () => {
  let dataDir: string;
  let infra: Infra;
  let db: DataSource;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'agora-embedded-'));
    infra = await createInfra({ dataDir, queuePrefix: 'test' });
    // The embedded database takes one connection, the shared one that the infra hands to TypeORM.
    db = await new DataSource(infra.typeorm() as ConstructorParameters<typeof DataSource>[0]).initialize();
  }, 120_000);
  afterAll(async () => {
    await db?.destroy();
    await infra?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is embedded, with its queues on it', () => {
    expect(infra.mode).toBe('embedded');
    expect(infra.queueBackend).toBe('postgres');
  });

  it.each(EMBEDDED_DATABASE_SETTINGS.map((s) => s.split('=') as [string, string]))(
    'runs with %s = %s',
    async (name, value) => {
      const rows: Array<Record<string, string>> = await db.query(`SHOW ${name}`);
      expect(rows[0]?.[name]).toBe(value);
    },
  );

  it('has PostGIS', async () => {
    const rows: Array<{ d: string }> = await db.query(
      `SELECT round(public.ST_DistanceSphere(public.ST_MakePoint(22.94, 40.63), public.ST_MakePoint(22.95, 40.63))) AS d`,
    );
    expect(Number(rows[0]?.d)).toBeGreaterThan(800);
    expect(Number(rows[0]?.d)).toBeLessThan(900);
  });
});
