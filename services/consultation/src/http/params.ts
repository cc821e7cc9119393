import { Injectable, type PipeTransform } from '@nestjs/common';
import { AppError, parsePage } from '@agora/common';
import { UUID } from '@agora/contracts/api';

/** `@Param('page', PagePipe)`: a 1-based page number; absent → 1; anything else → 400 `REQUEST.PAGE`. */
@Injectable()
export class PagePipe implements PipeTransform<string | undefined, number> {
  transform(value: string | undefined): number {
    return parsePage(value);
  }
}

/** Parses a token (uuid) from the path; 400 `REQUEST.TOKEN` otherwise. Answers it lower-cased. */
export function parseToken(raw: string | undefined): string {
  if (raw === undefined || !UUID.test(raw)) throw AppError.badRequest('REQUEST.TOKEN', 'invalid token');
  return raw.toLowerCase();
}

/** `@Param('token', TokenPipe)`: see `parseToken`. */
@Injectable()
export class TokenPipe implements PipeTransform<string | undefined, string> {
  transform(value: string | undefined): string {
    return parseToken(value);
  }
}

/** `@Param('token', OptionalTokenPipe)` of a handler served with and without that segment: absent → undefined. */
@Injectable()
export class OptionalTokenPipe implements PipeTransform<string | undefined, string | undefined> {
  transform(value: string | undefined): string | undefined {
    return value === undefined ? undefined : parseToken(value);
  }
}
