import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { lstat, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { AppError } from '@agora/common';
import { z } from 'zod';
import { ICON_MAX_BYTES } from '@agora/contracts';
import { ICON_NAME, ICON_PREFIX } from '../markers/icons-internal.controller.js';
import { MARKER_PREFIX } from '../markers/markers.controller.js';
import { isValidKey } from '@agora/common/storage';
import { sniffDocumentFile } from '@agora/common/uploads';
import { IMAGE_MIME, imageFormatOf } from '../uploads/image.js';
import {
  assertForm,
  assertTags,
  DOCUMENTATION_RULES,
  LIBRARY_RULES,
  LIBRARY_VIEW_RULES,
} from '../uploads/rules.js';
import { sanitizeHtml, sanitizeSvg } from '../uploads/sanitize.js';
import { UPLOAD_LIMITS } from '../uploads/upload-errors.js';
import { MANIFEST } from './archive-reader.js';
import { BackupErrors } from './backups.errors.js';
import { inBatches } from './batches.js';

export const BACKUP_FORMAT = 'agora-library-backup';
export const BACKUP_VERSION = 1;

/** The tables a backup holds, in insert order (views refer to items by uuid only, no foreign keys). */
export const TABLES = ['library_item', 'documentation', 'library_view'] as const;
export type TableName = (typeof TABLES)[number];

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_VERSION),
  created: z.string(),
  counts: z.object({
    library_item: z.number().int().min(0),
    documentation: z.number().int().min(0),
    library_view: z.number().int().min(0),
  }),
  files: z.number().int().min(0),
});
export type Manifest = z.infer<typeof manifestSchema>;

const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
/** The folder of the backup archives themselves: never library content, never written by a restore. */
export const BACKUPS_PREFIX = 'backups/';
const key = z
  .string()
  .refine(isValidKey, 'not a valid storage key')
  .refine((k) => !k.startsWith(BACKUPS_PREFIX), 'the backups folder is not library content');
const date = z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'not a date');
const optionalText = z.string().optional();

/**
 * Rows are checked on the columns the library relies on (the write rules come after, in `ROW_RULES`); other
 * columns pass through to the table as they are.
 */
