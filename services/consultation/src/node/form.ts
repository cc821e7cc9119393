/**
 * The body of a structure write (topic, attribute, variable), sent as JSON or as multipart/form-data with the same
 * field names; its schema (`@agora/contracts/api`) reads the text of a form into each field's type.
 */
import { applyDecorators, UseInterceptors } from '@nestjs/common';
import { NoFilesInterceptor } from '@nestjs/platform-express';
import { ApiConsumes } from '@nestjs/swagger';

/**
 * A write taking JSON or multipart/form-data text fields (no files). Fields may hold up to 2 MB, more than the
 * other consultation forms, for imported GeoJSON (bounded to 1 MB by its own check); at most 100 fields.
 */
export const StructureFormBody = () =>
  applyDecorators(
    UseInterceptors(NoFilesInterceptor({ limits: { fieldSize: 2 * 1024 * 1024, fields: 100, files: 0 } })),
    ApiConsumes('application/json', 'multipart/form-data'),
  );
