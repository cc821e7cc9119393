import type { LoggerService } from '@nestjs/common';
import type { Logger } from 'pino';

/** Nest passes the context (the class that logs) as the last extra argument, when it gives one. */
function split(params: unknown[]): { context?: string; rest: unknown[] } {
  const last = params.at(-1);
  return typeof last === 'string' && params.length > 0
    ? { context: last, rest: params.slice(0, -1) }
    : { rest: params };
}

/**
 * Nest's own log lines (a module that failed to start, an exception outside a request, a route being mapped) go
 * through the service's pino logger, as JSON lines with the request id and the trace like every other line,
 * instead of Nest's coloured console. Nest's chatty `log` (one line per mapped route at start) is pino's `debug`.
 */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  private write(level: 'fatal' | 'error' | 'warn' | 'debug' | 'trace', message: unknown, params: unknown[]) {
    const { context, rest } = split(params);
    const fields: Record<string, unknown> = context ? { context } : {};
    if (message instanceof Error) fields.err = message;
    // an error's extra argument is its stack (a string), or an object to log with it
    if (rest.length === 1 && typeof rest[0] === 'string') fields.stack = rest[0];
    else if (rest.length > 0) fields.details = rest;
    this.logger[level](fields, message instanceof Error ? message.message : String(message));
  }

  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }
  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }
  log(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }
}
