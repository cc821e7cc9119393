import { z } from 'zod';
import { pagedAnswer } from './common.js';

/**
 * The request and answer bodies of the library service (see `ZodBody` / `ZodResponse` in the services). The forms
 * of items, documentation pages and views come as JSON or as multipart text fields; their content rules (sizes,
 * patterns, unique uris) are the scope rules the service checks after these schemas (`LIBRARY.INVALID_FIELD`).
 */

/** A form that refuses fields it does not know, in the words API clients already read. */
function form<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? `property ${issue.keys[0] ?? ''} should not exist` : undefined,
  });
}

const text = z.string().optional();
/** `_method=PUT` of a form sent as POST. */
const putOverride = z.enum(['PUT', 'put']).optional();
const uuid = z.string().meta({ format: 'uuid' });
const owned = {
  owner: z.string().nullable().meta({
    format: 'uuid',
    description: 'uuid of the user who created it; null when unknown (then only admins may change it)',
  }),
  can_edit: z.boolean().meta({
    description:
      'whether the current user may change it (items and documentation pages: any editor or admin; views: its owner or an admin)',
  }),
  can_delete: z
    .boolean()
    .meta({ description: 'whether the current user may delete it (its owner or an admin)' }),
  created: z.string().meta({ format: 'date-time' }),
};

/** The URL of a stored upload (editor image, marker, icon). */
export const UploadedUrlAnswer = z.object({ url: z.string() });
export type UploadedUrlAnswer = z.infer<typeof UploadedUrlAnswer>;

// Library items

/** The text fields of a library item's form (the image comes as the file `resource`). */
export const LibraryItemBody = form({
  title: text,
  tags: z.string().optional().meta({ description: 'JSON array of strings', example: '["square","park"]' }),
  tooltip: text,
  description: text,
  documentation: z.string().optional().meta({ description: 'http(s):// link' }),
  alt_text: text,
  /** the current image's URL sent back by a form: ignored (a new image comes as a file) */
  resource: text,
  _method: putOverride,
});
export type LibraryItemBody = z.infer<typeof LibraryItemBody>;

export const LibraryItemAnswer = z.object({
  uuid,
  title: z.string(),
  tags: z.array(z.string()),
  tooltip: z.string(),
  description: z.string(),
  documentation: z.string().meta({ description: 'link to documentation' }),
  alt_text: z.string(),
  resource: z
    .string()
    .meta({ description: 'URL of the image', example: '/api/library/files/items/0b5c.png' }),
  thumbnail: z.string().nullable().meta({ description: 'URL of a smaller image, when there is one' }),
  width: z.number().int().meta({ description: 'pixels' }),
  height: z.number().int().meta({ description: 'pixels' }),
  mime: z.string().meta({ example: 'image/png' }),
  ...owned,
});
export type LibraryItemAnswer = z.infer<typeof LibraryItemAnswer>;

export const LibraryItemPageAnswer = pagedAnswer(LibraryItemAnswer);
export type LibraryItemPageAnswer = z.infer<typeof LibraryItemPageAnswer>;

export const LibraryItemsAnswer = z.array(LibraryItemAnswer);
export type LibraryItemsAnswer = z.infer<typeof LibraryItemsAnswer>;

export const LibraryRecentAnswer = z.object({ values: z.array(LibraryItemAnswer) });
export type LibraryRecentAnswer = z.infer<typeof LibraryRecentAnswer>;

export const LibraryTagsAnswer = z.array(z.string());
export type LibraryTagsAnswer = z.infer<typeof LibraryTagsAnswer>;

/** Who uploaded an item (internal: the consultation service's ownership checks). */
export const LibraryOwnerAnswer = z.object({ owner: z.string().nullable() });
export type LibraryOwnerAnswer = z.infer<typeof LibraryOwnerAnswer>;

export const MarkerAnswer = z.object({ url: z.string(), type: z.literal('marker'), name: z.string() });
export type MarkerAnswer = z.infer<typeof MarkerAnswer>;
export const MarkersAnswer = z.array(MarkerAnswer);
export type MarkersAnswer = z.infer<typeof MarkersAnswer>;

/** `POST marker`: a multipart form with the SVG file in `file` (sanitised; hostile content refused). */
export const MarkerUploadForm = z.object({
  file: z.string().meta({ format: 'binary', description: 'the SVG file' }),
});
export type MarkerUploadForm = z.infer<typeof MarkerUploadForm>;

// Library views

/** A library view's fields, as JSON or multipart (`items`: a list of item uuids, or its JSON text). */
export const LibraryViewBody = form({
  uri: text,
  title: text,
  description: text,
  items: z
    .union([z.array(z.string()), z.string()], { error: 'items: a list of library item uuids is expected' })
    .optional()
    .meta({ description: 'library item uuids, or their JSON text' }),
  /** sent back by a form: ignored */
  uuid: text,
  _method: putOverride,
});
export type LibraryViewBody = z.infer<typeof LibraryViewBody>;

export const LibraryViewAnswer = z.object({
  uuid,
  uri: z.string(),
  title: z.string(),
  description: z.string(),
  items: z.array(z.string()),
  ...owned,
});
export type LibraryViewAnswer = z.infer<typeof LibraryViewAnswer>;

