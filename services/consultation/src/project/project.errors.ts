import { AppError } from '@agora/common';

export const ProjectErrors = {
  notFound: () => AppError.notFound('project not found', 'CONSULTATION.PROJECT_NOT_FOUND'),
};
