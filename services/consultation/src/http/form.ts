import { MultipartBody } from '@agora/common';

/**
 * Form bodies of the consultation's writes: the same field names as JSON or as multipart/form-data (the spec sends
 * multipart). In multipart every value is text: the body's schema (`ZodBody(schema, FIELD_REFUSAL)`) reads each
 * field's text into its type before validation.
 */

/** The refusal of a file in a form that takes none: images and documents are links to the library. */
export const NO_FILES = 'files are not accepted here: send the link of a library file';

/**
 * A JSON or multipart body: its fields, never a file (400 `REQUEST.FILE`); a broken form is 400 `REQUEST.FORM`.
 * At most 200 fields of up to 256 KB.
 */
export function FormBody(): MethodDecorator {
  return MultipartBody({ fields: 200, fieldSize: 256 * 1024, refusal: NO_FILES });
}
