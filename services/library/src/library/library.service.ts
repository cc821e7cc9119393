import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { AppError, AuditLog, LOGGER, PAGE_SIZE, paged, type AuditActor } from '@agora/common';
import type { Paged, SessionUser } from '@agora/contracts';
import type { Logger } from 'pino';
import type { Repository } from 'typeorm';
import { deleteRecorded, saveRecorded, type RecordedKind } from '../audit/recorded-writes.js';
import { assertMayManage } from '../http/ownership.js';
import { FILE_STORAGE, type FileStorage } from '@agora/common/storage';
import { processImage } from '../uploads/image.js';
import { assertForm, LIBRARY_RULES, parseTags } from '../uploads/rules.js';
import { removeFiles, withStoredFiles } from '../uploads/stored-write.js';
import { UploadErrors } from '../uploads/upload-errors.js';
import type { UploadedPart } from '../uploads/upload.options.js';
import type { LibraryItemAnswer, LibraryItemBody } from '@agora/contracts/api';
import { LibraryItem } from './entities/library-item.entity.js';
import { toLibraryItemResponse } from './library.mapper.js';

/** What is needed to add an item whose file is already in the storage. */
export type NewLibraryItem = Pick<
  LibraryItem,
  | 'title'
  | 'tags'
  | 'tooltip'
  | 'description'
  | 'documentation'
  | 'alt_text'
  | 'resource_key'
  | 'mime'
  | 'width'
  | 'height'
> &
  Partial<Pick<LibraryItem, 'id' | 'thumbnail_key' | 'owner' | 'created'>>;

export const AUTOCOMPLETE_LIMIT = 8;
export const MAX_RECENT = 100;

const TEXT_FIELDS = ['title', 'tooltip', 'description', 'documentation', 'alt_text'] as const;

export const LibraryErrors = {
  notFound: () => AppError.notFound('library item not found', 'LIBRARY.ITEM_NOT_FOUND'),
};

@Injectable()
export class LibraryService {
  constructor(
    @InjectRepository(LibraryItem, 'library') private readonly items: Repository<LibraryItem>,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly audit: AuditLog,
  ) {}

  /**
   * One page of items, newest first; with `tags`, only items having all of them (GIN: `tags @> $1`). Every
   * answer tells `viewer` what they may do with each item (null: anonymous or a system call).
   */
  async page(page: number, tags: string[], viewer: SessionUser | null): Promise<Paged<LibraryItemAnswer>> {
    const qb = this.items
      .createQueryBuilder('i')
      .orderBy('i.created', 'DESC')
      .addOrderBy('i.id', 'DESC')
      .offset((page - 1) * PAGE_SIZE)
      .limit(PAGE_SIZE);
    if (tags.length > 0) qb.where('i.tags @> :tags::text[]', { tags });
    const [rows, total] = await qb.getManyAndCount();
    return paged(
      rows.map((r) => toLibraryItemResponse(r, viewer)),
      page,
      total,
    );
  }

  /** The `limit` newest items (optionally having all `tags`). */
  async recent(
    limit: number,
    tags: string[],
    order: 'ASC' | 'DESC',
    viewer: SessionUser | null,
  ): Promise<LibraryItemAnswer[]> {
    const qb = this.items
      .createQueryBuilder('i')
      .orderBy('i.created', order)
      .addOrderBy('i.id', order)
      .limit(limit);
    if (tags.length > 0) qb.where('i.tags @> :tags::text[]', { tags });
    return (await qb.getMany()).map((r) => toLibraryItemResponse(r, viewer));
  }

