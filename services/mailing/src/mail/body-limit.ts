import type { FactoryProvider } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { ExpressAdapter } from '@nestjs/platform-express';

export const JSON_BODY_LIMIT = Symbol('mailing.json-body-limit');

/**
 * A mail body may hold 100,000 characters (up to ~400 KB of UTF-8), above Nest's default JSON limit of 100 KB.
 * `createServiceApp` has no option for it, so this provider, built while the app is created and before `init()`,
 * installs the JSON parser itself with a larger limit; Nest then skips its own (it checks for a `jsonParser`).
 * Parse errors still reach the global error filter (413/400 as `{"Error"}`).
 */
export function jsonBodyLimitProvider(limit: string): FactoryProvider {
  return {
    provide: JSON_BODY_LIMIT,
    inject: [HttpAdapterHost],
    useFactory: (host: HttpAdapterHost) => {
      const adapter = host.httpAdapter;
      if (adapter instanceof ExpressAdapter) adapter.useBodyParser('json', false, { limit });
      return limit;
    },
  };
}
