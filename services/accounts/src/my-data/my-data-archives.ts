import { Inject, Injectable } from '@nestjs/common';
import { InjectQueue, Processor } from '@nestjs/bullmq';
import { InjectDataSource } from '@nestjs/typeorm';
import { AppError, LOGGER, ScheduledWorkerHost } from '@agora/common';
import { PRIVATE_FILE_STORAGE, TarGzWriter, type FileStorage, type StoredFile } from '@agora/common/storage';
import type { SessionUser } from '@agora/contracts';
import type { MyDataAnswer, MyDataState, UserDataFile } from '@agora/contracts/api';
import type { Job, Queue } from 'bullmq';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { DataRequests } from '../deletion/data-requests.js';
import { ConsultationCategories } from '../enrolments/consultation-categories.js';
import { User } from '../users/user.entity.js';
import { toUserAnswer } from '../users/user.mapper.js';
import { ConsultationUserData } from './consultation-user-data.js';
import { archiveReadme, fileEntryName } from './my-data-readme.js';

/** The queue of the archives of one's own data, its job names and its clean-up's scheduler. */
export const MY_DATA_QUEUE = 'accounts-my-data';
const BUILD_JOB = 'build';
const CLEANUP_JOB = 'cleanup';
export const MY_DATA_CLEANUP_SCHEDULER = 'my-data-cleanup';
/** How long a request and its archive are kept. */
export const MY_DATA_TTL_MS = 24 * 60 * 60 * 1000;
/** How often expired requests are looked for. */
const CLEANUP_EVERY_MS = 15 * 60 * 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface ArchiveRow {
  id: string;
  user_uuid: string;
  state: MyDataState;
  percent: number;
  code: string | null;
  size: number | null;
  created: Date;
}

const COLUMNS = `id::text AS id, user_uuid::text AS user_uuid, state, percent, code, size, created`;
const TTL = `interval '${MY_DATA_TTL_MS / 1000} seconds'`;
/** Only the requests of the last day exist for their owner (the clean-up removes the older ones). */
const ALIVE = `created > now() - ${TTL}`;

export const MyDataErrors = {
  notFound: () => AppError.notFound('no such archive of your data', 'ACCOUNTS.MY_DATA_NOT_FOUND'),
  notReady: () => AppError.conflict('ACCOUNTS.MY_DATA_NOT_READY', 'the archive is not ready yet'),
};

/** The archive's file in the store's private area (its owner: the row's user, its only reader). */
const fileKey = (id: string): string => `my-data/${id}`;

/** The archive's file name: `agora-my-data-<yyyy-mm-dd>.tar.gz` of the day it was asked for. */
const fileName = (created: Date): string => `agora-my-data-${created.toISOString().slice(0, 10)}.tar.gz`;

function answerOf(row: ArchiveRow): MyDataAnswer {
  return {
    job: row.id,
    state: row.state,
    percent: row.state === 'done' ? 100 : row.percent,
    created: row.created.toISOString(),
    expires: new Date(row.created.getTime() + MY_DATA_TTL_MS).toISOString(),
    size: row.size === null ? null : Number(row.size),
    file_name: row.state === 'done' ? fileName(row.created) : null,
    code: row.state === 'failed' ? (row.code ?? 'INTERNAL') : null,
  };
}

/**
 * A citizen's archive of their own data (decision 0086): one request at a time per user (a row, unique while
 * queued or running), built by a worker of the `accounts-my-data` queue from accounts' own rows and
 * consultation's part (its internal routes), streamed as a .tar.gz into the file store's private area
 * (`my-data/<request id>`, whole once complete, as the exports: decision 0049) whose key the row keeps, served to
 * its asker only, and removed with its row a day after it was asked for by a scheduled clean-up.
 */
@Processor(MY_DATA_QUEUE)
@Injectable()
export class MyDataArchives extends ScheduledWorkerHost {
  constructor(
    @InjectDataSource('accounts') private readonly db: DataSource,
    @InjectQueue(MY_DATA_QUEUE) private readonly queue: Queue,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(PRIVATE_FILE_STORAGE) private readonly storage: FileStorage,
    private readonly consultation: ConsultationUserData,
    private readonly categories: ConsultationCategories,
    private readonly requests: DataRequests,
  ) {
    super(queue, { id: MY_DATA_CLEANUP_SCHEDULER, everyMs: CLEANUP_EVERY_MS, name: CLEANUP_JOB }, logger);
  }

