import { createHash } from 'node:crypto';
import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource, InjectEntityManager } from '@nestjs/typeorm';
import { Readable } from 'node:stream';
import { LOGGER } from '@agora/common';
import { PRIVATE_FILE_STORAGE, type FileStorage } from '@agora/common/storage';
import type { Logger } from 'pino';
import type { DataSource, EntityManager, QueryRunner } from 'typeorm';

/** A checked file of an answer value, to keep: its row's id, name, type, size and hash, and its bytes. */
export interface CheckedFile {
  /** The value `values[i]` it belongs to. */
  index: number;
  id: string;
  name: string;
  mime: string;
  bytes: number;
  sha256: string;
  /** The bytes: in memory (a cleaned photo) or a local file (a spooled upload, moved or copied into the store). */
  source: { data: Buffer } | { file: string };
}

/** An answer file opened for serving. */
export interface OpenedAnswerFile {
  name: string;
  mime: string;
  size: number;
  stream: Readable;
}

/** The object of an answer file in the store's private area. */
export const answerFileKey = (id: string): string => `answers/${id}`;

/** Removed files' objects deleted per sweep query. */
const SWEEP_BATCH = 500;
/** The bytes of a file not yet in the store are read from PostgreSQL this much at a time. */
const MOVE_CHUNK = 1024 * 1024;
/** The advisory lock that lets one instance at a time move files (any number: 64-bit key). */
const MOVE_LOCK = 7_049_001;

/** The SHA-256 (hex) of a stream's bytes, read to its end. */
async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * The bytes of answer files in the file store's private area (decision 0049). They are written before their
 * rows and deleted again when the rows are not written; a deleted row (by any cascade) leaves its object's key
 * in `answer_file_removed`, and `sweep` deletes those objects.
 */
