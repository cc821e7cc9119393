import { MultipartBody } from '@agora/common';
import { NO_FILES } from '../http/form.js';

/**
 * A structure write (topic, attribute, variable) taking JSON or multipart/form-data text fields, no files; its
 * schema (`@agora/contracts/api`) reads the text of a form into each field's type. Fields may hold up to 2 MB, more
 * than the other consultation forms, for imported GeoJSON (bounded to 1 MB by its own check); at most 100 fields.
 */
export const StructureFormBody = (): MethodDecorator =>
  MultipartBody({ fields: 100, fieldSize: 2 * 1024 * 1024, refusal: NO_FILES });
