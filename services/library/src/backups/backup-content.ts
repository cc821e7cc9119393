import { createReadStream } from 'node:fs';
import { open, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import { isValidKey } from '../storage/storage-key.js';
import { MANIFEST } from './archive-reader.js';
import { BackupErrors } from './backups.errors.js';

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
const key = z.string().refine(isValidKey, 'not a valid storage key');
const date = z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'not a date');

/** Rows are checked on the columns the library relies on; other columns pass through to the table as they are. */
const ROW_SCHEMAS: Record<TableName, z.ZodType> = {
  library_item: z.looseObject({
    id: uuid,
    title: z.string(),
    tags: z.array(z.string()),
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
      type: z.enum(['html', 'resource']),
      html: z.string().nullable(),
      resource_key: key.nullable(),
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
    items: z.array(uuid),
    created: date,
  }),
};

/** The storage keys a validated row refers to, with what kind of file each must be. */
export function keysOf(
  table: TableName,
  row: Record<string, unknown>,
): Array<{ key: string; kind: FileKind }> {
  const out: Array<{ key: string; kind: FileKind }> = [];
  if (table === 'library_item') {
    out.push({ key: row.resource_key as string, kind: 'image' });
    if (row.thumbnail_key) out.push({ key: row.thumbnail_key as string, kind: 'image' });
  } else if (table === 'documentation' && row.resource_key) {
    out.push({ key: row.resource_key as string, kind: 'document' });
  }
  return out;
}

export type FileKind = 'image' | 'document';

/** Whether the first bytes of a file are those of an image (raster formats or SVG). */
export function looksLikeImage(head: Buffer): boolean {
  const hex = head.subarray(0, 12).toString('hex');
  if (hex.startsWith('89504e470d0a1a0a')) return true; // PNG
  if (hex.startsWith('ffd8ff')) return true; // JPEG
  if (head.subarray(0, 4).toString('latin1') === 'GIF8') return true;
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP')
    return true;
  if (
    head.subarray(4, 8).toString('latin1') === 'ftyp' &&
    /^(avif|avis|mif1)$/.test(head.subarray(8, 12).toString('latin1'))
  )
    return true;
  const text = head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  return text.startsWith('<') && /<svg[\s>]/i.test(text);
}

/** Whether the first bytes are those of a PDF, a Word 97 (OLE) or an Office Open XML (zip) document. */
export function looksLikeDocument(head: Buffer): boolean {
  const hex = head.subarray(0, 8).toString('hex');
  return hex.startsWith('25504446') || hex === 'd0cf11e0a1b11ae1' || hex.startsWith('504b0304');
}

async function readHead(file: string, bytes = 4096): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
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
    const parsed = ROW_SCHEMAS[table].safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw BackupErrors.badRow(`${table}.jsonl`, n, `${issue.path.join('.') || 'row'}: ${issue.message}`);
    }
    yield value as Record<string, unknown>;
  }
}

/**
 * Validates an unpacked archive in `dir`: the manifest, every row of every table (counts as the manifest says)
 * and every file the rows refer to (present, and an image or a document by its first bytes).
 */
export async function validateStaged(
  dir: string,
  onTable: (i: number) => void = () => undefined,
): Promise<Manifest> {
  let manifest: Manifest;
  try {
    const text = await readFile(path.join(dir, MANIFEST), 'utf8');
    const parsed = manifestSchema.safeParse(JSON.parse(text));
    if (!parsed.success) throw BackupErrors.badManifest(parsed.error.issues[0].message);
    manifest = parsed.data;
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT')
      throw BackupErrors.badManifest('manifest.json is missing');
    if (error instanceof SyntaxError) throw BackupErrors.badManifest('not JSON');
    throw error;
  }
  for (const [i, table] of TABLES.entries()) {
    try {
      await stat(path.join(dir, `${table}.jsonl`));
    } catch {
      throw BackupErrors.badManifest(`${table}.jsonl is missing`);
    }
    let count = 0;
    for await (const row of readRows(dir, table)) {
      count += 1;
      for (const { key, kind } of keysOf(table, row)) {
        let head: Buffer;
        try {
          head = await readHead(path.join(dir, 'files', ...key.split('/')));
        } catch {
          throw BackupErrors.missingFile(key);
        }
        if (kind === 'image' && !looksLikeImage(head)) throw BackupErrors.badFile(key, 'an image');
        if (kind === 'document' && !looksLikeDocument(head)) throw BackupErrors.badFile(key, 'a document');
      }
    }
    if (count !== manifest.counts[table])
      throw BackupErrors.badManifest(`${table}: ${count} rows, the manifest says ${manifest.counts[table]}`);
    onTable(i);
  }
  return manifest;
}