@Injectable()
export class AnswerFileStore implements OnApplicationBootstrap {
  constructor(
    @InjectEntityManager('consultation') private readonly db: EntityManager,
    @InjectDataSource('consultation') private readonly ds: DataSource,
    @Inject(PRIVATE_FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Objects of rows deleted while this instance was down (or by another deployment's cascade), then the move of
   * the files that are still bytes in PostgreSQL, in the background: they are served from there until moved.
   */
  onApplicationBootstrap(): void {
    void this.sweep()
      .then(() => this.moveToStore())
      .catch((err: unknown) => this.logger.warn({ err }, 'answer files not moved to the store yet'));
  }

  /**
   * Moves the answer files still held in PostgreSQL (`content`) to the store, one at a time and resumable: each
   * file's bytes are streamed from the database a MiB at a time into its object, the object is read back and
   * its SHA-256 compared with the one PostgreSQL computes of the bytes, and only then does the row name the
   * object and drop its bytes (in one UPDATE, provided the bytes are still those). A failure leaves that row as it
   * was (its object deleted) and stops the move; the next start (or call) goes on with the rows left. One
   * instance at a time (an advisory lock); `max` bounds the rows of one call. Answers how many were moved.
   */
  async moveToStore(max = Number.POSITIVE_INFINITY): Promise<number> {
    const runner = this.ds.createQueryRunner();
    await runner.connect();
    try {
      const [lock] = await runner.query(`SELECT pg_try_advisory_lock($1) AS held`, [MOVE_LOCK]);
      if (!lock?.held) return 0;
      let moved = 0;
      try {
        while (moved < max) {
          const [row] = (await runner.query(
            `SELECT id, octet_length(content)::int AS bytes, encode(sha256(content), 'hex') AS sha256
             FROM consultation.answer_file WHERE content IS NOT NULL ORDER BY created, id LIMIT 1`,
          )) as Array<{ id: string; bytes: number; sha256: string }>;
          if (!row) break;
          await this.moveOne(runner, row);
          moved += 1;
        }
      } finally {
        await runner.query(`SELECT pg_advisory_unlock($1)`, [MOVE_LOCK]);
      }
      if (moved) this.logger.info({ moved }, 'answer files moved to the store');
      return moved;
    } finally {
      await runner.release();
    }
  }

  /** One file's move, on the move's own connection (the embedded database has only one). */
  private async moveOne(db: QueryRunner, row: { id: string; bytes: number; sha256: string }): Promise<void> {
    const key = answerFileKey(row.id);
    async function* chunks(): AsyncGenerator<Buffer> {
      for (let at = 0; at < row.bytes; at += MOVE_CHUNK) {
        const [part] = (await db.query(
          `SELECT substring(content FROM $2 FOR $3) AS data FROM consultation.answer_file WHERE id = $1`,
          [row.id, at + 1, MOVE_CHUNK],
        )) as Array<{ data: Buffer }>;
        if (!part?.data) throw new Error(`answer file ${row.id} changed while it was moved`);
        yield part.data;
      }
    }
    try {
      await this.storage.put(key, Readable.from(chunks()));
      const stored = await this.storage.get(key);
      const written = stored ? await sha256Of(stored.stream) : null;
      if (written !== row.sha256)
        throw new Error(`answer file ${row.id}: the stored bytes' SHA-256 is not the database's`);
      const [, updated] = (await db.query(
        `UPDATE consultation.answer_file SET storage_key = $2, sha256 = $3, content = NULL
         WHERE id = $1 AND content IS NOT NULL AND encode(sha256(content), 'hex') = $3`,
        [row.id, key, row.sha256],
      )) as [unknown, number];
      if (!updated) throw new Error(`answer file ${row.id} changed or went while it was moved`);
    } catch (error) {
      await this.storage.delete(key).catch(() => undefined);
      throw error;
    }
  }

  /** Writes the files' objects; when one fails, the ones written are deleted and nothing is left. */
  async put(files: readonly CheckedFile[]): Promise<void> {
    const written: CheckedFile[] = [];
    try {
      for (const file of files) {
        const key = answerFileKey(file.id);
        if ('data' in file.source) await this.storage.put(key, file.source.data);
        else await this.storage.putFile(key, file.source.file);
        written.push(file);
      }
    } catch (error) {
      await this.discard(written);
      throw error;
    }
  }

  /** Deletes the objects of files whose rows were not written. */
  async discard(files: readonly CheckedFile[]): Promise<void> {
    const failed = (
      await Promise.allSettled(files.map((f) => this.storage.delete(answerFileKey(f.id))))
    ).filter((r) => r.status === 'rejected');
    if (failed.length) this.logger.warn({ count: failed.length }, 'answer files left in the store');
  }

  /**
   * Deletes the objects of deleted rows (`answer_file_removed`), and their records once deleted. A failure is
   * logged and tried again by the next sweep: it is never the client's problem.
   */
  async sweep(): Promise<void> {
    try {
      for (;;) {
        const removed = await this.db.query<Array<{ storage_key: string }>>(
          `SELECT storage_key FROM consultation.answer_file_removed ORDER BY removed LIMIT ${SWEEP_BATCH}`,
        );
        for (const { storage_key } of removed) {
          await this.storage.delete(storage_key);
          await this.db.query(`DELETE FROM consultation.answer_file_removed WHERE storage_key = $1`, [
            storage_key,
          ]);
        }
        if (removed.length < SWEEP_BATCH) return;
      }
    } catch (err) {
      this.logger.warn({ err }, 'removed answer files not deleted from the store yet');
    }
  }

  /**
   * The bytes of a file row: its object, or the bytes a row not yet moved to the store still holds (read then
   * only). Null when the object is missing.
   */
  async open(row: {
    id: string;
    name: string;
    mime: string;
    bytes: number;
    storage_key: string | null;
  }): Promise<OpenedAnswerFile | null> {
    if (row.storage_key) {
      const stored = await this.storage.get(row.storage_key);
      return stored && { name: row.name, mime: row.mime, size: stored.size, stream: stored.stream };
    }
    const [legacy] = await this.db.query<Array<{ content: Buffer | null }>>(
      `SELECT content FROM consultation.answer_file WHERE id = $1`,
      [row.id],
    );
    if (!legacy?.content) return null;
    return {
      name: row.name,
      mime: row.mime,
      size: legacy.content.length,
      stream: Readable.from([legacy.content]),
    };
  }
}