export const LibraryViewPageAnswer = pagedAnswer(LibraryViewAnswer);
export type LibraryViewPageAnswer = z.infer<typeof LibraryViewPageAnswer>;

/** The public page of a view: its items that still exist, in the view's order. */
export const LibraryViewPublicAnswer = z.object({
  title: z.string(),
  description: z.string(),
  items: z.array(LibraryItemAnswer),
});
export type LibraryViewPublicAnswer = z.infer<typeof LibraryViewPublicAnswer>;

// Documentation

export const DOCUMENTATION_TYPES = ['html', 'resource'] as const;

/** The text fields of a documentation page's form (a resource's file comes as the file `resource`). */
export const DocumentationBody = form({
  uri: text,
  title: text,
  comment: text,
  type: z.enum(DOCUMENTATION_TYPES).optional(),
  html: z.string().optional().meta({ description: 'html body (sanitised)' }),
  /** the current file's URL sent back by a form: ignored (a new file comes as a file) */
  resource: text,
  uuid: text,
  _method: putOverride,
});
export type DocumentationBody = z.infer<typeof DocumentationBody>;

export const DocumentationAnswer = z.object({
  uuid,
  uri: z.string(),
  title: z.string(),
  comment: z.string(),
  type: z.enum(DOCUMENTATION_TYPES),
  html: z.string().nullable(),
  resource: z.string().nullable().meta({ description: 'URL of the file' }),
  filename: z.string().nullable().meta({ description: 'the uploaded file name' }),
  ...owned,
});
export type DocumentationAnswer = z.infer<typeof DocumentationAnswer>;

export const DocumentationPageAnswer = pagedAnswer(DocumentationAnswer);
export type DocumentationPageAnswer = z.infer<typeof DocumentationPageAnswer>;

/** The public page of an html documentation page (a resource page answers its file). */
export const DocumentationHtmlAnswer = z.object({
  type: z.literal('html'),
  title: z.string(),
  html: z.string(),
});
export type DocumentationHtmlAnswer = z.infer<typeof DocumentationHtmlAnswer>;

/** `GET /?action=documentation|libraryView&uri=…` when it answers JSON. */
export const PublicPageAnswer = z.union([DocumentationHtmlAnswer, LibraryViewPublicAnswer]);
export type PublicPageAnswer = z.infer<typeof PublicPageAnswer>;

// File browser

const invalidPath = { error: 'invalid path' };

/** `?action=fileBrowser&dir=…` lists a folder, `&download=…` sends a file (paths from the storage root). */
export const FileBrowserQuery = z.object({
  dir: z.string(invalidPath).optional(),
  download: z.string(invalidPath).optional(),
});
export type FileBrowserQuery = z.infer<typeof FileBrowserQuery>;

export const FileBrowserListingAnswer = z.object({
  content: z.array(
    z.object({
      name: z.string(),
      type: z.enum(['file', 'dir']),
      size: z.number().int().min(0),
      modified: z.string().nullable().meta({ format: 'date-time' }),
      path: z.string(),
    }),
  ),
  breadcrumb: z.array(z.object({ name: z.string(), path: z.string() })),
});
export type FileBrowserListingAnswer = z.infer<typeof FileBrowserListingAnswer>;

export const DeleteFileBody = form({ path: z.string() });
export type DeleteFileBody = z.infer<typeof DeleteFileBody>;

// Backups

const missing = { error: 'missing parameters' };

/** Another Agora server to restore the library from, with the API access its admin enabled for a backup. */
export const RestoreFromApiBody = form({
  domain: z.string(missing).min(1, missing).max(253),
  api_client: z.string(missing).min(1, missing).max(64),
  api_secret: z.string(missing).min(1, missing).max(200),
});
export type RestoreFromApiBody = z.infer<typeof RestoreFromApiBody>;

export const BackupAnswer = z.object({
  filename: z.string(),
  created: z.string().meta({ format: 'date-time' }),
  size: z.number().min(0).meta({ description: 'bytes' }),
  items: z.number().int().min(0),
  source: z.string().meta({ description: 'export, or where a restore came from' }),
  restored_date: z.string().nullable().meta({ format: 'date-time' }),
  api_enabled: z.boolean(),
  api_client: z.string().nullable(),
  api_secret: z.string().nullable().meta({ description: 'shown only in the answer that enables the API' }),
});
export type BackupAnswer = z.infer<typeof BackupAnswer>;

export const BackupsAnswer = z.array(BackupAnswer);
export type BackupsAnswer = z.infer<typeof BackupsAnswer>;

/** A started export or restore: poll `GET libraryExport/job/{job}`. */
export const BackupJobStartedAnswer = z.object({ job: z.string() });
export type BackupJobStartedAnswer = z.infer<typeof BackupJobStartedAnswer>;

export const BackupJobAnswer = z.object({
  id: z.string(),
  kind: z.string().meta({ description: 'export or restore' }),
  state: z.enum(['running', 'done', 'failed']),
  progress: z.number().min(0).meta({ description: 'percent' }),
  error: z.string().optional(),
  code: z.string().optional(),
  status: z.number().int().optional().meta({ description: 'the HTTP status the failure would have had' }),
  filename: z.string().optional(),
});
export type BackupJobAnswer = z.infer<typeof BackupJobAnswer>;
