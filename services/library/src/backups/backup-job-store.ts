import type { DataSource } from 'typeorm';
import { HEARTBEAT_MS, type JobState, type JobStore } from './backup-jobs.js';

/** A running job not saved for this long is taken as dead (its instance stopped): four missed heartbeats. */
export const STALE_MS = HEARTBEAT_MS * 4;

interface JobRow {
  id: string;
  kind: JobState['kind'];
  state: JobState['state'];
  progress: number;
  error: string | null;
  code: string | null;
  status: number | null;
  filename: string | null;
}

function toState(r: JobRow): JobState {
  return {
    id: r.id,
    kind: r.kind,
    state: r.state,
    progress: r.progress,
    ...(r.error !== null && { error: r.error }),
    ...(r.code !== null && { code: r.code }),
    ...(r.status !== null && { status: r.status }),
    ...(r.filename !== null && { filename: r.filename }),
  };
}

/**
 * Job states in `library.backup_job`. A unique partial index allows one 'running' row; a running job whose
 * instance stopped (no save for STALE_MS) is marked failed ('interrupted') before a new one is claimed.
 */
export class PgJobStore implements JobStore {
  constructor(private readonly ds: DataSource) {}

  async claim(job: JobState): Promise<boolean> {
    await this.ds.query(
      `UPDATE "library"."backup_job"
          SET "state" = 'failed', "error" = 'interrupted: the server stopped during the job',
              "code" = 'BACKUP.INTERRUPTED', "status" = 500, "updated" = now()
        WHERE "state" = 'running' AND "updated" < now() - make_interval(secs => $1)`,
      [STALE_MS / 1000],
    );
    const rows: unknown[] = await this.ds.query(
      `INSERT INTO "library"."backup_job" ("id", "kind", "state", "progress", "filename")
       VALUES ($1, $2, 'running', $3, $4)
       ON CONFLICT DO NOTHING
       RETURNING "id"`,
      [job.id, job.kind, job.progress, job.filename ?? null],
    );
    if (rows.length === 0) return false;
    // Keep the last 50 finished jobs.
    await this.ds.query(
      `DELETE FROM "library"."backup_job" WHERE "state" <> 'running' AND "id" NOT IN (
         SELECT "id" FROM "library"."backup_job" ORDER BY "created" DESC LIMIT 50)`,
    );
    return true;
  }

  async save(job: JobState): Promise<void> {
    await this.ds.query(
      `UPDATE "library"."backup_job"
          SET "state" = $2, "progress" = $3, "error" = $4, "code" = $5, "status" = $6, "filename" = $7,
              "updated" = now()
        WHERE "id" = $1`,
      [
        job.id,
        job.state,
        job.progress,
        job.error ?? null,
        job.code ?? null,
        job.status ?? null,
        job.filename ?? null,
      ],
    );
  }

  async find(id: string): Promise<JobState | null> {
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
    const rows: JobRow[] = await this.ds.query(`SELECT * FROM "library"."backup_job" WHERE "id" = $1`, [id]);
    return rows[0] ? toState(rows[0]) : null;
  }

  async busy(): Promise<boolean> {
    const rows: unknown[] = await this.ds.query(
      `SELECT 1 FROM "library"."backup_job"
        WHERE "state" = 'running' AND "updated" >= now() - make_interval(secs => $1) LIMIT 1`,
      [STALE_MS / 1000],
    );
    return rows.length > 0;
  }
}
