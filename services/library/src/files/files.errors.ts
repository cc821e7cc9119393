import { AppError } from '@agora/common';

export const FilesErrors = {
  notFound: () => AppError.notFound('file not found', 'LIBRARY.FILE_NOT_FOUND'),
};