const ROW_SCHEMAS: Record<TableName, z.ZodType> = {
  library_item: z.looseObject({
    id: uuid,
    title: z.string(),
    tags: z.array(z.string()),
    tooltip: optionalText,
    description: optionalText,
    documentation: optionalText,
    alt_text: optionalText,
    resource_key: key,
    thumbnail_key: key.nullable(),
    mime: z.string().regex(/^image\//),
    width: z.number().int().min(0),
    height: z.number().int().min(0),
    owner: uuid.nullable(),
    created: date,
  }),
  documentation: z
    .looseObject({
      id: uuid,
      uri: z.string().min(1),
      title: z.string(),
      comment: optionalText,
      type: z.enum(['html', 'resource']),
      html: z.string().nullable(),
      resource_key: key.nullable(),
      filename: z.string().max(300).nullable().optional(),
      created: date,
    })
    .refine(
      (d) => (d.type === 'html' ? d.resource_key === null : d.resource_key !== null),
      'type and content disagree',
    ),
  library_view: z.looseObject({
    id: uuid,
    uri: z.string().min(1),
    title: z.string(),
    description: optionalText,
    items: z.array(uuid),
    created: date,
  }),
};

type Row = Record<string, unknown>;

function text(row: Row, field: string): string {
  const value = row[field];
  return typeof value === 'string' ? value : '';
}

/**
 * The write endpoints' rules and sanitising, applied to a restored row (the same functions, not a copy):
 * field rules of the scope, tag rules, sanitised documentation html. Answers the row as it is inserted;
 * throws the endpoint's `AppError` when the row breaks a rule.
 */
const ROW_RULES: Record<TableName, (row: Row) => Row> = {
  library_item: (row) => {
    const tags = row.tags as string[];
    assertForm(
      LIBRARY_RULES,
      {
        title: text(row, 'title'),
        tags,
        tooltip: text(row, 'tooltip'),
        description: text(row, 'description'),
        documentation: text(row, 'documentation'),
        alt_text: text(row, 'alt_text'),
      },
      'post',
    );
    assertTags(tags);
    return row;
  },
  documentation: (row) => {
    assertForm(
      DOCUMENTATION_RULES,
      { uri: text(row, 'uri'), title: text(row, 'title'), comment: text(row, 'comment') },
      'post',
    );
    return row.type === 'html' ? { ...row, html: sanitizeHtml(text(row, 'html')) } : { ...row, html: null };
  },
  library_view: (row) => {
    assertForm(
      LIBRARY_VIEW_RULES,
      {
        uri: text(row, 'uri'),
        title: text(row, 'title'),
        description: text(row, 'description'),
        items: row.items as string[],
      },
      'post',
    );
    return row;
  },
};

/**
 * What a stored file must be: a library image (raster, its type as the row's `mime` says, or a sanitised SVG
 * when the row says `image/svg+xml`), a thumbnail or a rich-text image (raster), a document (.pdf/.doc/.docx
 * as its key's extension says) or a map marker (a sanitised SVG).
 */
export type FileKind = 'image' | 'thumbnail' | 'document' | 'editor' | 'marker' | 'icon';

export interface FileRef {
  key: string;
  kind: FileKind;
  /** the row's type for an `image` */
  mime?: string;
}

/** The storage keys a validated row refers to, with what kind of file each must be. */
export function keysOf(table: TableName, row: Row): FileRef[] {
  const out: FileRef[] = [];
  if (table === 'library_item') {
    out.push({ key: row.resource_key as string, kind: 'image', mime: row.mime as string });
    if (row.thumbnail_key) out.push({ key: row.thumbnail_key as string, kind: 'thumbnail' });
  } else if (table === 'documentation' && row.resource_key) {
    out.push({ key: row.resource_key as string, kind: 'document' });
  }
  return out;
}

/**
 * The folders of the whole library that no row refers to: rich-text images, map markers and the icons of the
 * consultation structure (attributes, variables, profile choices), which other services link to by URL.
 */
export const EDITOR_PREFIX = 'editor/';
export const LIBRARY_FOLDERS = [EDITOR_PREFIX, MARKER_PREFIX, ICON_PREFIX] as const;

/**
 * The kind of a key of those folders: `editor/<key>` images, `markers/<name>.svg` markers, `icons/<name>` icons,
 * else null.
 */
export function folderKindOf(k: string): FileKind | null {
  if (!isValidKey(k)) return null;
  if (k.startsWith(EDITOR_PREFIX)) return 'editor';
  if (k.startsWith(ICON_PREFIX)) return ICON_NAME.test(k.slice(ICON_PREFIX.length)) ? 'icon' : null;
  const name = k.startsWith(MARKER_PREFIX) ? k.slice(MARKER_PREFIX.length) : '';
  return name.endsWith('.svg') && !name.includes('/') ? 'marker' : null;
}

/** Staged files checked at the same time. */
const CHECK_CONCURRENCY = 4;
const SVG_MIME = 'image/svg+xml';
const RASTER = 'a JPEG, PNG, WebP, GIF or AVIF image';

/** Replaces a staged SVG by its sanitised text (the markers upload's check); refuses a hostile one. */
async function resanitizeSvg(file: string, k: string): Promise<void> {
  let clean: string;
  try {
    clean = sanitizeSvg(await readFile(file));
  } catch (error) {
    throw BackupErrors.badFile(
      k,
      `a safe SVG image (${error instanceof AppError ? error.message : 'unreadable'})`,
    );
  }
  await writeFile(file, clean);
}

/**
 * Checks the staged file of `ref` with the upload rules of its kind (size limits, content sniffed, SVG
 * sanitised in place); throws `BACKUP.MISSING_FILE` / `BACKUP.INVALID_FILE` naming the key.
 */
export async function checkStagedFile(dir: string, ref: FileRef): Promise<void> {
  const file = path.join(dir, 'files', ...ref.key.split('/'));
  let size: number;
  try {
    const info = await stat(file);
    if (!info.isFile()) throw new Error('not a file');
    size = info.size;
  } catch {
    throw BackupErrors.missingFile(ref.key);
  }
  switch (ref.kind) {
    case 'marker':
      return resanitizeSvg(file, ref.key);
    case 'icon': {
      if (size > ICON_MAX_BYTES) throw BackupErrors.badFile(ref.key, 'an icon within the size limit');
      if (ref.key.endsWith('.svg')) return resanitizeSvg(file, ref.key);
      if (!(await imageFormatOf(file))) throw BackupErrors.badFile(ref.key, RASTER);
      return;
    }
    case 'document': {
      if (size > UPLOAD_LIMITS.document)
        throw BackupErrors.badFile(ref.key, 'a document within the size limit');
      const ext = /\.([a-z]+)$/.exec(ref.key)?.[1];
      const kind = sniffDocumentFile(file);
      if (!kind || kind !== ext)
        throw BackupErrors.badFile(ref.key, 'a .pdf, .doc or .docx document of the kind its name says');
      return;
    }
    default: {
      if (size > UPLOAD_LIMITS.image) throw BackupErrors.badFile(ref.key, 'an image within the size limit');
      if (ref.kind === 'image' && ref.mime === SVG_MIME) return resanitizeSvg(file, ref.key);
      const format = await imageFormatOf(file);
      if (!format) throw BackupErrors.badFile(ref.key, RASTER);
      if (ref.kind === 'image' && ref.mime !== IMAGE_MIME[format])
        throw BackupErrors.badFile(ref.key, `a ${ref.mime ?? 'raster'} image (it is ${IMAGE_MIME[format]})`);
    }
  }
}

/**
 * The files below `dir` as `/`-separated relative keys, sorted (nothing when `dir` does not exist). With
 * `keepLinks` a symbolic link is listed as it is, not followed.
 */
export async function* walkFiles(
  dir: string,
  prefix = '',
  { keepLinks = false }: { keepLinks?: boolean } = {},
): AsyncGenerator<string> {
  let names: string[];
  try {
    names = (await readdir(dir)).sort();
  } catch {
    return;
  }
  for (const name of names) {
    const full = path.join(dir, name);
    const info = keepLinks ? await lstat(full) : await stat(full);
    if (info.isDirectory()) yield* walkFiles(full, `${prefix}${name}/`, { keepLinks });
    else yield `${prefix}${name}`;
  }
}

/**
 * A row of `table` (line `line` of its file) checked as the restore inserts it: the columns the library relies
 * on, then the write endpoints' rules; answers the row to insert (documentation html sanitised) or throws
 * `BACKUP.INVALID_ROW` naming the file, the line, the row's id and the broken rule.
 */
export function checkRow(table: TableName, value: unknown, line: number): Row {
  const parsed = ROW_SCHEMAS[table].safeParse(value);
  const id = (value as { id?: unknown } | null)?.id;
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw BackupErrors.badRow(
      `${table}.jsonl`,
      line,
      `${issue.path.join('.') || 'row'}: ${issue.message}`,
      id,
    );
  }
  try {
    return ROW_RULES[table](value as Row);
  } catch (error) {
    if (error instanceof AppError) throw BackupErrors.badRow(`${table}.jsonl`, line, error.message, id);
    throw error;
  }
}