  /** Items by uuid, in the order asked; unknown uuids are skipped. */
  async byIds(ids: string[], viewer: SessionUser | null): Promise<LibraryItemAnswer[]> {
    if (ids.length === 0) return [];
    const rows = await this.items.createQueryBuilder('i').where('i.id IN (:...ids)', { ids }).getMany();
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toLibraryItemResponse(row, viewer)] : [];
    });
  }

  async one(id: string, viewer: SessionUser | null): Promise<LibraryItemAnswer> {
    const row = await this.items.findOneBy({ id });
    if (!row) throw LibraryErrors.notFound();
    return toLibraryItemResponse(row, viewer);
  }

  /** Tags that start with (first) or contain `query`, excluding `exclude`; at most 8. */
  async autocomplete(query: string, exclude: string[]): Promise<string[]> {
    const q = query.trim().toLowerCase();
    if (q === '') return [];
    const like = q.replace(/[\\%_]/g, (c) => `\\${c}`);
    const rows: Array<{ tag: string }> = await this.items.query(
      `SELECT tag FROM (
         SELECT DISTINCT t AS tag FROM "library"."library_item", unnest(tags) AS t
         WHERE lower(t) LIKE '%' || $1 || '%' AND NOT (t = ANY($2::text[]))
       ) s
       ORDER BY (lower(tag) LIKE $1 || '%') DESC, lower(tag), tag
       LIMIT ${AUTOCOMPLETE_LIMIT}`,
      [like, exclude],
    );
    return rows.map((r) => r.tag);
  }

  /**
   * Adds an item from an uploaded image (checked by content, metadata removed, thumbnail made), recorded in the
   * audit log (`library.create`).
   */
  async create(
    form: LibraryItemBody,
    file: UploadedPart | undefined,
    user: SessionUser,
    actor: AuditActor,
  ): Promise<LibraryItemAnswer> {
    const tags = parseTags(form.tags) ?? [];
    const values = this.textValues(form);
    assertForm(LIBRARY_RULES, { ...values, tags }, 'post');
    if (!file) throw UploadErrors.fileRequired('resource');
    const image = await processImage(file.buffer);
    const name = randomUUID();
    const resourceKey = `items/${name}.${image.ext}`;
    const thumbnailKey = `thumbs/${name}.webp`;
    const saved = await withStoredFiles(
      this.storage,
      [
        { key: resourceKey, data: image.data },
        { key: thumbnailKey, data: image.thumbnail },
      ],
      () =>
        saveRecorded(
          this.items,
          this.kind(actor),
          this.items.create({
            title: values.title ?? '',
            tags,
            tooltip: values.tooltip ?? '',
            description: values.description ?? '',
            documentation: values.documentation ?? '',
            alt_text: values.alt_text ?? '',
            resource_key: resourceKey,
            thumbnail_key: thumbnailKey,
            mime: image.mime,
            width: image.width,
            height: image.height,
            owner: user.uuid,
          }),
          null,
        ),
    );
    return toLibraryItemResponse(saved, user);
  }

  /**
   * Changes the fields sent (and the image when a new one is sent); old files go once the row is saved. Any
   * editor or admin, whoever uploaded it (decision 0066). Recorded in the audit log with the fields changed
   * (`library.update`).
   */
  async update(
    id: string,
    form: LibraryItemBody,
    file: UploadedPart | undefined,
    user: SessionUser,
    actor: AuditActor,
  ): Promise<LibraryItemAnswer> {
    const row = await this.items.findOneBy({ id });
    if (!row) throw LibraryErrors.notFound();
    const tags = parseTags(form.tags);
    const values = this.textValues(form);
    assertForm(LIBRARY_RULES, { ...values, ...(tags ? { tags } : {}) }, 'put');
    const patch: Partial<LibraryItem> = { ...values, ...(tags ? { tags } : {}) };
    const files: Array<{ key: string; data: Buffer }> = [];
    if (file) {
      const image = await processImage(file.buffer);
      const name = randomUUID();
      patch.resource_key = `items/${name}.${image.ext}`;
      patch.thumbnail_key = `thumbs/${name}.webp`;
      patch.mime = image.mime;
      patch.width = image.width;
      patch.height = image.height;
      files.push(
        { key: patch.resource_key, data: image.data },
        { key: patch.thumbnail_key, data: image.thumbnail },
      );
    }
    const oldKeys = [row.resource_key, row.thumbnail_key];
    const before = { ...row };
    const saved = await withStoredFiles(this.storage, files, () =>
      saveRecorded(this.items, this.kind(actor), this.items.merge(row, patch), before),
    );
    if (file) await this.removeQuietly(oldKeys);
    return toLibraryItemResponse(saved, user);
  }

  /**
   * Deletes an item and its files: only its owner or an admin (403 `LIBRARY.NOT_OWNER`); recorded in the audit
   * log with the item as it was (`library.delete`).
   */
  async remove(id: string, user: SessionUser, actor: AuditActor): Promise<void> {
    const row = await this.items.findOneBy({ id });
    if (!row) throw LibraryErrors.notFound();
    assertMayManage(user, row.owner);
    await deleteRecorded(this.items, this.kind(actor), row);
    await this.removeQuietly([row.resource_key, row.thumbnail_key]);
  }

  /** How the items' changes are recorded (`library.create`, … on `library_item`). */
  private kind(actor: AuditActor): RecordedKind {
    return { audit: this.audit, actor, action: 'library', type: 'library_item' };
  }

  private async removeQuietly(keys: Array<string | null>): Promise<void> {
    try {
      await removeFiles(this.storage, keys);
    } catch (err) {
      this.logger.warn({ err, keys }, 'library files left behind');
    }
  }

  private textValues(form: LibraryItemBody): Partial<Record<(typeof TEXT_FIELDS)[number], string>> {
    const out: Partial<Record<(typeof TEXT_FIELDS)[number], string>> = {};
    for (const f of TEXT_FIELDS) if (form[f] !== undefined) out[f] = form[f]!.trim();
    return out;
  }

  async isEmpty(): Promise<boolean> {
    return !(await this.items.exists());
  }

  /**
   * Adds `items` only when the library has none, atomically (the table is locked while checking, so two
   * processes starting together cannot both add them). Answers how many were added.
   */
  async addIfEmpty(items: NewLibraryItem[]): Promise<number> {
    return this.items.manager.transaction(async (m) => {
      await m.query('LOCK TABLE "library"."library_item" IN SHARE ROW EXCLUSIVE MODE');
      if (await m.exists(LibraryItem)) return 0;
      await m.insert(LibraryItem, items);
      return items.length;
    });
  }
}