  /**
   * Asks for a new archive; `created` is false when one is already queued or running (that one is answered).
   * The row and the job are written together: when the job cannot be queued, the row is removed again.
   */
  async request(user: SessionUser): Promise<{ created: boolean; answer: MyDataAnswer }> {
    const [row] = await this.db.query<ArchiveRow[]>(
      `INSERT INTO accounts.my_data_archive (user_uuid) VALUES ($1)
       ON CONFLICT (user_uuid) WHERE state IN ('queued', 'running') DO NOTHING
       RETURNING ${COLUMNS}`,
      [user.uuid],
    );
    if (!row) {
      const [running] = await this.db.query<ArchiveRow[]>(
        `SELECT ${COLUMNS} FROM accounts.my_data_archive
          WHERE user_uuid = $1 AND state IN ('queued', 'running')`,
        [user.uuid],
      );
      // the running one finished between the two statements: ask again
      if (!running) return this.request(user);
      return { created: false, answer: answerOf(running) };
    }
    try {
      // the administrators' overview of the requests (decision 0088) lists it under the archive's id
      await this.requests.open('export', user.uuid, { id: row.id });
      await this.queue.add(
        BUILD_JOB,
        { id: row.id },
        { jobId: row.id, attempts: 1, removeOnComplete: true, removeOnFail: { age: MY_DATA_TTL_MS / 1000 } },
      );
    } catch (error) {
      await this.db.query(`DELETE FROM accounts.my_data_archive WHERE id = $1`, [row.id]);
      await this.requests.drop(row.id);
      throw error;
    }
    return { created: true, answer: answerOf(row) };
  }

  /** The caller's latest request of the last day; null when there is none. */
  async latest(user: SessionUser): Promise<MyDataAnswer | null> {
    const [row] = await this.db.query<ArchiveRow[]>(
      `SELECT ${COLUMNS} FROM accounts.my_data_archive WHERE user_uuid = $1 AND ${ALIVE}
        ORDER BY created DESC, id LIMIT 1`,
      [user.uuid],
    );
    return row ? answerOf(row) : null;
  }

  /** One request: 404 when there is none (or it expired), 403 when it is someone else's, admins included. */
  private async find(id: string, user: SessionUser): Promise<ArchiveRow> {
    if (!UUID.test(id)) throw MyDataErrors.notFound();
    const [row] = await this.db.query<ArchiveRow[]>(
      `SELECT ${COLUMNS} FROM accounts.my_data_archive WHERE id = $1 AND ${ALIVE}`,
      [id],
    );
    if (!row) throw MyDataErrors.notFound();
    if (row.user_uuid !== user.uuid) throw AppError.forbidden();
    return row;
  }

  async state(id: string, user: SessionUser): Promise<MyDataAnswer> {
    return answerOf(await this.find(id, user));
  }

  /** The finished archive of the caller's request (409 while it is being built). */
  async file(id: string, user: SessionUser): Promise<StoredFile & { name: string }> {
    const row = await this.find(id, user);
    if (row.state !== 'done') throw MyDataErrors.notReady();
    const [stored] = await this.db.query<Array<{ storage_key: string | null }>>(
      `SELECT storage_key FROM accounts.my_data_archive WHERE id = $1`,
      [id],
    );
    const file = stored?.storage_key ? await this.storage.get(stored.storage_key) : null;
    if (!file) throw MyDataErrors.notFound();
    return { name: fileName(row.created), ...file };
  }

  async process(job: Job<{ id?: string }>): Promise<void> {
    if (job.name === CLEANUP_JOB) {
      await this.cleanup();
      return;
    }
    if (job.data.id) await this.build(job.data.id);
  }

  /**
   * Removes the requests asked for more than a day ago and their files, then any archive file older than a day
   * (one whose row went with its user, or whose build stopped halfway); answers how many requests.
   */
  async cleanup(): Promise<number> {
    const [rows, removed] = await this.db.query<[Array<{ storage_key: string | null }>, number]>(
      `DELETE FROM accounts.my_data_archive WHERE created <= now() - ${TTL} RETURNING storage_key`,
    );
    for (const row of rows) if (row.storage_key) await this.storage.delete(row.storage_key);
    const oldest = Date.now() - MY_DATA_TTL_MS;
    for (const file of await this.storage.list('my-data/'))
      if (file.modified.getTime() < oldest) await this.storage.delete(file.key);
    if (removed > 0) this.logger.info({ removed }, 'expired archives of own data removed');
    // the overview of the requests is kept as long as the audit log
    const requests = await this.requests.cleanup();
    if (requests > 0)
      this.logger.info({ removed: requests }, 'requests for own data past the retention removed');
    return removed;
  }

  private async progress(id: string, percent: number): Promise<void> {
    await this.db.query(
      `UPDATE accounts.my_data_archive SET percent = $2 WHERE id = $1 AND state = 'running'`,
      [id, Math.floor(percent)],
    );
  }

