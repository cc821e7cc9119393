import { AppError } from '@agora/common';

export const ValidationErrors = {
  invalidField: (field: string, message: string) =>
    AppError.badRequest('CONSULTATION.INVALID_FIELD', `${field}: ${message}`),
  exists: (field: string) => AppError.conflict('CONSULTATION.EXISTS', `${field}: This value already exists!`),
  unknownScope: () => AppError.notFound('unknown validation scope', 'CONSULTATION.UNKNOWN_SCOPE'),
  unknownField: () => AppError.badRequest('CONSULTATION.UNKNOWN_FIELD', 'unknown field'),
  notUniqueField: () =>
    AppError.badRequest('CONSULTATION.NOT_UNIQUE_FIELD', 'this field is not checked for existence'),
  badParent: () =>
    AppError.badRequest('CONSULTATION.PARENT', 'parent: a token (uuid) is needed for this field'),
};