/** Reads the rows of one staged `.jsonl`, one at a time (memory does not grow with the file). */
export async function* readRows(dir: string, table: TableName): AsyncGenerator<Record<string, unknown>> {
  const file = path.join(dir, `${table}.jsonl`);
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  let n = 0;
  for await (const line of lines) {
    n += 1;
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw BackupErrors.badRow(`${table}.jsonl`, n, 'not JSON');
    }
    yield checkRow(table, value, n);
  }
}

/**
 * Validates an unpacked archive in `dir`: the manifest, every row of every table (counts as the manifest says,
 * the write rules of each table), every file the rows refer to and the files of the library folders (each
 * with the upload rules of its kind, SVGs sanitised in place). Writes the keys to copy into the storage, one a
 * line, to `copyList`: only those; any other file of the archive is left out.
 */
export async function validateStaged(
  dir: string,
  copyList: string,
  onTable: (i: number) => void = () => undefined,
): Promise<Manifest> {
  let manifest: Manifest;
  try {
    const content = await readFile(path.join(dir, MANIFEST), 'utf8');
    const parsed = manifestSchema.safeParse(JSON.parse(content));
    if (!parsed.success) throw BackupErrors.badManifest(parsed.error.issues[0].message);
    manifest = parsed.data;
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT')
      throw BackupErrors.badManifest('manifest.json is missing');
    if (error instanceof SyntaxError) throw BackupErrors.badManifest('not JSON');
    throw error;
  }
  const out = createWriteStream(copyList);
  /** The files to check: those of every row (tables read in order, counts checked), then the library folders. */
  async function* refs(): AsyncGenerator<FileRef> {
    for (const [i, table] of TABLES.entries()) {
      try {
        await stat(path.join(dir, `${table}.jsonl`));
      } catch {
        throw BackupErrors.badManifest(`${table}.jsonl is missing`);
      }
      let count = 0;
      for await (const row of readRows(dir, table)) {
        count += 1;
        yield* keysOf(table, row);
      }
      if (count !== manifest.counts[table])
        throw BackupErrors.badManifest(
          `${table}: ${count} rows, the manifest says ${manifest.counts[table]}`,
        );
      onTable(i);
    }
    for (const folder of LIBRARY_FOLDERS) {
      for await (const rest of walkFiles(path.join(dir, 'files', ...folder.split('/').filter(Boolean)))) {
        const k = `${folder}${rest}`;
        const kind = folderKindOf(k);
        if (!kind)
          throw BackupErrors.badFile(k, `a file of the ${folder} folder (an image or an SVG marker)`);
        yield { key: k, kind };
      }
    }
  }
  try {
    // A few files at a time: reading an image's header (sharp) runs on the thread pool.
    await inBatches(
      refs(),
      CHECK_CONCURRENCY,
      (ref) => ref.key,
      async (ref) => {
        await checkStagedFile(dir, ref);
        if (!out.write(`${ref.key}\n`)) await once(out, 'drain');
      },
    );
  } finally {
    out.end();
    await once(out, 'close');
  }
  return manifest;
}