  /**
   * Builds the archive of request `id`; a failure marks the request failed with its code. A request found
   * running is built again: its worker stopped (BullMQ gives a stalled job to another worker), and a job runs on
   * one worker at a time.
   */
  async build(id: string): Promise<void> {
    // an UPDATE answers its rows and their count
    const [[claimed]] = await this.db.query<[Array<{ user_uuid: string }>, number]>(
      `UPDATE accounts.my_data_archive SET state = 'running', percent = 0
        WHERE id = $1 AND state IN ('queued', 'running')
       RETURNING user_uuid::text AS user_uuid`,
      [id],
    );
    if (!claimed) return;
    await this.requests.settle(id, 'running');
    try {
      const size = await this.store(id, claimed.user_uuid);
      await this.db.query(
        `UPDATE accounts.my_data_archive
            SET state = 'done', percent = 100, storage_key = $2, size = $3, finished = now()
          WHERE id = $1`,
        [id, fileKey(id), size],
      );
      await this.requests.settle(id, 'done');
    } catch (error) {
      this.logger.warn({ err: error, archive: id }, 'the archive of own data failed');
      await this.db.query(
        `UPDATE accounts.my_data_archive SET state = 'failed', code = $2, finished = now() WHERE id = $1`,
        [id, error instanceof AppError ? error.code : 'INTERNAL'],
      );
      await this.requests.settle(id, 'failed', { code: error instanceof AppError ? error.code : 'INTERNAL' });
    }
  }

  /**
   * Streams the archive of request `id` into the store (the file exists only once whole: a renamed temporary
   * file, a completed multipart upload); answers its size.
   */
  private async store(id: string, uuid: string): Promise<number> {
    const writer = new TarGzWriter();
    // a failure is answered by `put` and by the writing below; the stream may fail before `put` reads it
    writer.output.on('error', () => undefined);
    const stored = this.storage.put(fileKey(id), writer.output);
    try {
      await Promise.all([
        stored,
        this.archive(id, uuid, writer).catch((error: unknown) => {
          writer.output.destroy(error instanceof Error ? error : new Error(String(error)));
          throw error;
        }),
      ]);
    } catch (error) {
      await stored.catch(() => undefined);
      await this.storage.delete(fileKey(id));
      throw error;
    }
    const info = await this.storage.stat(fileKey(id));
    if (!info) throw new Error(`the archive ${id} is missing from the file store once written`);
    return info.size;
  }

  /** Writes the .tar.gz of everything the platform holds about user `uuid` into `writer`. */
  private async archive(id: string, uuid: string, writer: TarGzWriter): Promise<void> {
    const user = await this.db.getRepository(User).findOneBy({ uuid });
    if (!user) throw AppError.notFound('user not found', 'ACCOUNTS.USER_NOT_FOUND');
    const logins = await this.db.query<
      Array<{ provider: string; email: string | null; created: Date; last_login: Date | null }>
    >(
      `SELECT provider, email, created, last_login FROM accounts.external_identity WHERE user_uuid = $1
        ORDER BY created, provider`,
      [uuid],
    );
    const enrolled = await this.db.query<Array<{ category: string; role: string; created: Date }>>(
      `SELECT category::text AS category, role, created FROM accounts.enrolment WHERE user_uuid = $1
        ORDER BY created, category`,
      [uuid],
    );
    const enrolments: Array<{
      category: string;
      category_name: string | null;
      role: string;
      created: string;
    }> = [];
    for (const e of enrolled) {
      const info = await this.categories.enrolmentInfo(e.category);
      enrolments.push({
        category: e.category,
        category_name: info?.mname ?? null,
        role: e.role,
        created: e.created.toISOString(),
      });
    }
    await this.progress(id, 10);
    const part = await this.consultation.data(uuid);
    await this.progress(id, 30);

    const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);
    await writer.addBuffer('README.md', Buffer.from(archiveReadme(new Date())));
    await writer.addBuffer(
      'profile.json',
      json({
        ...toUserAnswer(user),
        external_logins: logins.map((l) => ({
          provider: l.provider,
          email: l.email,
          created: l.created.toISOString(),
          last_login: l.last_login ? l.last_login.toISOString() : null,
        })),
      }),
    );
    await writer.addBuffer('enrolments.json', json(enrolments));
    await writer.addBuffer('consultation-profile.json', json(part.profile_answers));
    await writer.addBuffer('answers.geojson', json(part.answers));
    await writer.addBuffer('likes.json', json(part.likes));
    await writer.addBuffer('forum-posts.json', json(part.forum_posts));
    const files: Array<UserDataFile & { path: string | null }> = [];
    for (const [i, f] of part.files.entries()) {
      const file = await this.consultation.file(uuid, f.id);
      if (file) await writer.addStream(fileEntryName(f), file.size, file.stream);
      files.push({ ...f, path: file ? fileEntryName(f) : null });
      await this.progress(id, 30 + (65 * (i + 1)) / part.files.length);
    }
    await writer.addBuffer('files.json', json(files));
    await writer.finish();
  }
}
