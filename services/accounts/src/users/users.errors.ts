import { AppError } from '@agora/common';

export const UsersErrors = {
  wrongCredentials: () => new AppError('ACCOUNTS.WRONG_CREDENTIALS', 401, 'wrong credentials'),
  notFound: () => new AppError('ACCOUNTS.USER_NOT_FOUND', 404, 'user not found'),
  badSort: () => new AppError('ACCOUNTS.BAD_SORT', 400, 'invalid sort field'),
  badFilter: () => new AppError('ACCOUNTS.BAD_FILTER', 400, 'invalid filter'),
};
