import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { AppError, AuditLog, LOGGER, PAGE_SIZE, paged, type AuditActor } from '@agora/common';
import type { Paged, SessionUser } from '@agora/contracts';
import type { DocumentationAnswer, DocumentationBody } from '@agora/contracts/api';
import type { Logger } from 'pino';
import { QueryFailedError, type Repository } from 'typeorm';
import { deleteRecorded, saveRecorded, type RecordedKind } from '../audit/recorded-writes.js';
import { fileUrl } from '../files/file-url.js';
import { assertMayManage, rightsOf } from '../http/ownership.js';
import { FILE_STORAGE, type FileStorage } from '@agora/common/storage';
import { checkDocument, DOCUMENT_MIME, type DocumentKind } from '../uploads/document.js';
import { assertForm, DOCUMENTATION_RULES } from '../uploads/rules.js';
import { sanitizeHtml } from '../uploads/sanitize.js';
import { removeFiles, withStoredFiles } from '../uploads/stored-write.js';
import { UploadErrors } from '../uploads/upload-errors.js';
import { utf8Name, type UploadedPart } from '../uploads/upload.options.js';
import { Documentation } from './entities/documentation.entity.js';

export const DocumentationErrors = {
  notFound: () => AppError.notFound('documentation not found', 'LIBRARY.DOCUMENTATION_NOT_FOUND'),
  typeRequired: () => AppError.badRequest('LIBRARY.INVALID_FIELD', 'type: This value is required.'),
  typeFixed: () => AppError.badRequest('LIBRARY.TYPE_FIXED', 'type: the type cannot change'),
};

/** A page as `viewer` sees it, with what they may do with it. */
export function toDocumentationResponse(d: Documentation, viewer: SessionUser | null): DocumentationAnswer {
  return {
    uuid: d.id,
    uri: d.uri,
    title: d.title,
    comment: d.comment,
    type: d.type,
    html: d.type === 'html' ? (d.html ?? '') : null,
    resource: d.resource_key ? fileUrl(d.resource_key) : null,
    filename: d.filename,
    owner: d.owner,
    ...rightsOf(viewer, d.owner, 'shared'),
    created: d.created.toISOString(),
  };
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof QueryFailedError && (error.driverError as { code?: string }).code === '23505';
}

/** A stored document, opened for the public viewer. */
export interface DocumentDownload {
  stream: Readable;
  size: number;
  mime: string;
  filename: string;
}

@Injectable()
export class DocumentationService {
  constructor(
    @InjectRepository(Documentation, 'library') private readonly docs: Repository<Documentation>,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly audit: AuditLog,
  ) {}

  async page(
    page: number,
    query: string | undefined,
    viewer: SessionUser,
  ): Promise<Paged<DocumentationAnswer>> {
    const qb = this.docs
      .createQueryBuilder('d')
      .orderBy('d.created', 'DESC')
      .addOrderBy('d.id', 'DESC')
      .offset((page - 1) * PAGE_SIZE)
      .limit(PAGE_SIZE);
    const q = query?.trim();
    if (q) {
      const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      qb.where('(d.uri ILIKE :like OR d.title ILIKE :like)', { like });
    }
    const [rows, total] = await qb.getManyAndCount();
    return paged(
      rows.map((r) => toDocumentationResponse(r, viewer)),
      page,
      total,
    );
  }

  async one(id: string, viewer: SessionUser): Promise<DocumentationAnswer> {
    return toDocumentationResponse(await this.row(id), viewer);
  }

  async uriExists(uri: string): Promise<boolean> {
    return this.docs.existsBy({ uri });
  }

  /** Adds a page (HTML, or a document file), recorded in the audit log (`documentation.create`). */
  async create(
    form: DocumentationBody,
    file: UploadedPart | undefined,
    user: SessionUser,
    actor: AuditActor,
  ): Promise<DocumentationAnswer> {
    const values = this.values(form);
    assertForm(DOCUMENTATION_RULES, values, 'post');
    if (form.type !== 'html' && form.type !== 'resource') throw DocumentationErrors.typeRequired();
    if (await this.uriExists(values.uri!)) throw UploadErrors.exists('uri');
    const base = { uri: values.uri!, title: values.title!, comment: values.comment ?? '', owner: user.uuid };
    if (form.type === 'html') {
      return this.save(
        [],
        this.docs.create({ ...base, type: 'html', html: sanitizeHtml(form.html ?? ''), resource_key: null }),
        user,
        actor,
        null,
      );
    }
    if (!file) throw UploadErrors.fileRequired('resource');
    const kind = checkDocument(file.buffer, file.originalname);
    const key = `documentation/${randomUUID()}.${kind}`;
    return this.save(
      [{ key, data: file.buffer }],
      this.docs.create({
        ...base,
        type: 'resource',
        html: null,
        resource_key: key,
        filename: safeName(utf8Name(file), kind),
      }),
      user,
      actor,
      null,
    );
  }

