/**
 * The body of a structure write (topic, attribute, variable), sent as JSON or as multipart/form-data with the same
 * field names. Multipart values are text, so booleans and numbers are read from their text too, and JSON fields
 * (boundary, relative_documents, variable_type, ...) are parsed strictly. Unknown fields are refused.
 */
import { applyDecorators, UseInterceptors } from '@nestjs/common';
import { NoFilesInterceptor } from '@nestjs/platform-express';
import { ApiConsumes } from '@nestjs/swagger';
import type { FieldValue, TitledFile } from '@agora/contracts';
import {
  boolean,
  formFields,
  integer,
  isLink,
  json,
  LINK_MESSAGE,
  rowList,
  text,
  type FieldReader,
} from '../http/form.js';
import { ValidationErrors } from '../validation/validation.errors.js';

/**
 * A write taking JSON or multipart/form-data text fields (no files). Fields may hold up to 2 MB, more than the
 * other consultation forms, for imported GeoJSON (bounded to 1 MB by its own check); at most 100 fields.
 */
export const StructureFormBody = () =>
  applyDecorators(
    UseInterceptors(NoFilesInterceptor({ limits: { fieldSize: 2 * 1024 * 1024, fields: 100, files: 0 } })),
    ApiConsumes('application/json', 'multipart/form-data'),
  );

const invalid = ValidationErrors.invalidField;

/** Fields of the answers that a client may send back unchanged: never written from a request. */
const READ_ONLY = ['token', 'sort_order', 'forum_topic_id', 'forum_topic_url'];

const COLOR = /^#[0-9a-f]{6}$/i;
const INT_MAX = 1_000_000;

const titledFiles = json(
  rowList({ title: { maxSize: 300 }, file: { maxSize: 2000, check: isLink, message: LINK_MESSAGE } }, 100),
);

/**
 * The fields of one structure write, read on demand with the consultation's field readers (`http/form.ts`):
 * absent fields answer undefined.
 */
export class Form {
  private readonly values: Record<string, unknown> = {};

  /** `fields`: the names this write takes. */
  constructor(body: unknown, fields: readonly string[]) {
    if (body === undefined) return;
    for (const [key, value] of Object.entries(formFields(body))) {
      if (fields.includes(key)) this.values[key] = value;
      else if (!READ_ONLY.includes(key)) throw invalid(key, 'unknown field', 'unknown');
    }
  }

  private read<T>(field: string, reader: FieldReader<T>): T | undefined {
    return this.has(field) ? reader(this.values[field], field) : undefined;
  }

  has(field: string): boolean {
    return field in this.values;
  }

  /** The fields sent, as the rule engine reads them (JSON fields as their text). */
  ruled(fields: readonly string[]): Record<string, FieldValue> {
    const out: Record<string, FieldValue> = {};
    for (const f of fields) {
      if (!this.has(f)) continue;
      const v = this.values[f];
      out[f] = v === null || typeof v !== 'object' ? (v as FieldValue) : JSON.stringify(v);
    }
    return out;
  }

  /** Text ('' when null), trimmed. */
  text(field: string): string | undefined {
    return this.read(field, text);
  }

  bool(field: string): boolean | undefined {
    return this.read(field, boolean);
  }

  /** A whole number at least `min`; null when empty. */
  int(field: string, min: number): number | null | undefined {
    const v = this.values[field];
    return v === null || v === ''
      ? this.has(field)
        ? null
        : undefined
      : this.read(field, integer(min, INT_MAX));
  }

  /** A JSON field: text is parsed strictly (multipart), a JSON body's value is taken as is; null when empty. */
  json(field: string): unknown {
    const v = this.values[field];
    return v === null || v === ''
      ? this.has(field)
        ? null
        : undefined
      : this.read(
          field,
          json((x) => x),
        );
  }

  /** One of `choices`; null when empty. */
  oneOf<T extends string>(field: string, choices: readonly T[]): T | null | undefined {
    const v = this.text(field);
    if (v === undefined || v === '') return v === '' ? null : undefined;
    if (!(choices as readonly string[]).includes(v))
      throw invalid(field, `one of ${choices.join(', ')}`, 'choice');
    return v as T;
  }

  /** '#rrggbb' (lower-cased) or ''. */
  color(field: string): string | undefined {
    const v = this.text(field);
    if (v === undefined || v === '') return v;
    if (!COLOR.test(v)) throw ValidationErrors.pattern(field, 'a colour #rrggbb');
    return v.toLowerCase();
  }

  /** Rows of title and file link, both required (relative documents); [] when empty. */
  titledFiles(field: string): TitledFile[] | undefined {
    const v = this.values[field];
    return v === '' ? (this.has(field) ? [] : undefined) : this.read(field, titledFiles);
  }
}
