import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { AppError, AuditLog, PAGE_SIZE, paged, type AuditActor } from '@agora/common';
import type { Paged, SessionUser } from '@agora/contracts';
import type { LibraryViewAnswer, LibraryViewBody, LibraryViewPublicAnswer } from '@agora/contracts/api';
import { QueryFailedError, type Repository } from 'typeorm';
import { deleteRecorded, saveRecorded, type RecordedKind } from '../audit/recorded-writes.js';
import { assertMayManage, rightsOf } from '../http/ownership.js';
import { LibraryService } from '../library/library.service.js';
import { assertForm, isUuid, LIBRARY_VIEW_RULES, parseStringList } from '../uploads/rules.js';
import { UploadErrors } from '../uploads/upload-errors.js';
import { LibraryView } from './entities/library-view.entity.js';

export const LibraryViewErrors = {
  notFound: () => AppError.notFound('library view not found', 'LIBRARY.VIEW_NOT_FOUND'),
};

/** A view as `viewer` sees it, with what they may do with it. */
export function toLibraryViewResponse(v: LibraryView, viewer: SessionUser | null): LibraryViewAnswer {
  return {
    uuid: v.id,
    uri: v.uri,
    title: v.title,
    description: v.description,
    items: v.items,
    owner: v.owner,
    ...rightsOf(viewer, v.owner, 'owned'),
    created: v.created.toISOString(),
  };
}

function parseItems(raw: unknown): string[] | undefined {
  if (raw === undefined) return undefined;
  const list = typeof raw === 'string' ? parseStringList('items', raw) : raw;
  if (!Array.isArray(list) || !list.every((v): v is string => typeof v === 'string' && isUuid(v)))
    throw UploadErrors.invalidField('items', 'a list of library item uuids is expected');
  return [...new Set(list.map((v) => v.toLowerCase()))];
}

@Injectable()
export class LibraryViewService {
  constructor(
    @InjectRepository(LibraryView, 'library') private readonly views: Repository<LibraryView>,
    private readonly library: LibraryService,
    private readonly audit: AuditLog,
  ) {}

  async page(page: number, viewer: SessionUser): Promise<Paged<LibraryViewAnswer>> {
    const [rows, total] = await this.views.findAndCount({
      order: { created: 'DESC', id: 'DESC' },
      skip: (page - 1) * PAGE_SIZE,
      take: PAGE_SIZE,
    });
    return paged(
      rows.map((r) => toLibraryViewResponse(r, viewer)),
      page,
      total,
    );
  }

  async one(id: string, viewer: SessionUser): Promise<LibraryViewAnswer> {
    return toLibraryViewResponse(await this.row(id), viewer);
  }

  uriExists(uri: string): Promise<boolean> {
    return this.views.existsBy({ uri });
  }

  /** Adds a view, recorded in the audit log (`library_view.create`). */
  async create(form: LibraryViewBody, user: SessionUser, actor: AuditActor): Promise<LibraryViewAnswer> {
    const { values, items } = await this.read(form, 'post');
    if (await this.uriExists(values.uri!)) throw UploadErrors.exists('uri');
    return this.save(
      this.views.create({
        uri: values.uri!,
        title: values.title!,
        description: values.description ?? '',
        items: items ?? [],
        owner: user.uuid,
      }),
      user,
      actor,
      null,
    );
  }

  /**
   * Changes the fields sent: only the owner or an admin (403 `LIBRARY.NOT_OWNER`); recorded with the fields
   * changed (`library_view.update`).
   */
  async update(
    id: string,
    form: LibraryViewBody,
    user: SessionUser,
    actor: AuditActor,
  ): Promise<LibraryViewAnswer> {
    const row = await this.row(id);
    assertMayManage(user, row.owner);
    const { values, items } = await this.read(form, 'put');
    if (values.uri !== undefined && values.uri !== row.uri && (await this.uriExists(values.uri)))
      throw UploadErrors.exists('uri');
    const before = { ...row };
    return this.save(this.views.merge(row, { ...values, ...(items ? { items } : {}) }), user, actor, before);
  }

  /** Deletes a view: only the owner or an admin (403 `LIBRARY.NOT_OWNER`); recorded as it was. */
  async remove(id: string, user: SessionUser, actor: AuditActor): Promise<void> {
    const row = await this.row(id);
    assertMayManage(user, row.owner);
    await deleteRecorded(this.views, this.kind(actor), row);
  }

  /** The public page: title, description and the items that still exist, in the view's order. */
  async publicPage(uri: string): Promise<LibraryViewPublicAnswer> {
    const row = await this.views.findOneBy({ uri });
    if (!row) throw LibraryViewErrors.notFound();
    return {
      title: row.title,
      description: row.description,
      items: await this.library.byIds(row.items, null),
    };
  }

  private async read(form: LibraryViewBody, mode: 'post' | 'put') {
    const values: { uri?: string; title?: string; description?: string } = {};
    if (form.uri !== undefined) values.uri = form.uri.trim();
    if (form.title !== undefined) values.title = form.title.trim();
    if (form.description !== undefined) values.description = form.description.trim();
    const items = parseItems(form.items);
    assertForm(LIBRARY_VIEW_RULES, { ...values, ...(items ? { items } : {}) }, mode);
    if (items && items.length > 0) {
      const found = await this.library.byIds(items, null);
      if (found.length !== items.length) throw UploadErrors.invalidField('items', 'unknown library item');
    }
    return { values, items };
  }

  private async row(id: string): Promise<LibraryView> {
    const row = await this.views.findOneBy({ id });
    if (!row) throw LibraryViewErrors.notFound();
    return row;
  }

  /** How the views' changes are recorded (`library_view.create`, …). */
  private kind(actor: AuditActor): RecordedKind {
    return { audit: this.audit, actor, action: 'library_view', type: 'library_view' };
  }

  private async save(
    row: LibraryView,
    user: SessionUser,
    actor: AuditActor,
    before: object | null,
  ): Promise<LibraryViewAnswer> {
    try {
      return toLibraryViewResponse(await saveRecorded(this.views, this.kind(actor), row, before), user);
    } catch (error) {
      if (error instanceof QueryFailedError && (error.driverError as { code?: string }).code === '23505')
        throw UploadErrors.exists('uri');
      throw error;
    }
  }
}