  /** Changes the fields sent (and the file), recorded with the fields changed (`documentation.update`). */
  async update(
    id: string,
    form: DocumentationBody,
    file: UploadedPart | undefined,
    user: SessionUser,
    actor: AuditActor,
  ): Promise<DocumentationAnswer> {
    const row = await this.row(id);
    if (form.type !== undefined && form.type !== row.type) throw DocumentationErrors.typeFixed();
    const values = this.values(form);
    assertForm(DOCUMENTATION_RULES, values, 'put');
    if (values.uri !== undefined && values.uri !== row.uri && (await this.uriExists(values.uri)))
      throw UploadErrors.exists('uri');
    const patch: Partial<Documentation> = { ...values };
    const files: Array<{ key: string; data: Buffer }> = [];
    const oldKey = row.resource_key;
    if (row.type === 'html') {
      if (form.html !== undefined) patch.html = sanitizeHtml(form.html);
      if (file) throw UploadErrors.invalidField('resource', 'an html page has no file');
    } else if (file) {
      const kind = checkDocument(file.buffer, file.originalname);
      patch.resource_key = `documentation/${randomUUID()}.${kind}`;
      patch.filename = safeName(utf8Name(file), kind);
      files.push({ key: patch.resource_key, data: file.buffer });
    }
    const before = { ...row };
    const saved = await this.save(files, this.docs.merge(row, patch), user, actor, before);
    if (files.length > 0) await removeFiles(this.storage, [oldKey]);
    return saved;
  }

  /** Deletes a page and its file: only the owner or an admin (403 `LIBRARY.NOT_OWNER`); recorded as it was. */
  async remove(id: string, user: SessionUser, actor: AuditActor): Promise<void> {
    const row = await this.row(id);
    assertMayManage(user, row.owner);
    await deleteRecorded(this.docs, this.kind(actor), row);
    await removeFiles(this.storage, [row.resource_key]);
  }

  /** The public page by uri: html → its content; resource → the file, named after the last uri segment. */
  async byUri(
    uri: string,
  ): Promise<{ type: 'html'; title: string; html: string } | ({ type: 'resource' } & DocumentDownload)> {
    const row = await this.docs.findOneBy({ uri });
    if (!row) throw DocumentationErrors.notFound();
    if (row.type === 'html') return { type: 'html', title: row.title, html: row.html ?? '' };
    const file = row.resource_key ? await this.storage.get(row.resource_key) : null;
    if (!file) {
      this.logger.warn({ uri, key: row.resource_key }, 'documentation file missing');
      throw DocumentationErrors.notFound();
    }
    const kind = row.resource_key!.slice(row.resource_key!.lastIndexOf('.') + 1) as DocumentKind;
    const segment = uri.slice(uri.lastIndexOf('/') + 1);
    return {
      type: 'resource',
      stream: file.stream,
      size: file.size,
      mime: DOCUMENT_MIME[kind],
      filename: `${segment}.${kind}`,
    };
  }

  private async row(id: string): Promise<Documentation> {
    const row = await this.docs.findOneBy({ id });
    if (!row) throw DocumentationErrors.notFound();
    return row;
  }

  /** How the pages' changes are recorded (`documentation.create`, …). */
  private kind(actor: AuditActor): RecordedKind {
    return { audit: this.audit, actor, action: 'documentation', type: 'documentation' };
  }

  private async save(
    files: Array<{ key: string; data: Buffer }>,
    row: Documentation,
    user: SessionUser,
    actor: AuditActor,
    before: object | null,
  ): Promise<DocumentationAnswer> {
    try {
      const saved = await withStoredFiles(this.storage, files, () =>
        saveRecorded(this.docs, this.kind(actor), row, before),
      );
      return toDocumentationResponse(saved, user);
    } catch (error) {
      if (isUniqueViolation(error)) throw UploadErrors.exists('uri');
      throw error;
    }
  }

  private values(form: DocumentationBody): { uri?: string; title?: string; comment?: string } {
    const out: { uri?: string; title?: string; comment?: string } = {};
    if (form.uri !== undefined) out.uri = form.uri.trim();
    if (form.title !== undefined) out.title = form.title.trim();
    if (form.comment !== undefined) out.comment = form.comment.trim();
    return out;
  }
}

/** The uploaded name, reduced to safe characters, for display. */
function safeName(name: string, kind: DocumentKind): string {
  const base =
    name
      .replace(/\.[^.]*$/, '')
      .replace(/[^\p{L}\p{N}._ -]/gu, '_')
      .slice(0, 100) || 'document';
  return `${base}.${kind}`;
}
