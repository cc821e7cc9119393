import { Injectable, type PipeTransform } from '@nestjs/common';
import { THREAD_SCOPES, type ThreadScope } from '@agora/contracts';
import { ThreadErrors } from './thread.errors.js';

/** `{scope}/createThread/{token}`: scope project|node|attribute|variable (404 otherwise). */
export function parseThreadScope(raw: string): ThreadScope {
  if (!(THREAD_SCOPES as readonly string[]).includes(raw)) throw ThreadErrors.unknownScope();
  return raw as ThreadScope;
}

/** A thread id from the path: a positive whole number within Postgres' integer. */
export function parseThreadId(raw: string): number {
  if (!/^[1-9][0-9]{0,9}$/.test(raw) || Number(raw) > 2_147_483_647) throw ThreadErrors.badId();
  return Number(raw);
}

/** `@Param('scope', ThreadScopePipe)`: see `parseThreadScope` (checked before the body). */
@Injectable()
export class ThreadScopePipe implements PipeTransform<string, ThreadScope> {
  transform(value: string): ThreadScope {
    return parseThreadScope(value);
  }
}
