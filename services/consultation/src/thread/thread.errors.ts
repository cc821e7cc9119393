import { AppError } from '@agora/common';

export const ThreadErrors = {
  unknownScope: () => AppError.notFound('unknown thread scope', 'CONSULTATION.THREAD_SCOPE'),
  itemNotFound: (scope: string) => AppError.notFound(`${scope} not found`, 'CONSULTATION.ITEM_NOT_FOUND'),
  exists: () => AppError.conflict('CONSULTATION.THREAD_EXISTS', 'this item already has a thread'),
  notFound: () => AppError.notFound('thread not found', 'CONSULTATION.THREAD_NOT_FOUND'),
  badId: () => AppError.badRequest('REQUEST.ID', 'invalid id'),
};
