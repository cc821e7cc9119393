import { AppError } from '@agora/common';

/** The refusals of an account's deletion (decision 0088). */
export const DeletionErrors = {
  unavailable: () =>
    new AppError('ACCOUNTS.DELETION_UNAVAILABLE', 503, 'consultation did not answer: nothing was deleted'),
  lastAdmin: () =>
    AppError.conflict(
      'ACCOUNTS.LAST_ADMIN_DELETE',
      'the last active administrator cannot delete their account',
    ),
  wrongConfirmation: () => AppError.badRequest('ACCOUNTS.WRONG_CONFIRMATION', 'the username does not match'),
};
