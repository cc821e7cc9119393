import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { EntityManager } from 'typeorm';

/** Rows read or written per statement by exports and restores. */
export const BATCH = 500;

/** The non-empty lines of a local file, one at a time (memory does not grow with the file). */
export async function* lines(file: string): AsyncGenerator<string> {
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    if (line) yield line;
  }
}

/** Writes every row of `table` as JSON lines to `file`, in batches; returns the count. */
export async function dumpTable(m: EntityManager, table: string, file: string): Promise<number> {
  const out = createWriteStream(file);
  let last: string | null = null;
  let count = 0;
  try {
    for (;;) {
      const rows: Array<{ j: string; id: string }> = await m.query(
        `SELECT row_to_json(t)::text AS j, t."id"::text AS id FROM "library"."${table}" t
         WHERE $1::uuid IS NULL OR t."id" > $1::uuid ORDER BY t."id" LIMIT ${BATCH}`,
        [last],
      );
      if (rows.length === 0) break;
      for (const r of rows) {
        if (!out.write(`${r.j}\n`)) await once(out, 'drain');
      }
      count += rows.length;
      last = rows[rows.length - 1].id;
    }
  } finally {
    out.end();
    await once(out, 'close');
  }
  return count;
}

/** Writes every storage key the rows refer to and `extra` (each once, sorted) to `file`; returns the count. */
export async function dumpKeys(m: EntityManager, file: string, extra: string[] = []): Promise<number> {
  const out = createWriteStream(file);
  let last = '';
  let count = 0;
  try {
    for (;;) {
      const rows: Array<{ k: string }> = await m.query(
        `SELECT k FROM (
           SELECT "resource_key" AS k FROM "library"."library_item"
           UNION SELECT "thumbnail_key" FROM "library"."library_item" WHERE "thumbnail_key" IS NOT NULL
           UNION SELECT "resource_key" FROM "library"."documentation" WHERE "resource_key" IS NOT NULL
           UNION SELECT unnest($2::text[])
         ) s WHERE k COLLATE "C" > $1 ORDER BY k COLLATE "C" LIMIT ${BATCH}`,
        [last, extra],
      );
      if (rows.length === 0) break;
      for (const r of rows) out.write(`${r.k}\n`);
      count += rows.length;
      last = rows[rows.length - 1].k;
    }
  } finally {
    out.end();
    await once(out, 'close');
  }
  return count;
}
