import { ArgumentsHost, Catch, type ExceptionFilter } from '@nestjs/common';
import { AppError } from '@agora/common';
import type { ServiceErrorCode } from '@agora/contracts';
import type { Response } from 'express';

/** A field that breaks the scope's rules: `{"Error": <the rule's message>, "code", "field"}`. */
export class FieldError extends AppError {
  constructor(
    readonly field: string,
    status: number,
    message: string,
    code: ServiceErrorCode<'accounts'> = status === 409 ? 'ACCOUNTS.UNIQUE' : 'ACCOUNTS.INVALID_FIELD',
  ) {
    super(code, status, message);
  }
}

/** Too many attempts: 429 with `Retry-After` (seconds). */
export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('ACCOUNTS.RATE_LIMITED', 429, 'too many attempts, try again later');
  }
}

/**
 * Writes the two accounts errors that carry more than `{Error, code}`. Bound per controller with
 * `@UseFilters(AccountsErrorFilter)`; every other error falls through to the platform's global filter.
 */
@Catch(FieldError, RateLimitedError)
export class AccountsErrorFilter implements ExceptionFilter {
  catch(error: FieldError | RateLimitedError, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    if (res.headersSent) return;
    if (error instanceof RateLimitedError) {
      res.setHeader('Retry-After', String(error.retryAfterSeconds));
      res.status(429).json({ Error: error.message, code: error.code });
      return;
    }
    res.status(error.status).json({ Error: error.message, code: error.code, field: error.field });
  }
}

export const AccountsErrors = {
  loginNotConfigured: () =>
    new AppError(
      'ACCOUNTS.OAUTH_NOT_CONFIGURED',
      400,
      'this login provider has no credentials on the server',
    ),
  usernameExists: () => new FieldError('username', 409, 'username exists', 'ACCOUNTS.USERNAME_EXISTS'),
  valueExists: (field: string) => new FieldError(field, 409, 'This value already exists!'),
  notEditable: (field: string) =>
    new FieldError(field, 400, `${field} cannot be changed`, 'ACCOUNTS.NOT_EDITABLE'),
  registrationClosed: () => AppError.forbidden('action denied', 'ACCOUNTS.REGISTRATION_CLOSED'),
  ownActive: () => AppError.forbidden('action denied', 'ACCOUNTS.OWN_ACTIVE'),
  deleteSelf: () => AppError.forbidden('action denied', 'ACCOUNTS.DELETE_SELF'),
  lastAdmin: () => AppError.conflict('ACCOUNTS.LAST_ADMIN', 'the last administrator cannot be demoted'),
  wrongCurrentPassword: () =>
    new FieldError('password_current', 400, 'wrong credentials', 'ACCOUNTS.WRONG_CURRENT_PASSWORD'),
  passwordsDoNotMatch: () =>
    new FieldError('password_repeat', 400, 'passwords do not match', 'ACCOUNTS.PASSWORDS_DIFFER'),
  badLocation: () =>
    new FieldError('location', 400, 'invalid location (lat;lon)', 'ACCOUNTS.INVALID_LOCATION'),
};
