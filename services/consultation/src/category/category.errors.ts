import { AppError } from '@agora/common';

export const CategoryErrors = {
  notFound: () => AppError.notFound('category not found', 'CONSULTATION.CATEGORY_NOT_FOUND'),
};
