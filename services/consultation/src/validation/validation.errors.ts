import { AppError } from '@agora/common';

export const ValidationErrors = {
  invalidField: (field: string, message: string) =>
    AppError.badRequest('CONSULTATION.INVALID_FIELD', `${field}: ${message}`),
  exists: (field: string) => AppError.conflict('CONSULTATION.EXISTS', `${field}: This value already exists!`),
  badParent: () =>
    AppError.badRequest('CONSULTATION.PARENT', 'parent: a token (uuid) is needed for this field'),
};
