import type { ErrorCode, FieldFailure } from '@agora/contracts';

/**
 * A failure that the client can act on: a namespaced code (`LIBRARY.NOT_AN_IMAGE`, one of `ERROR_CODES` of
 * `@agora/contracts`, so an unknown code is a type error), an HTTP status and the
 * message shown to people. The global filter writes it as `{"Error": message, "code": code}`, plus the members of
 * `failure` when one field broke one rule (`field`, `rule`, `values`), which a client translates.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    message: string,
    readonly failure?: FieldFailure,
  ) {
    super(message);
    this.name = 'AppError';
  }

  static badRequest(code: ErrorCode, message: string): AppError {
    return new AppError(code, 400, message);
  }
  static unauthorized(message = 'not logged in', code: ErrorCode = 'AUTH.UNAUTHORIZED'): AppError {
    return new AppError(code, 401, message);
  }
  static forbidden(message = 'action denied', code: ErrorCode = 'AUTH.FORBIDDEN'): AppError {
    return new AppError(code, 403, message);
  }
  static notFound(message = 'not found', code: ErrorCode = 'NOT_FOUND'): AppError {
    return new AppError(code, 404, message);
  }
  static conflict(code: ErrorCode, message: string): AppError {
    return new AppError(code, 409, message);
  }
}
