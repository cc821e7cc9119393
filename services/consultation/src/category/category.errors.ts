import { AppError } from '@agora/common';

export const CategoryErrors = {
  notFound: () => AppError.notFound('category not found', 'CONSULTATION.CATEGORY_NOT_FOUND'),
  /** 403: a participant acting in a category they are not enrolled in. */
  notEnrolled: () => AppError.forbidden('not enrolled in this category', 'CONSULTATION.NOT_ENROLLED'),
};
