import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import { Readable } from 'node:stream';
import { LOGGER } from '@agora/common';
import { PRIVATE_FILE_STORAGE, type FileStorage } from '@agora/common/storage';
import type { Logger } from 'pino';
import type { EntityManager } from 'typeorm';

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

/**
 * The bytes of answer files in the file store's private area (decision 0049). They are written before their
 * rows and deleted again when the rows are not written; a deleted row (by any cascade) leaves its object's key
 * in `answer_file_removed`, and `sweep` deletes those objects.
 */
@Injectable()
export class AnswerFileStore implements OnApplicationBootstrap {
  constructor(
    @InjectEntityManager('consultation') private readonly db: EntityManager,
    @Inject(PRIVATE_FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Objects of rows deleted while this instance was down (or by another deployment's cascade). */
  onApplicationBootstrap(): void {
    void this.sweep();
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
